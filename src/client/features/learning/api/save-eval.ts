// POST /api/save-eval: the course evaluation of a class (c) or a podcast episode (p).
import { postSaveEval } from '#shared/api/learning';
import type { BodyOf } from '#shared/api/endpoint';
import { call } from '../../../lib/api.ts';

export type Evaluation = BodyOf<typeof postSaveEval>['a'];

export const saveEvaluation = (item: { c: string } | { p: string }, a: Evaluation) => call(postSaveEval, { body: { ...item, a } });
