// Replays that change nothing (issues 16 and 21; docs/decisions/0020-idempotency.md).
// idempotency_keys: one row per (student, Idempotency-Key): the call, a keyed digest of its input, and the
// first answer once there is one. student_id is 0 for a call without a session: a unique index treats NULLs
// as distinct, and students are never deleted, so 0 names nobody. Only a hash of the key is kept, and the
// digest is keyed by the key itself, so the table says nothing about a body (a password) without the key.
// queue / podcast_queue: Watch Later by last writer wins. A removal keeps its row (removed_at set) so a
// late, older add can be told apart from a new one; changed_at is when the last applied action happened on
// the device ('' for rows from before, which any action then outranks).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    // 'POST queue-add': the same key on another call is refused, never answered with this call's answer
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    // the run that owns the row while it is in flight; null once answered
    .addColumn('claim', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('response', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('idempotency_keys_uq', ['student_id', 'key_hash'])
    .execute();
  // the retention job deletes by age
  await db.schema.createIndex('idempotency_keys_created_ix').on('idempotency_keys').column('created_at').execute();

  for (const table of ['queue', 'podcast_queue']) {
    // SQLite adds one column per ALTER TABLE
    await db.schema.alterTable(table).addColumn('changed_at', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable(table).addColumn('removed_at', 'text').execute();
    await sql`update ${sql.table(table)} set changed_at = created_at`.execute(db);
  }
}
