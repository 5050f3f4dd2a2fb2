// POST /api/hide-agd-reminder: the student asked not to be reminded to add an AGD member number.
import { postHideAgdReminder } from '#shared/api/account';
import { call } from '../../../lib/api.ts';

export const hideAgdReminder = () => call(postHideAgdReminder, { body: {} });
