// Opens the database the config names (embedded SQLite by default, PostgreSQL by DATABASE_URL)
// and brings its schema up to date. Everything else receives a ready Kysely<DB>.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, sql, type Migration, type SqliteDatabase } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from './schema.ts';
import { keepRecent } from '../recent.ts';
import { SqliteInTurns } from './sqlite-turns.ts';
import * as m0001 from './migrations/0001-initial.ts';
import * as m0002 from './migrations/0002-login-attempts.ts';
import * as m0003 from './migrations/0003-accounts.ts';
import * as m0004 from './migrations/0004-search-index.ts';
import * as m0005 from './migrations/0005-seat-reminders.ts';
import * as m0006 from './migrations/0006-exam-attempts.ts';
import * as m0007 from './migrations/0007-one-answer-each.ts';
import * as m0008 from './migrations/0008-accreditations.ts';
import * as m0009 from './migrations/0009-search-ebooks.ts';
import * as m0010 from './migrations/0010-listening.ts';
import * as m0011 from './migrations/0011-idempotency.ts';
import * as m0012 from './migrations/0012-survey-resumes.ts';
import * as m0013 from './migrations/0013-write-windows.ts';
import * as m0014 from './migrations/0014-licenses.ts';
import * as m0015 from './migrations/0015-marks-version.ts';
import * as m0016 from './migrations/0016-certificate-agd-number.ts';
import * as m0017 from './migrations/0017-session-replay.ts';
import * as m0018 from './migrations/0018-student-time-zone.ts';
import * as m0019 from './migrations/0019-certificate-completed-on.ts';
import * as m0020 from './migrations/0020-username-any-case.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  close(): Promise<void>;
}

type DialectMigration = { up(db: Kysely<any>, dialect: Dialect): Promise<void> };
const MIGRATIONS: Record<string, DialectMigration> = { '0001-initial': m0001, '0002-login-attempts': m0002, '0003-accounts': m0003, '0004-search-index': m0004, '0005-seat-reminders': m0005, '0006-exam-attempts': m0006, '0007-one-answer-each': m0007, '0008-accreditations': m0008, '0009-search-ebooks': m0009, '0010-listening': m0010, '0011-idempotency': m0011, '0012-survey-resumes': m0012, '0013-write-windows': m0013, '0014-licenses': m0014, '0015-marks-version': m0015, '0016-certificate-agd-number': m0016, '0017-session-replay': m0017, '0018-student-time-zone': m0018, '0019-certificate-completed-on': m0019, '0020-username-any-case': m0020 };

export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'sqlitePath'>): Promise<Database> {
  const plugins = [new CamelCasePlugin()];
  let db: Kysely<DB>;
  let dialect: Dialect;
  if (config.databaseUrl) {
    dialect = 'postgres';
    // count(*) and bigint come back as strings by default; ours always fit in a JS number
    pg.types.setTypeParser(20, (val) => Number(val));
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // an idle connection that drops (a restart, a failover) must not take the process down with it
    pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins });
  } else {
    dialect = 'sqlite';
    if (config.sqlitePath !== ':memory:') mkdirSync(path.dirname(config.sqlitePath), { recursive: true });
    const sqlite = new SQLite(config.sqlitePath);
    sqlite.pragma('journal_mode = WAL');
    // a seat, a pass or a certificate must survive a host crash (security.md)
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    db = new Kysely<DB>({ dialect: new SqliteInTurns(keepingStatements(sqlite)), plugins });
  }
  await migrate(db, dialect);
  return { db, dialect, close: () => db.destroy() };
}

/** statements kept per connection: every fixed query the app runs, with room for the filter combinations of the lists */
const KEPT_STATEMENTS = 500;

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles the SQL on each prepare: keep the compiled
 * statement by its text and run it again with the new parameters (docs/decisions/0025). Safe to share: Kysely
 * runs one query at a time on the one connection, and all() and run() finish before the next one starts.
 */
function keepingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let stmt = kept.get(text);
      if (stmt) return stmt;
      stmt = sqlite.prepare(text);
      keepRecent(kept, text, stmt, KEPT_STATEMENTS);
      return stmt;
    },
  };
}

export async function migrate(db: Kysely<DB>, dialect: Dialect): Promise<void> {
  const migrations: Record<string, Migration> = Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, mod]) => [name, { up: (raw: Kysely<any>) => mod.up(raw, dialect) }]),
  );
  const raw = db.withoutPlugins();
  // Kysely looks for its bookkeeping tables in every schema; name ours, so two databases that share
  // a PostgreSQL server through search_path (each test app has its own schema) never see each other's
  const schema = dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(raw)).rows[0]?.s : undefined;
  // migrations spell their own snake_case names, so they run without the camelCase plugin
  const migrator = new Migrator({ db: raw, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${(error as Error)?.message ?? error}`);
}
