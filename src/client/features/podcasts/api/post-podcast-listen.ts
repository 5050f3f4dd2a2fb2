// POST /api/podcast-listen: one batch of the listening record (heard ranges since the last batch and the last
// position). Safe to replay: the batch's `e` makes a second arrival a no-op (docs/decisions/0016-listening-record.md).
import { postPodcastListen } from '#shared/api/podcasts';
import type { HeardRange } from '#shared/domain/heard';
import { call } from '../../../lib/api.ts';

export interface ListenBatch {
  /** the episode's hash */
  p: string;
  /** the batch's id: a new UUID per batch, kept when the same batch is sent again */
  e: string;
  ranges: HeardRange[];
  /** seconds */
  position: number;
  /** when the position was true on this device (ISO); a batch that waited offline keeps its own time */
  at?: string;
}

export const sendListenBatch = (batch: ListenBatch) => call(postPodcastListen, { body: batch });
