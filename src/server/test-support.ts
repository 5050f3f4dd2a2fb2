// Builds the real app for route tests: the real migrations on SQLite :memory: (or a fresh PostgreSQL
// schema when TEST_DATABASE_URL is set), the demo pack imported, and a clock the test can move.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type BuiltApp } from './app.ts';
import { loadConfig, type Clock, type Config } from './config.ts';

export interface TestClock extends Clock {
  set(ms: number): void;
  advance(ms: number): void;
}

export const testClock = (start = Date.parse('2026-11-22T15:00:00.000Z')): TestClock => {
  let t = start;
  return { now: () => t, set: (ms) => void (t = ms), advance: (ms) => void (t += ms) };
};

export interface TestApp extends BuiltApp {
  clock: TestClock;
  config: Config;
  close(): Promise<void>;
}

/** A PostgreSQL schema of its own for each app, so test files never see each other's rows. */
async function freshPostgresUrl(base: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

export async function buildTestApp(overrides: Partial<Config> = {}, opts: { demo?: boolean } = {}): Promise<TestApp> {
  const clock = testClock();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ce-pass-test-'));
  const pgBase = process.env.TEST_DATABASE_URL;
  const pgDb = pgBase ? await freshPostgresUrl(pgBase) : null;
  const config = loadConfig(
    { DATA_DIR: dataDir, DATABASE_URL: pgDb ? pgDb.url : ':memory:', LOG_LEVEL: 'silent', PASSWORD_HASH_COST: '10', CLIENT_DIR: path.join(dataDir, 'no-client'), PUBLIC_URL: 'http://localhost:8080' },
    { clock, ...(opts.demo === false ? { demoPack: null } : {}), ...overrides },
  );
  const built = await buildApp(config);
  return {
    ...built,
    clock,
    config,
    close: async () => {
      await built.app.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const json = (res: { body: string }) => JSON.parse(res.body) as Record<string, any>;
