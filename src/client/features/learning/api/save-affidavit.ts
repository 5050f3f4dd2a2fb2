// POST /api/save-affidavit: the attendance confirmation of a live class.
import { postSaveAffidavit } from '#shared/api/learning';
import { submitStep } from '../../../lib/outbox/index.ts';

/** through the outbox (applied or pending) */
export const saveAffidavit = (c: string, attended: boolean) => submitStep(postSaveAffidavit, { c, attended }, 'Attendance');
