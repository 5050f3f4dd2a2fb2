// POST /api/mobilead-submit: asks the sponsor for the offer; without `e` the server uses the logged-in student's e-mail.
import { postMobileAdSubmit } from '#shared/api/ads';
import { call } from '../../../lib/api.ts';

export const submitMobileAd = (a: number, e?: string) => call(postMobileAdSubmit, { body: { a, e } });
