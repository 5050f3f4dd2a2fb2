// POST /api/save-eval: the course evaluation of a class (c) or a podcast episode (p).
import { postSaveEval } from '#shared/api/learning';
import type { BodyOf } from '#shared/api/endpoint';
import { submitStep } from '../../../lib/outbox/index.ts';

export type Evaluation = BodyOf<typeof postSaveEval>['a'];

/** through the outbox: saved on the device first, sent now or when the network is back (applied or pending) */
export const saveEvaluation = (item: { c: string } | { p: string }, a: Evaluation) => submitStep(postSaveEval, { ...item, a }, 'Course evaluation');
