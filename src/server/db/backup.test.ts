// Backups (issue 18): `npm run db:backup` takes a consistent copy while the server writes, and `db:restore` brings
// the database back to exactly that copy: every table compared row by row, and the restored server lets in the
// students of the copy and nobody registered after it. SQLite here; PostgreSQL in `npm run test:pg`.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { buildTestApp, createStudents, registrationForm, type TestApp } from '../test-support.ts';
import { backupPostgres, backupSqlite, checkSqlite, restorePostgres, restoreSqlite } from './backup.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let dir: string;
let t: TestApp;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ce-pass-backup-'));
  t = await buildTestApp(onPostgres ? {} : { sqlitePath: path.join(dir, 'ce-pass.sqlite') });
});
afterEach(async () => {
  await t.close().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

const schemaOf = (url: string) => /search_path=(\w+)/.exec(decodeURIComponent(url))?.[1];

const sorted = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();

/** every table's rows, in a stable order: what "the same database" means here */
async function contents(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  if (onPostgres) {
    const client = new pg.Client({ connectionString: t.config.databaseUrl! });
    await client.connect();
    try {
      const tables = await client.query<{ name: string }>(`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`);
      for (const { name } of tables.rows) out[name] = sorted((await client.query(`select * from "${name}"`)).rows);
    } finally {
      await client.end();
    }
    return out;
  }
  const db = new Database(t.config.sqlitePath, { readonly: true });
  try {
    const tables = db.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by 1`).all() as { name: string }[];
    for (const { name } of tables) out[name] = sorted(db.prepare(`select * from "${name}"`).all());
  } finally {
    db.close();
  }
  return out;
}

const backup = (file: string) => (onPostgres ? backupPostgres(t.config.databaseUrl!, file, schemaOf(t.config.databaseUrl!)) : backupSqlite(t.config.sqlitePath, file));
const restore = (file: string) => (onPostgres ? restorePostgres(file, t.config.databaseUrl!) : restoreSqlite(file, t.config.sqlitePath));
const logIn = (app: TestApp['app'], u: string) => app.inject({ method: 'POST', url: '/api/login', payload: { u, p: 'Secret.123' } });

describe(`a backup (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('taken by `npm run db:backup` while the server writes is whole, and holds a moment between before and after', async () => {
    const count = async () => (await t.database.db.selectFrom('students').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = Number(await count());
    const file = path.join(dir, onPostgres ? 'during.dump' : 'during.sqlite');
    let writing = true;
    const writes = (async () => {
      // (SQLite's driver answers in microtasks: the loop yields so the backup gets its turn, as requests would)
      while (writing) {
        await createStudents(t, 5, 'during');
        await new Promise((r) => setImmediate(r));
      }
    })();
    await new Promise((r) => setTimeout(r, 50));
    try {
      // the command itself, in its own process, as an operator runs it beside the server
      const database = onPostgres ? t.config.databaseUrl! : `sqlite:${t.config.sqlitePath}`;
      const { stdout } = await promisify(execFile)('npx', ['tsx', 'src/server/db/backup-cli.ts', 'backup', file], { env: { ...process.env, DATABASE_URL: database, DATA_DIR: dir } });
      expect(stdout).toContain(`to ${file}`);
    } finally {
      writing = false;
      await writes;
    }
    const after = Number(await count());
    expect(after).toBeGreaterThan(before);
    if (!onPostgres) {
      await checkSqlite(file);
      const copy = new Database(file, { readonly: true });
      const inCopy = (copy.prepare('select count(*) as n from students').get() as { n: number }).n;
      copy.close();
      expect(inCopy).toBeGreaterThanOrEqual(before);
      expect(inCopy).toBeLessThanOrEqual(after);
    }
  });

  it('restored, is the database as it was when taken: every table the same, and its students can log in', async () => {
    const register = (n: string) => t.app.inject({ method: 'POST', url: '/api/register', payload: registrationForm(n) });
    expect((await register('before')).statusCode).toBe(200);
    const file = path.join(dir, onPostgres ? 'backup.dump' : 'backup.sqlite');
    const atBackup = await contents();
    await backup(file);
    expect((await register('after')).statusCode).toBe(200);
    expect(await contents()).not.toEqual(atBackup);

    // (the server is stopped for a restore: SQLite's file is replaced under it)
    await t.app.close();
    await restore(file);
    expect(await contents()).toEqual(atBackup);

    const again = await buildApp(t.config);
    try {
      expect((await logIn(again.app, 'averybefore')).statusCode).toBe(200);
      expect((await logIn(again.app, 'averyafter')).statusCode).not.toBe(200);
    } finally {
      await again.app.close();
    }
  });

  it('never overwrites a file that is there', async () => {
    const file = path.join(dir, 'there.bin');
    await backup(file);
    await expect(backup(file)).rejects.toThrow(/exists already/);
  });
});
