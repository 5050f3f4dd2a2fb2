// GET /api/validate-email: whether an e-mail address is free; with a session the student's own counts as free.
import { getValidateEmail } from '#shared/api/session';
import { EMAIL_TAKEN } from '#shared/domain/registration';
import { apiQuery } from '../../../lib/query-client.ts';
import type { Check } from '../../../lib/use-form.ts';

export const emailCheck: Check = { query: (email) => apiQuery(getValidateEmail, { email }), taken: EMAIL_TAKEN };
