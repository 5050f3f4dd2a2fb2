// Backups (issue 18): a consistent copy of the database taken while the server runs, and the way back.
// SQLite: `VACUUM INTO` writes the database as one read transaction sees it (WAL included), while the server
// goes on writing (in WAL mode a reader blocks no writer); the online backup API was tried first and restarts
// on every write another connection makes, so under a steady write load it never ends. PostgreSQL:
// pg_dump's custom format (one snapshot of a transaction) and pg_restore. Uploaded files and media live beside
// the database (DATA_DIR); the storage interface of issue 18 will back them up with it.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';

const run = promisify(execFile);

/** a file name that sorts by time: ce-pass-2026-11-26T07-50-00Z.<ext> */
export const backupName = (now: Date, ext: string): string => `ce-pass-${now.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-')}.${ext}`;

/** copies the live SQLite database at `source` to `target` (a new file), readable while others write */
export async function backupSqlite(source: string, target: string): Promise<void> {
  if (existsSync(target)) throw new Error(`${target} exists already: a backup never overwrites one`);
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    db.prepare('VACUUM INTO ?').run(target);
  } finally {
    db.close();
  }
  await checkSqlite(target);
}

/** the copy is whole: SQLite's own integrity check, and the tables are there */
export async function checkSqlite(file: string): Promise<void> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`${file} failed SQLite's integrity check: ${String(result)}`);
  } finally {
    db.close();
  }
}

/**
 * puts the backup in place of the database at `target`, with the server stopped: the backup is checked, copied
 * next to the target and renamed over it (one step: never half a database), and the old WAL is removed so it
 * cannot be replayed onto the restored file
 */
export async function restoreSqlite(backup: string, target: string): Promise<void> {
  await checkSqlite(backup);
  const next = `${target}.restoring`;
  copyFileSync(backup, next);
  for (const side of ['-wal', '-shm']) rmSync(`${target}${side}`, { force: true });
  renameSync(next, target);
}

/** the URL as libpq reads it: its query percent-encoded (libpq takes a `+` literally, not as a space as node's pg does) */
const libpq = (url: string): string => {
  const u = new URL(url);
  u.search = [...u.searchParams].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return u.toString();
};

/** pg_dump's custom format of the database at `url` (or only its `schema`) into `target` */
export async function backupPostgres(url: string, target: string, schema?: string): Promise<void> {
  if (existsSync(target)) throw new Error(`${target} exists already: a backup never overwrites one`);
  await run('pg_dump', ['--format=custom', '--no-owner', ...(schema ? ['--schema', schema] : []), '--file', target, '--dbname', libpq(url)]);
}

/** the dump back into the database at `url`: what is there is replaced (its tables dropped first), in one transaction */
export async function restorePostgres(backup: string, url: string): Promise<void> {
  await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', '--dbname', libpq(url), path.resolve(backup)]);
}
