// POST /api/class-view: logs a view of an on-demand class or tutorial.
import { postClassView } from '#shared/api/classes';
import { call } from '../../../lib/api.ts';

export const logClassView = (c: string) => call(postClassView, { body: { c } });
