// Writes per student across processes (issue 18): the minute window of each student's POSTs lives in the
// database, so two or more server processes behind a load balancer hold a student to one limit, not one each.
// One row per student: when the window opened (ms) and the writes counted in it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('student_write_windows')
    .addColumn('student_id', 'integer', (c) => c.primaryKey())
    .addColumn('started_ms', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
}
