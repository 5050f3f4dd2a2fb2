// GET /api/validate-agd-number: whether an AGD member number is free; with a session the student's own counts as free.
import { getValidateAgdNumber } from '#shared/api/session';
import { AGD_TAKEN } from '#shared/domain/registration';
import { apiQuery } from '../../../lib/query-client.ts';
import type { Check } from '../../../lib/use-form.ts';

export const agdNumberCheck: Check = { query: (agdNumber) => apiQuery(getValidateAgdNumber, { agdNumber }), taken: AGD_TAKEN };
