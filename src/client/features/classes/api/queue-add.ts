// POST /api/queue-add: puts a class on the watch-later list.
import { postQueueAdd } from '#shared/api/classes';
import { call } from '../../../lib/api.ts';

export const addToQueue = (c: string) => call(postQueueAdd, { body: { c } });
