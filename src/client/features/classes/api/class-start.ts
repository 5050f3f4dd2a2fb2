// POST /api/class-start: logs the start of a live class and returns the meeting link.
import { postClassStart } from '#shared/api/classes';
import { call } from '../../../lib/api.ts';

export const startClass = (c: string) => call(postClassStart, { body: { c } });
