// SQLite's one connection taken in turn (sqlite-turns.ts): a query waits while a transaction holds it, never runs
// inside it, and those waiting get it in the order they asked; a transaction that fails lets the next one in. The
// PostgreSQL suite has a pool of connections and not this driver.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.ts';
import { writeTransaction } from './write-transaction.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, sqlitePath: ':memory:' });
  await sql`create table turns (n integer not null)`.execute(database.db);
});
afterAll(async () => database?.close());

const count = async () => Number((await sql<{ n: number }>`select count(*) as n from turns`.execute(database.db)).rows[0]!.n);

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('SQLite in turns', () => {
  it('a read asked while a transaction holds the connection waits for its commit, and the readers go in the order they asked', async () => {
    await sql`delete from turns`.execute(database.db);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const trx = writeTransaction(database.db, async (t) => {
      await sql`insert into turns (n) values (1)`.execute(t);
      inside();
      await gate;
      await sql`insert into turns (n) values (2)`.execute(t);
    });
    await started;
    const order: string[] = [];
    const reads = ['first', 'second', 'third'].map(async (name) => {
      const n = await count();
      order.push(name);
      return n;
    });
    // the readers are waiting, not reading the transaction's half-written rows
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);
    open();
    await trx;
    expect(await Promise.all(reads)).toEqual([2, 2, 2]);
    expect(order).toEqual(['first', 'second', 'third']);
  });

  it('a transaction that fails is rolled back and the next in line gets the connection', async () => {
    await sql`delete from turns`.execute(database.db);
    const failing = writeTransaction(database.db, async (t) => {
      await sql`insert into turns (n) values (1)`.execute(t);
      throw new Error('no');
    });
    const after = count();
    await expect(failing).rejects.toThrow('no');
    expect(await after).toBe(0);
  });

  it('50 at once each get their own answer', async () => {
    await sql`delete from turns`.execute(database.db);
    await sql`insert into turns (n) values (1), (2), (3)`.execute(database.db);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => sql<{ n: number }>`select ${i} + count(*) as n from turns`.execute(database.db)));
    expect(answers.map((a) => Number(a.rows[0]!.n))).toEqual(Array.from({ length: 50 }, (_, i) => i + 3));
  });
});
