// POST /api/remove-queue: takes a class, or a podcast episode, off the watch-later list.
import { postRemoveQueue } from '#shared/api/classes';
import { call } from '../../../lib/api.ts';

export const removeFromQueue = (c: string) => call(postRemoveQueue, { body: { c } });
export const removePodcastFromQueue = (p: string) => call(postRemoveQueue, { body: { p } });
