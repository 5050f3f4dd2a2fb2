// POST /api/save-sva-response: the answer to a sponsored video's offer (2 yes, 3 no).
import { postSaveSvaResponse } from '#shared/api/learning';
import { call } from '../../../lib/api.ts';

export const SVA_YES = 2;
export const SVA_NO = 3;

export const saveSvaResponse = (c: string, svaId: number, answer: typeof SVA_YES | typeof SVA_NO) => call(postSaveSvaResponse, { body: { c, v: svaId, e: answer } });
