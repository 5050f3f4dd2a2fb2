// Idempotency-Key on every POST, as a caller sees it (docs/decisions/0020-idempotency.md): a repeat gets the
// first answer and applies nothing (counted in the database), another body or call under the key is 422, a
// repeat while the first runs is 409, a fault (5xx) is not kept, keys are per student, malformed keys are 400,
// old answers are pruned; with copies racing in one process and in two processes on one database.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { allEndpoints } from '#shared/api/index';
import {
  IDEMPOTENCY_KEPT_MS,
  IDEMPOTENCY_KEY_IN_FLIGHT,
  IDEMPOTENCY_KEY_INVALID,
  IDEMPOTENCY_KEY_OTHER_BODY,
  IDEMPOTENCY_KEY_OTHER_CALL,
} from '#shared/api/idempotency';
import { buildApp } from '../app.ts';
import { isoAt } from '../clock.ts';
import { buildTestApp, createStudents, json, type TestApp } from '../test-support.ts';
import { NO_PODCAST } from '../modules/learning/course-gate.service.ts';
import { SERVER_ERROR_MSG } from './errors.ts';
import { hashToken } from './session.ts';

let t: TestApp;
type Student = Awaited<ReturnType<typeof createStudents>>[number];
/** released episodes: podcast-view on one is a play log, a row in view_events */
let episodes: { id: number; hash: string }[];

beforeAll(async () => {
  // a file, not :memory:, so a second server process can open the same SQLite database
  const sqlitePath = process.env.TEST_DATABASE_URL ? undefined : path.join(mkdtempSync(path.join(tmpdir(), 'ce-pass-idem-')), 'db.sqlite');
  t = await buildTestApp(sqlitePath ? { sqlitePath } : {});
  episodes = await t.database.db.selectFrom('podcasts').select(['id', 'hash']).where('releaseDate', '<=', new Date(t.clock.now()).toISOString()).orderBy('id').execute();
  expect(episodes.length).toBeGreaterThan(4);
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const post = (url: string, payload: object, opts: { cookie?: string; key?: string } = {}, app = t.app) =>
  app.inject({
    method: 'POST',
    url: `/api/${url}`,
    headers: { 'content-type': 'application/json', ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.key !== undefined ? { 'idempotency-key': opts.key } : {}) },
    payload,
  });
const plays = async (s: Student, podcastId: number) =>
  Number((await db().selectFrom('viewEvents').select((eb) => eb.fn.countAll().as('n')).where('studentId', '=', s.id).where('podcastId', '=', podcastId).where('kind', '=', 'play').executeTakeFirstOrThrow()).n);
const keysOf = (studentId: number) => db().selectFrom('idempotencyKeys').select(['statusCode', 'request']).where('studentId', '=', studentId).execute();
const replayed = (res: { headers: Record<string, unknown> }) => res.headers['idempotent-replayed'] === 'true';
/** a live session for a student, as login makes one: the cookie header */
async function sessionFor(studentId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = t.clock.now();
  await db().insertInto('sessions').values({ tokenHash: hashToken(token), studentId, createdAt: isoAt(now), lastSeenAt: isoAt(now), expiresAt: isoAt(now + 86_400_000), userAgent: null }).execute();
  return `sid=${token}`;
}

describe('Idempotency-Key', () => {
  it('a repeat gets the first answer, byte for byte, and plays once; without the key every call plays', async () => {
    const [s] = await createStudents(t, 1, 'idem-replay');
    const ep = episodes[0]!;
    const key = randomUUID();
    const first = await post('podcast-view', { p: ep.hash }, { cookie: s!.cookie, key });
    const again = await post('podcast-view', { p: ep.hash }, { cookie: s!.cookie, key });
    expect(first.statusCode).toBe(200);
    expect(replayed(first)).toBe(false);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(replayed(again)).toBe(true);
    expect(await plays(s!, ep.id)).toBe(1);

    // a queue add answers the same queue id and keeps one row
    const qk = randomUUID();
    const added = await post('queue-add', { p: ep.hash }, { cookie: s!.cookie, key: qk });
    const addedAgain = await post('queue-add', { p: ep.hash }, { cookie: s!.cookie, key: qk });
    expect(json(addedAgain)).toEqual(json(added));
    expect(json(added).queueId).toBeGreaterThan(0);
    expect(replayed(addedAgain)).toBe(true);
    expect(await db().selectFrom('podcastQueue').select('id').where('studentId', '=', s!.id).execute()).toHaveLength(1);

    // no header, no change: each call is a play
    await post('podcast-view', { p: ep.hash }, { cookie: s!.cookie });
    await post('podcast-view', { p: ep.hash }, { cookie: s!.cookie });
    expect(await plays(s!, ep.id)).toBe(3);
  });

  it('a refusal is kept too: the repeat answers the same 404 even once the episode is out; a new key runs', async () => {
    const [s] = await createStudents(t, 1, 'idem-refusal');
    const ep = episodes[1]!;
    const release = (await db().selectFrom('podcasts').select('releaseDate').where('id', '=', ep.id).executeTakeFirstOrThrow()).releaseDate;
    await db().updateTable('podcasts').set({ releaseDate: new Date(t.clock.now() + 3600_000).toISOString() }).where('id', '=', ep.id).execute();
    try {
      const key = randomUUID();
      const refused = await post('podcast-view', { p: ep.hash }, { cookie: s!.cookie, key });
      expect(refused.statusCode).toBe(404);
      expect(json(refused)).toEqual({ status: false, errorMsg: NO_PODCAST });
      await db().updateTable('podcasts').set({ releaseDate: release }).where('id', '=', ep.id).execute();

      const again = await post('podcast-view', { p: ep.hash }, { cookie: s!.cookie, key });
      expect(again.statusCode).toBe(404);
      expect(again.body).toBe(refused.body);
      expect(replayed(again)).toBe(true);
      expect(await plays(s!, ep.id)).toBe(0);

      const fresh = await post('podcast-view', { p: ep.hash }, { cookie: s!.cookie, key: randomUUID() });
      expect(fresh.statusCode).toBe(200);
      expect(await plays(s!, ep.id)).toBe(1);
    } finally {
      await db().updateTable('podcasts').set({ releaseDate: release }).where('id', '=', ep.id).execute();
    }
  });

  it('the same key with another body, or on another call, is 422 in plain words and applies nothing', async () => {
    const [s] = await createStudents(t, 1, 'idem-422');
    const [a, b] = episodes;
    const key = randomUUID();
    expect((await post('podcast-view', { p: a!.hash }, { cookie: s!.cookie, key })).statusCode).toBe(200);

    const otherBody = await post('podcast-view', { p: b!.hash }, { cookie: s!.cookie, key });
    expect(otherBody.statusCode).toBe(422);
    expect(json(otherBody)).toEqual({ status: false, errorMsg: IDEMPOTENCY_KEY_OTHER_BODY });
    const otherCall = await post('queue-add', { p: a!.hash }, { cookie: s!.cookie, key });
    expect(otherCall.statusCode).toBe(422);
    expect(json(otherCall)).toEqual({ status: false, errorMsg: IDEMPOTENCY_KEY_OTHER_CALL });

    expect(await plays(s!, a!.id)).toBe(1);
    expect(await plays(s!, b!.id)).toBe(0);
    expect(await db().selectFrom('podcastQueue').select('id').where('studentId', '=', s!.id).execute()).toHaveLength(0);
    // the key still answers its own request
    expect(replayed(await post('podcast-view', { p: a!.hash }, { cookie: s!.cookie, key }))).toBe(true);
  });

  it('a malformed key is 400 in plain words; an invalid body takes no key, so the corrected request runs', async () => {
    const [s] = await createStudents(t, 1, 'idem-400');
    const ep = episodes[0]!;
    for (const key of ['', 'short', 'has spaces in it', 'semi;colon-key', 'x'.repeat(101), 'ключ-ключ-ключ']) {
      const res = await post('podcast-view', { p: ep.hash }, { cookie: s!.cookie, key });
      expect(res.statusCode, key).toBe(400);
      expect(json(res)).toEqual({ status: false, errorMsg: IDEMPOTENCY_KEY_INVALID });
    }
    const key = `k${'0'.repeat(99)}`;
    const invalid = await post('podcast-view', { p: 'not a hash!' }, { cookie: s!.cookie, key });
    expect(invalid.statusCode).toBe(400);
    expect(await keysOf(s!.id)).toEqual([]);
    expect(await plays(s!, ep.id)).toBe(0);

    const ok = await post('podcast-view', { p: ep.hash }, { cookie: s!.cookie, key });
    expect(ok.statusCode).toBe(200);
    expect(replayed(ok)).toBe(false);
    expect(await plays(s!, ep.id)).toBe(1);
  });

  it('copies sent at once apply once: the others are told to wait (409, Retry-After: 1) or get the first answer', async () => {
    const [s] = await createStudents(t, 1, 'idem-race');
    const ep = episodes[2]!;
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => post('podcast-view', { p: ep.hash }, { cookie: s!.cookie, key })));
    expect(await plays(s!, ep.id)).toBe(1);
    const ran = answers.filter((r) => r.statusCode === 200 && !replayed(r));
    expect(ran).toHaveLength(1);
    for (const r of answers) {
      if (r.statusCode === 200) expect(r.body).toBe(ran[0]!.body);
      else {
        expect(r.statusCode).toBe(409);
        expect(r.headers['retry-after']).toBe('1');
        expect(json(r)).toEqual({ status: false, errorMsg: IDEMPOTENCY_KEY_IN_FLIGHT });
      }
    }
    // once it has answered, a late copy gets its answer
    const late = await post('podcast-view', { p: ep.hash }, { cookie: s!.cookie, key });
    expect(replayed(late)).toBe(true);
    expect(late.body).toBe(ran[0]!.body);
  });

  it('two server processes on one database apply copies of one request once', async () => {
    const other = await buildApp(t.config);
    try {
      const students = await createStudents(t, 3, 'idem-two');
      for (const [i, s] of students.entries()) {
        const ep = episodes[i]!;
        const key = randomUUID();
        const answers = await Promise.all(Array.from({ length: 6 }, (_, n) => post('podcast-view', { p: ep.hash }, { cookie: s.cookie, key }, n % 2 ? other.app : t.app)));
        expect(await plays(s, ep.id)).toBe(1);
        expect(answers.filter((r) => r.statusCode === 200 && !replayed(r))).toHaveLength(1);
        for (const r of answers) expect([200, 409]).toContain(r.statusCode);
        // the other process answers the repeat with the first answer
        const late = await post('podcast-view', { p: ep.hash }, { cookie: s.cookie, key }, other.app);
        expect(replayed(late)).toBe(true);
      }
    } finally {
      await other.app.close();
    }
  });

  it('a server fault (5xx) is not kept: the retry with the same key runs and applies once', async () => {
    const [s] = await createStudents(t, 1, 'idem-5xx');
    const ep = episodes[3]!;
    const key = randomUUID();
    // the play log's table is out of reach for a moment: the call fails inside, after taking its key
    await sql`alter table view_events rename to view_events_away`.execute(db());
    let failed;
    try {
      failed = await post('podcast-view', { p: ep.hash }, { cookie: s!.cookie, key });
    } finally {
      await sql`alter table view_events_away rename to view_events`.execute(db());
    }
    expect(failed.statusCode).toBe(500);
    expect(json(failed)).toEqual({ status: false, errorMsg: SERVER_ERROR_MSG });
    expect(await keysOf(s!.id)).toEqual([]);

    const retry = await post('podcast-view', { p: ep.hash }, { cookie: s!.cookie, key });
    expect(retry.statusCode).toBe(200);
    expect(replayed(retry)).toBe(false);
    expect(await plays(s!, ep.id)).toBe(1);
  });

  it("keys are per student: another student's same key runs for that student", async () => {
    const [a, b] = await createStudents(t, 2, 'idem-per-student');
    const ep = episodes[0]!;
    const key = randomUUID();
    const forA = await post('podcast-view', { p: ep.hash }, { cookie: a!.cookie, key });
    const forB = await post('podcast-view', { p: ep.hash }, { cookie: b!.cookie, key });
    expect([forA.statusCode, forB.statusCode]).toEqual([200, 200]);
    expect([replayed(forA), replayed(forB)]).toEqual([false, false]);
    expect([await plays(a!, ep.id), await plays(b!, ep.id)]).toEqual([1, 1]);
    // and B's differing body under the same key is B's own business: no 422 for A
    expect((await post('queue-add', { p: ep.hash }, { cookie: b!.cookie, key })).statusCode).toBe(422);
    expect(replayed(await post('podcast-view', { p: ep.hash }, { cookie: a!.cookie, key }))).toBe(true);
  });

  it('a call without a session is kept per key alone; a student using that key is apart from it', async () => {
    const [s] = await createStudents(t, 1, 'idem-anon');
    const key = randomUUID();
    const visits = async () => Number((await db().selectFrom('pageViews').select((eb) => eb.fn.countAll().as('n')).where('path', '=', '/idem-anon').executeTakeFirstOrThrow()).n);
    const first = await post('page-view', { path: '/idem-anon' }, { key });
    const again = await post('page-view', { path: '/idem-anon' }, { key });
    expect(first.statusCode).toBe(200);
    expect(replayed(again)).toBe(true);
    expect(await visits()).toBe(1);
    const asStudent = await post('page-view', { path: '/idem-anon' }, { cookie: s!.cookie, key });
    expect(replayed(asStudent)).toBe(false);
    expect(await visits()).toBe(2);
  });

  it('an answer that opens a session keeps whose session it was, never its cookie: the repeat answers it with a session of its own', async () => {
    const key = randomUUID();
    const login = () => post('login', { u: 'demostudent', p: 'ce-pass-demo' }, { key });
    const first = await login();
    const again = await login();
    expect([first.statusCode, replayed(first), again.statusCode, replayed(again), again.body]).toEqual([200, false, 200, true, first.body]);
    for (const res of [first, again]) expect(String(res.headers['set-cookie'])).toMatch(/^sid=[A-Za-z0-9_-]{20,}/);
    expect(again.headers['set-cookie']).not.toEqual(first.headers['set-cookie']);
    const [row] = await db().selectFrom('idempotencyKeys').selectAll().where('studentId', '=', 0).where('request', '=', 'POST login').execute();
    const demo = await db().selectFrom('students').select('id').where('username', '=', 'demostudent').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ statusCode: 200, sessionStudentId: demo.id });
    // no cookie anywhere in the table: only the answer's body, which the client already had once
    expect(JSON.stringify(row)).not.toContain(String(first.headers['set-cookie']).split(';')[0]!.slice(4));
  });

  it('a run left in flight by a process that died is taken over after a minute (and then runs again)', async () => {
    const [s] = await createStudents(t, 1, 'idem-crash');
    const ep = episodes[4]!;
    const key = randomUUID();
    expect((await post('podcast-view', { p: ep.hash }, { cookie: s!.cookie, key })).statusCode).toBe(200);
    // as if the process died after the play and before recording its answer
    await db().updateTable('idempotencyKeys').set({ statusCode: null, response: null, contentType: null, claim: 'dead-process' }).where('studentId', '=', s!.id).execute();
    const waiting = await post('podcast-view', { p: ep.hash }, { cookie: s!.cookie, key });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.headers['retry-after']).toBe('1');

    t.clock.advance(61_000);
    const taken = await post('podcast-view', { p: ep.hash }, { cookie: s!.cookie, key });
    expect(taken.statusCode).toBe(200);
    expect(replayed(taken)).toBe(false);
    // the window the decision record names: the effect and the record are not one transaction
    expect(await plays(s!, ep.id)).toBe(2);
    expect(replayed(await post('podcast-view', { p: ep.hash }, { cookie: s!.cookie, key }))).toBe(true);
  });

  it('answers are kept 30 days, then the retention job prunes them and the key runs again', async () => {
    const [s] = await createStudents(t, 1, 'idem-retain');
    const ep = episodes[0]!;
    const key = randomUUID();
    await post('podcast-view', { p: ep.hash }, { cookie: s!.cookie, key });
    t.clock.advance(IDEMPOTENCY_KEPT_MS - 60_000);
    await t.retention.runOnce();
    expect(await keysOf(s!.id)).toHaveLength(1);
    // the student's session has long expired by now: a new one, as a login would make
    expect(replayed(await post('podcast-view', { p: ep.hash }, { cookie: await sessionFor(s!.id), key }))).toBe(true);
    expect(await plays(s!, ep.id)).toBe(1);

    t.clock.advance(2 * 60_000);
    expect((await t.retention.runOnce()).idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(await keysOf(s!.id)).toEqual([]);
    const rerun = await post('podcast-view', { p: ep.hash }, { cookie: await sessionFor(s!.id), key });
    expect(rerun.statusCode).toBe(200);
    expect(replayed(rerun)).toBe(false);
    expect(await plays(s!, ep.id)).toBe(2);
  });

  it('every POST of the contract reads the header: a malformed key is 400, and a repeat answers as the first did', async () => {
    const posts = allEndpoints.filter((ep) => ep.method === 'POST');
    expect(posts.length).toBeGreaterThan(20);
    const students = await createStudents(t, posts.length, 'idem-walk');
    for (const [i, ep] of posts.entries()) {
      const cookie = students[i]!.cookie;
      const bad = await post(ep.path, {}, { cookie, key: 'bad key' });
      expect(bad.statusCode, ep.path).toBe(400);
      expect(json(bad), ep.path).toEqual({ status: false, errorMsg: IDEMPOTENCY_KEY_INVALID });

      const key = randomUUID();
      const first = await post(ep.path, {}, { cookie, key });
      const again = await post(ep.path, {}, { cookie, key });
      expect(first.statusCode, ep.path).not.toBe(422);
      expect(again.statusCode, `${ep.path}: ${again.body}`).toBe(first.statusCode);
      expect(again.body, ep.path).toBe(first.body);
      // kept: what ran and answered (not an invalid body, a fault, a wait-and-retry, or a new session)
      const kept = first.statusCode !== 400 && first.statusCode < 500 && first.statusCode !== 429 && first.headers['set-cookie'] === undefined;
      expect(replayed(again), ep.path).toBe(kept);
    }
  });
});
