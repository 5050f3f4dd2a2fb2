// POST /api/queue-add: puts a class, or a podcast episode, on the watch-later list.
import { postQueueAdd } from '#shared/api/classes';
import { call } from '../../../lib/api.ts';

export const addToQueue = (c: string) => call(postQueueAdd, { body: { c } });
/** an episode on Watch Later (decisions.md), so it follows the student to another device */
export const addPodcastToQueue = (p: string) => call(postQueueAdd, { body: { p } });
