// The time zone of the student's device, as it last reserved a seat (decision 0041): the seat e-mails and the
// reminders say a webinar's start in it (with UTC beside), where they said UTC alone. Null until then.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('students').addColumn('time_zone', 'text').execute();
}
