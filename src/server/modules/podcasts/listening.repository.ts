// SQL for the listening record (docs/decisions/0016-listening-record.md): one row per student and episode
// with the merged heard ranges and the last position, the ids of the listen batches already applied, and the
// "Continue listening" read. The rules (merging, played, which position wins) are listening.service.ts's.
import { sql, type Kysely } from 'kysely';
import type { HeardRange } from '#shared/domain/heard';
import type { DB } from '../../db/schema.ts';
import { isPostgres } from '../../db/search-index.ts';
import { podcastBase, podcastColumns, type PodcastRow } from '../catalog/catalog.repository.ts';
import type { Db } from '../learning/course.repository.ts';

export interface ListeningRecord {
  id: number;
  heard: HeardRange[];
  heardSec: number;
  position: number;
  /** when the position was true on the device; '' on a record created by this batch */
  positionAt: string;
  playedAt: string | null;
}

/** what a stored row says, in the service's words */
const toRecord = (r: { id: number; heard: string; heardSec: number; positionSec: number; positionAt: string; playedAt: string | null }): ListeningRecord => ({
  id: r.id,
  heard: JSON.parse(r.heard) as HeardRange[],
  heardSec: Number(r.heardSec),
  position: Number(r.positionSec),
  positionAt: r.positionAt,
  playedAt: r.playedAt,
});

const recordColumns = ['id', 'heard', 'heardSec', 'positionSec', 'positionAt', 'playedAt'] as const;

export type BatchClaim = 'new' | 'replay' | 'conflict';

export function listeningRepository(db: Kysely<DB>) {
  return {
    /** the episode's length in seconds, which bounds every range */
    async durationSec(q: Db, podcastId: number): Promise<number> {
      const row = await q.selectFrom('podcasts').select('durationSec').where('id', '=', podcastId).executeTakeFirstOrThrow();
      return row.durationSec;
    },

    async find(q: Db, studentId: number, podcastId: number): Promise<ListeningRecord | undefined> {
      const row = await q.selectFrom('listening').select(recordColumns).where('studentId', '=', studentId).where('podcastId', '=', podcastId).executeTakeFirst();
      return row && toRecord(row);
    },

    /**
     * Marks batch `e` applied, inside the write. 'new' the first time; 'replay' when the same batch came before
     * (same episode, same digest); 'conflict' when the id was used for something else. The unique index decides,
     * so two copies racing are one 'new' and one 'replay' (PostgreSQL makes the second wait for the first's commit).
     */
    async claimBatch(q: Db, b: { studentId: number; podcastId: number; e: string; digest: string; nowIso: string }): Promise<BatchClaim> {
      const inserted = await q
        .insertInto('listeningEvents')
        .values({ studentId: b.studentId, podcastId: b.podcastId, clientEventId: b.e, digest: b.digest, createdAt: b.nowIso })
        .onConflict((oc) => oc.columns(['studentId', 'clientEventId']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return 'new';
      const before = await q.selectFrom('listeningEvents').select(['podcastId', 'digest']).where('studentId', '=', b.studentId).where('clientEventId', '=', b.e).executeTakeFirstOrThrow();
      return before.podcastId === b.podcastId && before.digest === b.digest ? 'replay' : 'conflict';
    },

    /**
     * The record, created empty if the student has none, and held for this write: two batches of one episode
     * from two devices merge one after the other, never both from the same old ranges. SQLite's write
     * transaction already holds the one write lock; PostgreSQL locks the row.
     */
    async lock(q: Db, studentId: number, podcastId: number, nowIso: string): Promise<ListeningRecord> {
      await q
        .insertInto('listening')
        .values({ studentId, podcastId, heard: '[]', heardSec: 0, positionSec: 0, positionAt: '', playedAt: null, createdAt: nowIso, updatedAt: nowIso })
        .onConflict((oc) => oc.columns(['studentId', 'podcastId']).doNothing())
        .execute();
      if (isPostgres(db)) await sql`select id from listening where student_id = ${studentId} and podcast_id = ${podcastId} for update`.execute(q);
      const row = await q.selectFrom('listening').select(recordColumns).where('studentId', '=', studentId).where('podcastId', '=', podcastId).executeTakeFirstOrThrow();
      return toRecord(row);
    },

    async save(q: Db, r: ListeningRecord, nowIso: string): Promise<void> {
      await q
        .updateTable('listening')
        .set({ heard: JSON.stringify(r.heard), heardSec: r.heardSec, positionSec: r.position, positionAt: r.positionAt, playedAt: r.playedAt, updatedAt: nowIso })
        .where('id', '=', r.id)
        .execute();
    },

    /** "Continue listening": started (something heard or a position) and not played, released, newest listening first */
    async continueListening(studentId: number, nowIso: string, limit: number) {
      const rows = await podcastBase(db, studentId)
        .innerJoin('listening as l', (j) => j.onRef('l.podcastId', '=', 'p.id').on('l.studentId', '=', studentId))
        .select([...podcastColumns, 'l.heardSec', 'l.positionSec'])
        .where('l.playedAt', 'is', null)
        .where((eb) => eb.or([eb('l.heardSec', '>', 0), eb('l.positionSec', '>', 0)]))
        .where('p.releaseDate', '<=', nowIso)
        .orderBy('l.positionAt', 'desc')
        .orderBy('l.id', 'desc')
        .limit(limit)
        .execute();
      return rows as (PodcastRow & { heardSec: number; positionSec: number })[];
    },
  };
}

export type ListeningRepository = ReturnType<typeof listeningRepository>;
