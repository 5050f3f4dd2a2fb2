// Builds the real app for route tests: the real migrations on SQLite :memory: (or a fresh PostgreSQL
// schema when TEST_DATABASE_URL is set), the demo pack imported, and a clock the test can move.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type BuiltApp } from './app.ts';
import type { Clock } from './clock.ts';
import { loadConfig, type Config } from './config.ts';

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

/** the profile fields of a valid account (spec §5), unique by `n`: what the profile form saves */
export const profileForm = (n: string, name = 'avery') => ({
  title: 'Dr.',
  firstname: name.charAt(0).toUpperCase() + name.slice(1),
  lastname: 'Nguyen',
  jobTitle: 'Dental Hygienist',
  officeName: 'Bright Smiles',
  address: '12 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: 'US',
  phone: '2175550100',
  email: `${name}.${n}@example.com`,
  agdNumber: '',
  certYear: '2015',
  gender: 'F',
  ageRange: '35-44',
  officeSize: '2-5 providers',
});

/** a valid registration (spec §5) as POST /api/register takes it: username `${name}${n}`, password Secret.123 */
export const registrationForm = (n: string, name = 'avery') => ({
  ...profileForm(n, name),
  username: `${name}${n}`,
  password: 'Secret.123',
  password2: 'Secret.123',
  sourceHeard: 'Colleague',
});

/**
 * Students made directly in the database, each with a live session (security.md: tests that need many
 * students create them, rather than turning the register and login limits off). `cookie` is the header.
 */
export async function createStudents(t: TestApp, count: number, prefix = 'load'): Promise<{ id: number; hash: string; email: string; cookie: string }[]> {
  const { randomBytes } = await import('node:crypto');
  const { hashToken } = await import('./plugins/session.ts');
  const now = new Date(t.clock.now()).toISOString();
  const later = new Date(t.clock.now() + 7 * 86_400_000).toISOString();
  const out = [];
  for (let i = 0; i < count; i++) {
    const tag = `${prefix}${i}-${randomBytes(4).toString('hex')}`;
    const row = await t.database.db
      .insertInto('students')
      .values({
        hash: randomBytes(12).toString('base64url'),
        username: tag,
        passwordHash: '$scrypt$ln=10,r=8,p=1$AAAA$AAAA',
        title: 'Dr.',
        firstname: 'Load',
        lastname: `Student ${i}`,
        jobTitle: 'Dentist',
        officeName: 'Test Office',
        address: '1 Test St',
        city: 'Testville',
        state: 'IL',
        zip: '60601',
        country: 'US',
        phone: '3125550100',
        email: `${tag}@example.com`,
        email2: null,
        agdNumber: null,
        certYear: 2010,
        gender: 'F',
        ageRange: '35-44',
        officeSize: 'Solo practice',
        sourceHeard: null,
        consentRemovedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning(['id', 'hash', 'email'])
      .executeTakeFirstOrThrow();
    const token = randomBytes(32).toString('base64url');
    await t.database.db.insertInto('sessions').values({ tokenHash: hashToken(token), studentId: row.id, createdAt: now, lastSeenAt: now, expiresAt: later, userAgent: null }).execute();
    out.push({ ...row, cookie: `sid=${token}` });
  }
  return out;
}
