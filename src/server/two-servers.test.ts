// Several servers on one database (issue 18): two real server processes share one database (PostgreSQL in
// `npm run test:pg`, one SQLite file in `npm test`), as they would behind a load balancer with no sticky
// sessions. A session made on one works on the other and a logout on one ends it on both; an Idempotency-Key
// used on one is answered with the first answer on the other; a student's writes per minute are one limit
// across both; and mail committed by either is delivered exactly once although both deliver. Then the periodic
// jobs, run by both processes every 400 ms while the shared clock file moves their time ahead: each seat
// reminder goes out once, the retention job removes exactly what has expired, and neither process logs an error.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { IDEMPOTENCY_KEPT_MS } from '#shared/api/idempotency';
import { CLASS_TYPE } from '#shared/domain/constants';
import { startSmtpSink, type SmtpSink } from './mail/smtp-sink.ts';
import { errorLines, freePort, sharedDatabase, startServerProcess } from './server-process.test-support.ts';
import { registrationForm } from './test-support.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ce-pass-two-'));
const database = sharedDatabase(dataDir, 'two');
const LIMIT = 10;
const ports = [await freePort(), await freePort()];
while (ports[1] === ports[0]) ports[1] = await freePort();
const bases = ports.map((p) => `http://127.0.0.1:${p}`);

let sink: SmtpSink;
const servers: ChildProcess[] = [];
/** what each process logged at level error or above */
const errors: string[][] = [[], []];
// the servers' time: the machine's plus the milliseconds in this file, moved by the jobs' test
const clockFile = path.join(dataDir, 'clock-offset');
writeFileSync(clockFile, '0');
const JOBS_MS = 400;
const HOUR = 3600_000;

// (one PUBLIC_URL for both, as behind one load balancer: the Origin check and links name it)
const start = (port: number, n: 0 | 1) =>
  startServerProcess(
    port,
    { DATA_DIR: dataDir, DATABASE_URL: database.url, PUBLIC_URL: bases[0]!, SMTP_URL: sink.url, PASSWORD_HASH_COST: '10', RATE_WRITES_PER_STUDENT: String(LIMIT), CLOCK_OFFSET_FILE: clockFile, JOBS_INTERVAL_MS: String(JOBS_MS), LOG_LEVEL: 'error' },
    { output: errorLines(errors[n]!) },
  );

beforeAll(async () => {
  await database.create();
  sink = await startSmtpSink();
  // one after the other: the first migrates and imports the demo, the second finds it done
  servers.push(await start(ports[0]!, 0));
  servers.push(await start(ports[1]!, 1));
}, 120_000);
afterAll(async () => {
  for (const s of servers) s.kill('SIGKILL');
  await sink?.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const call = (server: 0 | 1, url: string, init: { body?: unknown; cookie?: string; key?: string } = {}) =>
  fetch(`${bases[server]}/api/${url}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json', origin: bases[0]! }), ...(init.cookie ? { cookie: init.cookie } : {}), ...(init.key ? { 'idempotency-key': init.key } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

async function student(n: string, on: 0 | 1) {
  const form = registrationForm(n);
  expect((await call(on, 'register', { body: form })).status).toBe(200);
  const login = await call(on, 'login', { body: { u: form.username, p: form.password } });
  expect(login.status).toBe(200);
  const { hash } = (await login.json()) as { hash: string };
  return { hash, email: form.email, cookie: /^(sid=[^;]*)/.exec(login.headers.get('set-cookie') ?? '')![1]! };
}

it(`${database.dialect}: a session, a key and a write limit hold across two server processes, and mail goes out once`, async () => {
  // a session made on one is good on the other; a logout on the other ends it everywhere
  const a = await student('twoa', 0);
  expect((await call(1, `student?s=${a.hash}`, { cookie: a.cookie })).status).toBe(200);

  // a key used on one is answered by the other with the first answer, applied once
  const key = '6f1c1c5e-4a43-4a7c-9d53-2d5b8a1e0c11';
  const add = { c: 'air-polishing-biofilm-removal', s: a.hash, at: Date.now() };
  const first = await call(0, 'queue-add', { body: add, cookie: a.cookie, key });
  const again = await call(1, 'queue-add', { body: add, cookie: a.cookie, key });
  expect(first.status).toBe(200);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(await again.text()).toBe(await first.text());

  // one limit of writes per minute for a student, whichever server takes them
  const b = await student('twob', 1);
  const statuses: number[] = [];
  for (let i = 0; i < LIMIT + 2; i++) statuses.push((await call((i % 2) as 0 | 1, 'hide-agd-reminder', { body: { s: b.hash }, cookie: b.cookie })).status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
  expect(statuses.slice(LIMIT)).toEqual([429, 429]);

  expect((await call(1, 'logout', { body: {}, cookie: a.cookie })).status).toBe(200);
  expect((await call(0, `student?s=${a.hash}`, { cookie: a.cookie })).status).toBe(401);

  // welcome mail committed on either server: each delivered once, though both servers deliver the outbox
  const more = await Promise.all([0, 1, 0, 1].map((on, i) => student(`twom${i}`, on as 0 | 1)));
  const welcomed = [a, b, ...more].map((s) => s.email);
  for (const to of welcomed) await sink.waitFor((m) => m.to === to, 20_000);
  await new Promise((r) => setTimeout(r, 1500));
  const delivered = sink.messages.filter((m) => welcomed.includes(m.to)).map((m) => m.to);
  expect(delivered.sort()).toEqual([...welcomed].sort());
}, 120_000);

it(`${database.dialect}: seat reminders, mail delivery and retention run by both processes: each reminder sent once, what expired removed, no error`, async () => {
  const { db, close } = await database.open();
  try {
    let offset = 0;
    /** both servers' time: now + ms (they read the file at most every 250 ms) */
    const moveTo = (serverTime: number) => {
      offset = serverTime - Date.now();
      writeFileSync(clockFile, String(offset));
    };
    const settle = () => new Promise((r) => setTimeout(r, 4 * JOBS_MS + 300));

    // two webinars of our own, 50 and 74 hours away, each seat reserved through one server or the other
    const base = await db.selectFrom('classes').selectAll().where('typeId', '=', CLASS_TYPE.LIVE).orderBy('id').executeTakeFirstOrThrow();
    const webinar = async (name: string, inHours: number) => {
      const { id: _id, hash: _hash, ...rest } = base;
      const startAt = Date.now() + inHours * HOUR;
      const release = new Date(startAt).toISOString();
      await db
        .insertInto('classes')
        .values({ ...rest, name, hash: `w${randomBytes(6).toString('hex')}`, capacity: 100, seatsTaken: 0, demoOffsetMin: null, releaseDate: release, endDate: new Date(startAt + HOUR).toISOString() })
        .execute();
      return { name, startAt, hash: (await db.selectFrom('classes').select('hash').where('name', '=', name).executeTakeFirstOrThrow()).hash };
    };
    const early = await webinar(`Two servers early ${randomBytes(3).toString('hex')}`, 50);
    const later = await webinar(`Two servers later ${randomBytes(3).toString('hex')}`, 74);
    const seated = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => student(`tworem${i}`, (i % 2) as 0 | 1)));
    for (const [i, s] of seated.entries())
      for (const w of [early, later]) expect((await call((i % 2) as 0 | 1, 'reserve-seat', { body: { c: w.hash, s: s.hash }, cookie: s.cookie })).status).toBe(200);

    const ours = new Set(seated.map((s) => s.email));
    const reminders = () =>
      sink.messages
        .filter((m) => ours.has(m.to) && m.subject.startsWith('Reminder: Two servers'))
        .map((m) => `${m.to} ${m.subject}`)
        .sort();
    const expected = (...due: [{ name: string }, string][]) => seated.flatMap((s) => due.map(([w, when]) => `${s.email} Reminder: ${w.name} starts in ${when}`)).sort();
    const arrived = async (want: string[]) => {
      const until = Date.now() + 20_000;
      while (reminders().length < want.length && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      // a few more passes of both processes: a second copy would arrive now
      await settle();
      expect(reminders()).toEqual(want);
    };

    // 23 hours before the early one: its 24-hour reminders, once per seat; the later one owes nothing yet
    moveTo(early.startAt - 23 * HOUR);
    await arrived(expected([early, '24 hours']));
    // half an hour before it: its 1-hour reminders
    moveTo(early.startAt - HOUR / 2);
    await arrived(expected([early, '24 hours'], [early, '1 hour']));
    // the server time jumps to half an hour before the later one: the 24-hour mail is past, only the 1-hour one goes
    moveTo(later.startAt - HOUR / 2);
    await arrived(expected([early, '24 hours'], [early, '1 hour'], [later, '1 hour']));
    const marks = await db.selectFrom('seats').innerJoin('classes', 'classes.id', 'seats.classId').select(['reminded24hAt', 'reminded1hAt']).where('classes.hash', 'in', [early.hash, later.hash]).execute();
    expect(marks).toHaveLength(12);
    expect(marks.every((m) => m.reminded24hAt !== null && m.reminded1hAt !== null)).toBe(true);

    // retention: a Watch Later removal, the Idempotency-Key of the first test, login attempts and sessions
    const keeper = seated[0]!;
    expect((await call(0, 'queue-add', { body: { c: 'fluoride-varnish-lifespan', s: keeper.hash, at: Date.now() + offset }, cookie: keeper.cookie })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    expect((await call(1, 'remove-queue', { body: { c: 'fluoride-varnish-lifespan', s: keeper.hash, at: Date.now() + offset }, cookie: keeper.cookie })).status).toBe(200);
    // (the retention passes so far, 74 hours on, already removed the login attempts of the first test: a new one)
    const form = registrationForm('tworem0');
    expect((await call(0, 'login', { body: { u: form.username, p: form.password } })).status).toBe(200);
    const count = async (table: 'sessions' | 'idempotencyKeys' | 'loginAttempts' | 'certificates' | 'seats') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const removals = () => db.selectFrom('queue').select('id').where('removedAt', 'is not', null).execute();
    const kept = () => db.selectFrom('queue').select('id').where('removedAt', 'is', null).orderBy('id').execute();
    const before = { keys: await count('idempotencyKeys'), attempts: await count('loginAttempts'), sessions: await count('sessions'), removals: (await removals()).length, kept: await kept(), seats: await count('seats'), certificates: await count('certificates') };
    expect(before.keys).toBeGreaterThan(0);
    expect(before.attempts).toBeGreaterThan(0);
    expect(before.removals).toBeGreaterThan(0);

    // a month and a day on: all of it has expired; a student who logs in now keeps a working session
    moveTo(Date.now() + offset + IDEMPOTENCY_KEPT_MS + 24 * HOUR);
    await settle();
    const login = await call(1, 'login', { body: { u: form.username, p: form.password } });
    expect(login.status).toBe(200);
    const fresh = /^(sid=[^;]*)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
    // the passes come every 400 ms; a busy machine may run them late
    const pruned = async () => (await count('idempotencyKeys')) === 0 && (await count('loginAttempts')) === 1 && (await count('sessions')) === 1 && (await removals()).length === 0;
    for (const until = Date.now() + 20_000; !(await pruned()) && Date.now() < until; ) await new Promise((r) => setTimeout(r, 200));
    await settle();
    expect(await count('idempotencyKeys')).toBe(0);
    expect(await count('loginAttempts')).toBe(1); // the login just made
    expect(await count('sessions')).toBe(1);
    expect(await removals()).toEqual([]);
    // what is not retention's to remove stays: Watch Later entries, seats
    expect(await kept()).toEqual(before.kept);
    expect(await count('seats')).toBe(before.seats);
    expect(await count('certificates')).toBe(before.certificates);
    for (const on of [0, 1] as const) expect((await call(on, `student?s=${keeper.hash}`, { cookie: fresh })).status).toBe(200);
    expect((await call(0, `student?s=${keeper.hash}`, { cookie: keeper.cookie })).status).toBe(401);

    expect(errors, 'lines logged at level error by each process').toEqual([[], []]);
  } finally {
    await close();
  }
}, 120_000);
