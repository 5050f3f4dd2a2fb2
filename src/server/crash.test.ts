// A crash under load (issue 18): the real server process is killed (SIGKILL) while students write — Watch Later
// adds, seat reservations and play logs, a few at a time — then started again on the same data. Each round: SQLite's
// integrity check passes, and every write the server acknowledged (answered 200, status true) is in the
// database. A write in flight at the kill may or may not be there; none acknowledged may be missing. On
// PostgreSQL (`npm run test:pg`) the same rounds, with every table read through after each crash.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServerProcess } from './server-process.test-support.ts';
import { registrationForm } from './test-support.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'ce-pass-crash-'));
const pgBase = process.env.TEST_DATABASE_URL;
const schema = `crash_${process.pid}`;
const pgUrl = (() => {
  if (!pgBase) return '';
  const u = new URL(pgBase);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
})();
const admin = async (sql: string) => {
  const c = new pg.Client({ connectionString: pgBase });
  await c.connect();
  await c.query(sql).finally(() => c.end());
};
beforeAll(async () => {
  if (pgBase) await admin(`create schema ${schema}`);
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (pgBase) await admin(`drop schema ${schema} cascade`);
});

const HELD = `select s.username, 'queue' as kind, c.hash from queue q join students s on s.id = q.student_id join classes c on c.id = q.class_id where q.removed_at is null
  union all select s.username, 'seat' as kind, c.hash from seats t join students s on s.id = t.student_id join classes c on c.id = t.class_id where t.status <> 'cancelled'
  union all select s.username, 'play' as kind, v.client_event_id from view_events v join students s on s.id = v.student_id where v.kind = 'play' and v.client_event_id is not null`;

/** after a crash: the database checks itself whole, and what it holds */
async function afterCrash(): Promise<Set<string>> {
  const key = (rows: object[]) => new Set(rows.map((r) => Object.values(r).join(' ')));
  if (pgBase) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      // (no amcheck for this role: every table and index of the schema is read through instead)
      const tables = await c.query<{ name: string }>(`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`);
      for (const { name } of tables.rows) await c.query(`select count(*) from "${name}"`);
      await c.query('reindex schema ' + schema);
      return key((await c.query(HELD)).rows);
    } finally {
      await c.end();
    }
  }
  const db = new Database(path.join(dataDir, 'ce-pass.sqlite'));
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    return key(db.prepare(HELD).all() as object[]);
  } finally {
    db.close();
  }
}

const pack = JSON.parse(readFileSync(path.join(root, 'content/demo/pack.json'), 'utf8')) as { classes: { hash: string; kind: string; release: { minutesFromNow?: number }; capacity?: number }[] };
const episodes = (JSON.parse(readFileSync(path.join(root, 'content/demo/podcasts.json'), 'utf8')) as { podcastShows: { episodes: { hash: string }[] }[] }).podcastShows.flatMap((s) => s.episodes.map((e) => e.hash));
const onDemand = pack.classes.filter((c) => c.kind !== 'live').map((c) => c.hash);
const webinars = pack.classes.filter((c) => c.kind === 'live' && (c.release.minutesFromNow ?? 0) > 24 * 60 && c.capacity === undefined).map((c) => c.hash);

const port = 43_000 + (process.pid % 2000);
const base = `http://127.0.0.1:${port}`;
const ROUNDS = 3;
const STUDENTS = 4;

const start = () =>
  startServerProcess(port, { DATA_DIR: dataDir, DATABASE_URL: pgUrl, PASSWORD_HASH_COST: '10', RATE_REGISTER_PER_IP: '1000', RATE_LOGIN_PER_IP: '1000', RATE_WRITES_PER_STUDENT: '100000' });

const post = (url: string, body: unknown, cookie = '') =>
  fetch(`${base}/api/${url}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, cookie }, body: JSON.stringify(body) });

interface Student {
  username: string;
  hash: string;
  cookie: string;
}
/** what the server acknowledged: `${username} ${kind} ${class hash}` */
const acknowledged = new Set<string>();

async function writeUntilKilled(s: Student, round: number, stop: () => boolean): Promise<void> {
  for (let i = 0; !stop(); i++) {
    // Watch Later adds, a seat reservation, a play log (its event id is what the database keeps)
    const kind = (['queue', 'queue', 'seat', 'play'] as const)[i % 4]!;
    const e = randomUUID();
    const [url, body, what] =
      kind === 'queue'
        ? (() => {
            const c = onDemand[(round * 17 + i) % onDemand.length]!;
            return ['queue-add', { c, s: s.hash, at: Date.now() }, c] as const;
          })()
        : kind === 'seat'
          ? (() => {
              const c = webinars[(round * 5 + i) % webinars.length]!;
              return ['reserve-seat', { c, s: s.hash }, c] as const;
            })()
          : (['podcast-view', { p: episodes[(round * 7 + i) % episodes.length]!, s: s.hash, e }, e] as const);
    const answer = await post(url, body, s.cookie).then(
      async (r) => (r.ok ? ((await r.json()) as { status: boolean }) : null),
      () => null,
    );
    if (answer?.status) acknowledged.add(`${s.username} ${kind} ${what}`);
  }
}

it(`SIGKILL under a write load, ${ROUNDS} rounds: the database is whole and no acknowledged write is lost`, async () => {
  let server = await start();
  const students: Student[] = [];
  for (let n = 0; n < STUDENTS; n++) {
    const form = registrationForm(`crash${n}`);
    expect((await post('register', form)).ok).toBe(true);
    const login = await post('login', { u: form.username, p: form.password });
    const { hash } = (await login.json()) as { hash: string };
    students.push({ username: form.username, hash, cookie: /^(sid=[^;]*)/.exec(login.headers.get('set-cookie') ?? '')![1]! });
  }
  try {
    for (let round = 0; round < ROUNDS; round++) {
      let killed = false;
      const load = Promise.all(students.map((s) => writeUntilKilled(s, round, () => killed)));
      await new Promise((r) => setTimeout(r, 1200 + round * 300));
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGKILL');
      killed = true;
      await load;
      await exited;

      const held = await afterCrash();
      const lost = [...acknowledged].filter((w) => !held.has(w));
      expect(lost, `round ${round + 1}: acknowledged writes missing after the crash`).toEqual([]);
      server = await start();
    }
    const byKind = (k: string) => [...acknowledged].filter((w) => w.split(' ')[1] === k).length;
    for (const k of ['queue', 'seat', 'play']) expect(byKind(k), k).toBeGreaterThan(ROUNDS);
    console.log(`crash test (${pgBase ? 'PostgreSQL' : 'SQLite'}): ${ROUNDS} SIGKILL rounds, ${acknowledged.size} acknowledged writes (${byKind('queue')} Watch Later, ${byKind('seat')} seats, ${byKind('play')} plays), 0 lost`);
  } finally {
    server.kill('SIGKILL');
  }
}, 180_000);
