// Accounts (issue 3): which student and which kind of mail an outbox row is, for the per-account limits
// (recover 3 an hour, Proof of CE 5 a day, security.md) and to find a student's tokens fast.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('email_outbox').addColumn('student_id', 'integer', (c) => c.references('students.id')).execute();
  await db.schema.alterTable('email_outbox').addColumn('kind', 'text').execute();
  await db.schema.createIndex('email_outbox_kind_ix').on('email_outbox').columns(['student_id', 'kind', 'created_at']).execute();
  await db.schema.createIndex('auth_tokens_student_ix').on('auth_tokens').columns(['student_id', 'purpose', 'created_at']).execute();
}
