// A transaction that writes under contention (security.md "Data integrity"). SQLite: BEGIN IMMEDIATE on
// the one connection, so the write lock is taken up front and a second process waits its busy timeout
// instead of failing with "database is locked" on a read-then-write upgrade (Kysely's own transaction()
// always issues a plain BEGIN, kysely#1152). PostgreSQL: Kysely's transaction at READ COMMITTED, retried
// on serialization failure or deadlock (40001, 40P01).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from './schema.ts';
import { isPostgres } from './search-index.ts';

const RETRIES = 5;

export async function writeTransaction<T>(db: Kysely<DB>, fn: (trx: Kysely<DB> | Transaction<DB>) => Promise<T>): Promise<T> {
  if (isPostgres(db)) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction().execute(fn);
      } catch (err) {
        const code = (err as { code?: string }).code;
        if ((code !== '40001' && code !== '40P01') || attempt >= RETRIES) throw err;
        await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 10));
      }
    }
  }
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn);
      throw err;
    }
  });
}
