// The listening record's rules (docs/decisions/0016-listening-record.md): a batch of heard ranges is checked
// against the episode, merged into the student's heard ranges once (its event id), and its position kept when
// it is the newest; the record answers the heard share, the last position and played.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Listening, ListeningItem } from '#shared/api/podcasts';
import { heardSeconds, heardShareOf, isPlayed, mergeHeard, type HeardRange } from '#shared/domain/heard';
import { isoAt, type Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { writeTransaction } from '../../db/write-transaction.ts';
import { HttpError } from '../../plugins/contract.ts';
import { toPodcastItem } from '../catalog/catalog.repository.ts';
import { listeningRepository } from './listening.repository.ts';

/**
 * how far past the episode's stated duration a range or position may end: the content pack's duration and the
 * audio file's own can differ by some seconds. What lies beyond the episode is clipped before it is counted.
 */
export const END_SLACK_SECONDS = 30;
/** rows of "Continue listening" */
export const CONTINUE_LISTENING_ROWS = 10;
export const EVENT_REUSED = 'This event id was already used for another batch.';

export interface ListenBatch {
  e: string;
  ranges: HeardRange[];
  position: number;
  /** when the position was true on the device (ISO); the server's now when absent */
  at?: string | undefined;
}

/** the record as the contract answers it; no record is nothing heard, position 0 */
export function listeningOf(r: { heardSec: number; position: number; playedAt: string | null } | undefined, durationSec: number): Listening {
  if (!r) return { heardShare: 0, position: 0, played: false };
  return { heardShare: heardShareOf(r.heardSec, durationSec), position: Math.min(r.position, durationSec), played: r.playedAt !== null };
}

export function listeningService(db: Kysely<DB>, opts: { clock: Clock }) {
  const repo = listeningRepository(db);

  /** 400 for a batch that cannot be about this episode: the contract checked the shape, this the length */
  function refuseBeyond(batch: ListenBatch, durationSec: number): void {
    const limit = durationSec + END_SLACK_SECONDS;
    const i = batch.ranges.findIndex(([, to]) => to > limit);
    if (i >= 0) throw new HttpError(400, `ranges.${i} must end within the episode (${durationSec} s)`);
    if (batch.position > limit) throw new HttpError(400, `position must be within the episode (${durationSec} s)`);
  }

  return {
    /**
     * Applies one batch, at most once per event id. A replay changes nothing and answers the record as it
     * stands; the same id with another episode or other ranges is 422 (a client bug, never silently merged).
     */
    async record(studentId: number, podcastId: number, batch: ListenBatch): Promise<Listening> {
      const now = opts.clock.now();
      const nowIso = isoAt(now);
      // a device clock ahead of the server's cannot pin its position over everyone's later ones
      const at = batch.at ? isoAt(Math.min(Date.parse(batch.at), now)) : nowIso;
      const digest = createHash('sha256').update(JSON.stringify([batch.ranges, batch.position, batch.at ?? null])).digest('base64url');
      return writeTransaction(db, async (trx) => {
        const durationSec = await repo.durationSec(trx, podcastId);
        refuseBeyond(batch, durationSec);
        const claim = await repo.claimBatch(trx, { studentId, podcastId, e: batch.e, digest, nowIso });
        if (claim === 'conflict') throw new HttpError(422, EVENT_REUSED);
        if (claim === 'replay') return listeningOf(await repo.find(trx, studentId, podcastId), durationSec);

        const r = await repo.lock(trx, studentId, podcastId, nowIso);
        const heard = mergeHeard([...r.heard, ...batch.ranges], durationSec);
        const heardSec = heardSeconds(heard);
        // the newest position wins, by when it was true on the device: a batch that waited offline is older
        const newer = at >= r.positionAt;
        const next = {
          ...r,
          heard,
          heardSec,
          position: newer ? Math.min(batch.position, durationSec) : r.position,
          positionAt: newer ? at : r.positionAt,
          // played stays played: hearing it again, or a position back at 0, takes nothing away
          playedAt: r.playedAt ?? (isPlayed(heardSec, durationSec) ? nowIso : null),
        };
        await repo.save(trx, next, nowIso);
        return listeningOf(next, durationSec);
      });
    },

    async continueListening(studentId: number): Promise<ListeningItem[]> {
      const rows = await repo.continueListening(studentId, isoAt(opts.clock.now()), CONTINUE_LISTENING_ROWS);
      return rows.map((r) => {
        const { heardShare, position } = listeningOf({ heardSec: r.heardSec, position: r.positionSec, playedAt: null }, r.durationSec);
        return { ...toPodcastItem(r), heardShare, position };
      });
    },
  };
}

export type ListeningService = ReturnType<typeof listeningService>;
