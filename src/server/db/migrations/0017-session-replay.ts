// A call that opened a session (login, login-link, register) and whose answer was lost on the way: its repeat with
// the same Idempotency-Key and input opens a session again for the student the first run found or made, instead of
// running again (a spent login link would say it is invalid, a registration that the username is taken; decision
// 0039). The row keeps that student; the cookie itself is still never stored.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('session_student_id', 'integer').execute();
}
