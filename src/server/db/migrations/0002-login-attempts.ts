// Login attempts, for the throttles of security.md: failures per account and IP, attempts per IP.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('login_attempts')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    // the username as typed, lower-cased: an unknown account is throttled like a real one
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('succeeded', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_account_ix').on('login_attempts').columns(['account', 'ip', 'created_at']).execute();
  await db.schema.createIndex('login_attempts_ip_ix').on('login_attempts').columns(['ip', 'created_at']).execute();
}
