// POST /api/save-sva-response: the answer to a sponsored video's offer (2 yes, 3 no).
import { postSaveSvaResponse } from '#shared/api/learning';
import { submitStep } from '../../../lib/outbox/index.ts';

export const SVA_YES = 2;
export const SVA_NO = 3;

/** through the outbox (applied or pending) */
export const saveSvaResponse = (c: string, svaId: number, answer: typeof SVA_YES | typeof SVA_NO) =>
  submitStep(postSaveSvaResponse, { c, v: svaId, e: answer }, 'Sponsored video answer');
