// Seats and the waitlist (security.md "Data integrity"). For every webinar, always:
//   - confirmed seats ≤ capacity (classes.seats_taken, with a CHECK constraint behind it);
//   - a student holds at most one active seat or waitlist place (a partial unique index);
//   - the waitlist is served first come, first served (seats.id order);
//   - a confirmed seat that is cancelled goes to the head of the waitlist in the same transaction.
// The capacity check is the write itself: UPDATE … SET seats_taken = seats_taken + 1 WHERE seats_taken <
// capacity, one row confirmed, none waitlisted, inside one write transaction with the seat row.
import { sql, type Kysely, type Transaction } from 'kysely';
import { CANCELLED, type DB } from '../../db/schema.ts';
import { randomHash } from '../../db/ids.ts';
import { isPostgres } from '../../db/search-index.ts';
import { writeTransaction } from '../../db/write-transaction.ts';
import { nowIso } from '../../clock.ts';

export interface SeatResult {
  attendeeId: number;
  isWaiting: boolean;
  cancelCode: string;
  /** false when the student already held this seat or place (nothing changed) */
  created: boolean;
}

export interface CancelResult {
  classId: number;
  /** what the cancelled row was ('cancelled': released before, by this code; nothing changed now) */
  was: 'reserved' | 'waiting' | 'cancelled';
  /** the waitlisted student who got the freed seat, if any */
  promotedSeatId: number | null;
}

type Db = Kysely<DB> | Transaction<DB>;

const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: string }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

export function seatService(db: Kysely<DB>, opts: { now: () => number }) {
  const activeSeat = (q: Db, classId: number, studentId: number) =>
    q.selectFrom('seats').select(['id', 'status', 'cancelCode']).where('classId', '=', classId).where('studentId', '=', studentId).where('status', '<>', CANCELLED).executeTakeFirst();

  /** on PostgreSQL every seat change of one webinar queues behind the webinar's row; SQLite's BEGIN IMMEDIATE already serialises */
  const lockWebinar = async (trx: Db, classId: number) => {
    if (isPostgres(db)) await sql`select id from classes where id = ${classId} for update`.execute(trx);
  };

  return {
    /**
     * A seat if one is free, else the end of the waitlist. Asking again returns what the student holds.
     * `onChange` runs inside the transaction when a seat or place was created (the outbox mail).
     */
    async reserve(classId: number, studentId: number, onChange?: (trx: Db, seat: SeatResult) => Promise<void>, cancelCode = randomHash(18)): Promise<SeatResult> {
      const held = await activeSeat(db, classId, studentId);
      if (held) return { attendeeId: held.id, isWaiting: held.status === 'waiting', cancelCode: held.cancelCode, created: false };
      try {
        return await writeTransaction(db, async (trx) => {
          // the capacity check is this write: it takes a seat only while one is free
          const took = await trx
            .updateTable('classes')
            .set((eb) => ({ seatsTaken: eb('seatsTaken', '+', 1) }))
            .where('id', '=', classId)
            .where((eb) => eb.or([eb('capacity', 'is', null), eb('seatsTaken', '<', eb.ref('capacity'))]))
            .executeTakeFirst();
          const status = Number(took.numUpdatedRows) === 1 ? 'reserved' : 'waiting';
          const { id } = await trx
            .insertInto('seats')
            .values({ classId, studentId, status, cancelCode, createdAt: nowIso(opts), updatedAt: nowIso(opts) })
            .returning('id')
            .executeTakeFirstOrThrow();
          const seat = { attendeeId: id, isWaiting: status === 'waiting', cancelCode, created: true };
          await onChange?.(trx, seat);
          return seat;
        });
      } catch (err) {
        // a second request of the same student raced this one: the unique index kept one, which is the answer
        if (!isUniqueViolation(err)) throw err;
        const seat = await activeSeat(db, classId, studentId);
        if (!seat) throw err;
        return { attendeeId: seat.id, isWaiting: seat.status === 'waiting', cancelCode: seat.cancelCode, created: false };
      }
    },

    /**
     * Cancels the seat or place a cancel code names; a freed confirmed seat goes to the head of the
     * waitlist in the same transaction. null when the code names no seat. Releasing a seat released before
     * changes nothing and says so (`was: 'cancelled'`): a second tap, or a retry whose first answer was lost.
     */
    async cancel(code: string, onPromoted?: (trx: Db, seatId: number) => Promise<void>): Promise<CancelResult | null> {
      const seat = await db.selectFrom('seats').select(['id', 'classId']).where('cancelCode', '=', code).executeTakeFirst();
      if (!seat) return null;
      return writeTransaction(db, async (trx) => {
        await lockWebinar(trx, seat.classId);
        const current = await trx.selectFrom('seats').select('status').where('id', '=', seat.id).executeTakeFirstOrThrow();
        if (current.status === 'cancelled') return { classId: seat.classId, was: 'cancelled', promotedSeatId: null };
        await trx.updateTable('seats').set({ status: 'cancelled', updatedAt: nowIso(opts) }).where('id', '=', seat.id).execute();
        if (current.status === 'waiting') return { classId: seat.classId, was: 'waiting', promotedSeatId: null };
        const head = await trx.selectFrom('seats').select('id').where('classId', '=', seat.classId).where('status', '=', 'waiting').orderBy('id').limit(1).executeTakeFirst();
        if (head) {
          // the seat changes hands: seats_taken stays as it is
          await trx.updateTable('seats').set({ status: 'reserved', updatedAt: nowIso(opts) }).where('id', '=', head.id).execute();
          await onPromoted?.(trx, head.id);
        } else {
          await trx
            .updateTable('classes')
            .set((eb) => ({ seatsTaken: eb('seatsTaken', '-', 1) }))
            .where('id', '=', seat.classId)
            .execute();
        }
        return { classId: seat.classId, was: 'reserved', promotedSeatId: head?.id ?? null };
      });
    },
  };
}

export type SeatService = ReturnType<typeof seatService>;
