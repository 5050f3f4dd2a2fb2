// How many POSTs to 'student' calls one student may make per minute (views, play logs, exam attempts,
// evaluations, mail requests…): a runaway client or a script holding a session cannot grow the tables or the
// outbox without bound. The window is counted in the database (migration 0013), so several server processes on
// one database hold a student to one limit (issue 18); one upsert per write, atomic on SQLite and PostgreSQL.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export const TOO_MANY_WRITES = 'Too many requests.  Try again in a few minutes.';
const MINUTE = 60_000;

/**
 * A fixed one-minute window per student, opened by the first write after the last one ended. Counts this write
 * and returns the seconds to wait when it is over the limit, else null.
 */
export function studentWriteLimit(db: Kysely<DB>, max: number, now: () => number) {
  return async (studentId: number): Promise<number | null> => {
    const t = now();
    // (on conflict the right-hand sides read the row as it was: the window goes on, or a new one opens at t; a
    // window that opens in the future is a clock set back, and starts over too)
    const goesOn = sql`student_write_windows.started_ms > ${t - MINUTE} and student_write_windows.started_ms <= ${t}`;
    const { rows } = await sql<{ count: number; startedMs: number | string }>`
      insert into student_write_windows (student_id, started_ms, count) values (${studentId}, ${t}, 1)
      on conflict (student_id) do update set
        count = case when ${goesOn} then student_write_windows.count + 1 else 1 end,
        started_ms = case when ${goesOn} then student_write_windows.started_ms else excluded.started_ms end
      returning count, started_ms`.execute(db);
    const row = rows[0]!;
    return row.count > max ? Math.max(1, Math.ceil((Number(row.startedMs) + MINUTE - t) / 1000)) : null;
  };
}
