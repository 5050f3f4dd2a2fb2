// The retention job: what it prunes (expired or idle sessions, used or expired links, login attempts
// older than a day), what it never touches (credit records), and two processes running it at once.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { isoAt } from '../../clock.ts';
import { openDatabase } from '../../db/database.ts';
import { hashToken } from '../../plugins/session.ts';
import { buildTestApp, createStudents, json, type TestApp } from '../../test-support.ts';
import { issueToken } from '../auth/tokens.ts';
import { startRetention } from './retention.ts';

const DAY = 24 * 3600_000;
let t: TestApp;
beforeAll(async () => {
  // a file, not :memory:, so a second connection (the "other process") sees the same SQLite database
  const sqlitePath = process.env.TEST_DATABASE_URL ? undefined : path.join(mkdtempSync(path.join(tmpdir(), 'ce-pass-retention-')), 'db.sqlite');
  t = await buildTestApp(sqlitePath ? { sqlitePath } : {});
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const count = async (table: 'certificates' | 'gradebook' | 'evaluations' | 'examAttempts' | 'surveyResponses' | 'svaResponses' | 'viewEvents' | 'students') =>
  Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const spyLog = () => ({ error: vi.fn(), info: vi.fn(), warn: vi.fn(), debug: vi.fn() }) as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };

async function session(studentId: number, created: number, lastSeen: number, expires: number): Promise<string> {
  const token = `retention-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
  await db().insertInto('sessions').values({ tokenHash: hashToken(token), studentId, createdAt: isoAt(created), lastSeenAt: isoAt(lastSeen), expiresAt: isoAt(expires), userAgent: null }).execute();
  return `sid=${token}`;
}

/** one of each credit record for a student, dated long ago, as if the student finished a course years back */
async function creditRecords(studentId: number, at: string) {
  const exam = await db().selectFrom('exams').select(['id', 'classId']).where('classId', 'is not', null).executeTakeFirstOrThrow();
  const sva = await db().selectFrom('svas').select('id').executeTakeFirstOrThrow();
  const question = await db().selectFrom('surveyQuestions').select(['id', 'surveyId']).executeTakeFirstOrThrow();
  const classId = exam.classId!;
  await db().insertInto('examAttempts').values({ examId: exam.id, studentId, answers: '[1,2,3]', score: 100, passed: 1, createdAt: at, attemptKey: null }).execute();
  await db().insertInto('svaResponses').values({ svaId: sva.id, studentId, classId, answerCode: 1, createdAt: at }).execute();
  await db().insertInto('surveyResponses').values({ surveyId: question.surveyId, questionId: question.id, studentId, classId, sessionHash: 'old-session', choices: '[]', createdAt: at }).execute();
  await db()
    .insertInto('evaluations')
    .values({
      studentId,
      classId,
      podcastId: null,
      courseObjectives: 5,
      courseUseful: 5,
      courseAppropriate: 5,
      courseLogical: 5,
      instructorCommunication: 5,
      instructorPreparedness: 5,
      instructorEffectiveness: 5,
      sitePresentation: 5,
      siteNavigation: 5,
      siteComparison: 5,
      comments: null,
      otherTopics: null,
      createdAt: at,
    })
    .execute();
}

describe('the retention job', () => {
  it('prunes expired and idle sessions, used or expired links, and login attempts older than a day, and nothing else', async () => {
    const [s] = await createStudents(t, 1, 'retain');
    const now = t.clock.now();
    await creditRecords(s!.id, isoAt(now - 900 * DAY));
    const credit = { certificates: await count('certificates'), gradebook: await count('gradebook'), evaluations: await count('evaluations'), examAttempts: await count('examAttempts'), surveyResponses: await count('surveyResponses'), svaResponses: await count('svaResponses'), viewEvents: await count('viewEvents'), students: await count('students') };
    expect(credit.certificates).toBeGreaterThan(0);
    expect(credit.gradebook).toBeGreaterThan(0);

    const expired = await session(s!.id, now - 31 * DAY, now - DAY, now - 1);
    const idle = await session(s!.id, now - 10 * DAY, now - 8 * DAY, now + 20 * DAY);
    const live = await session(s!.id, now - 6 * DAY, now - 6 * DAY, now + 24 * DAY);

    const usedLink = await issueToken(db(), s!.id, 'login', now - 3600_000);
    await db().updateTable('authTokens').set({ usedAt: isoAt(now - 60_000) }).where('tokenHash', '=', hashToken(usedLink)).execute();
    await issueToken(db(), s!.id, 'reset', now - 31 * 60_000); // 30-minute reset link, expired a minute ago
    await issueToken(db(), s!.id, 'login', now - 25 * 3600_000); // a day's login link, expired an hour ago
    const liveLink = await issueToken(db(), s!.id, 'login', now - 3600_000);
    const liveReset = await issueToken(db(), s!.id, 'reset', now - 60_000);

    const attempt = (ageMs: number) => ({ account: 'retain', ip: '10.7.0.1', succeeded: 0 as const, createdAt: isoAt(now - ageMs) });
    await db().insertInto('loginAttempts').values([attempt(2 * DAY), attempt(DAY + 60_000), attempt(DAY - 60_000), attempt(60_000)]).execute();

    expect(await t.retention.runOnce()).toEqual({ sessions: 2, authTokens: 3, loginAttempts: 2, idempotencyKeys: 0, queue: 0, podcastQueue: 0 });

    // what a caller sees: the live session and the live links still work; the pruned ones are gone
    const left = await db().selectFrom('sessions').select('tokenHash').where('studentId', '=', s!.id).execute();
    expect(left.map((r) => r.tokenHash).sort()).toEqual([hashToken(s!.cookie.slice(4)), hashToken(live.slice(4))].sort());
    expect(left.map((r) => r.tokenHash)).not.toContain(hashToken(expired.slice(4)));
    expect(left.map((r) => r.tokenHash)).not.toContain(hashToken(idle.slice(4)));
    expect((await t.app.inject({ url: '/api/student', headers: { cookie: live } })).statusCode).toBe(200);
    const tokens = await db().selectFrom('authTokens').select('tokenHash').where('studentId', '=', s!.id).execute();
    expect(tokens.map((r) => r.tokenHash).sort()).toEqual([hashToken(liveLink), hashToken(liveReset)].sort());
    const link = await t.app.inject({ method: 'POST', url: '/api/login-link', headers: { 'content-type': 'application/json' }, payload: { token: liveLink } });
    expect(json(link)).toMatchObject({ status: true });
    const attempts = await db().selectFrom('loginAttempts').select('createdAt').where('account', '=', 'retain').orderBy('createdAt').execute();
    expect(attempts.map((a) => a.createdAt)).toEqual([isoAt(now - DAY + 60_000), isoAt(now - 60_000)]);

    // years later, a pass still leaves every credit record and every student alone
    t.clock.advance(3 * 365 * DAY);
    await t.retention.runOnce();
    expect({ certificates: await count('certificates'), gradebook: await count('gradebook'), evaluations: await count('evaluations'), examAttempts: await count('examAttempts'), surveyResponses: await count('surveyResponses'), svaResponses: await count('svaResponses'), viewEvents: await count('viewEvents'), students: await count('students') }).toEqual(credit);
    // and a second pass over the same state finds nothing left to do
    expect(await t.retention.runOnce()).toEqual({ sessions: 0, authTokens: 0, loginAttempts: 0, idempotencyKeys: 0, queue: 0, podcastQueue: 0 });
  });

  it('two processes pruning the same database at once both succeed, and each row goes once', async () => {
    const [s] = await createStudents(t, 1, 'twice');
    const now = t.clock.now();
    // more than one batch of each kind
    const rows = 1234;
    for (let i = 0; i < rows; i += 200) {
      const n = Math.min(200, rows - i);
      await db()
        .insertInto('sessions')
        .values(Array.from({ length: n }, (_, k) => ({ tokenHash: hashToken(`twice-${i + k}`), studentId: s!.id, createdAt: isoAt(now - 40 * DAY), lastSeenAt: isoAt(now - 9 * DAY), expiresAt: isoAt(now - DAY) })))
        .execute();
      await db()
        .insertInto('loginAttempts')
        .values(Array.from({ length: n }, () => ({ account: 'twice', ip: '10.7.0.2', succeeded: 0 as const, createdAt: isoAt(now - 3 * DAY) })))
        .execute();
    }
    const other = await openDatabase(t.config);
    try {
      const logs = [spyLog(), spyLog()];
      const here = startRetention(db(), { clock: t.clock, log: logs[0]! });
      const there = startRetention(other.db, { clock: t.clock, log: logs[1]! });
      const [a, b] = await Promise.all([here.runOnce(), there.runOnce()]);
      await Promise.all([here.close(), there.close()]);
      for (const log of logs) expect(log.error).not.toHaveBeenCalled();
      expect(a.sessions + b.sessions).toBe(rows);
      expect(a.loginAttempts + b.loginAttempts).toBe(rows);
      expect(await db().selectFrom('sessions').select('id').where('studentId', '=', s!.id).execute()).toHaveLength(1);
      expect(await db().selectFrom('loginAttempts').select('id').where('account', '=', 'twice').execute()).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it('runs by itself on its timer, and stops when closed', async () => {
    const [s] = await createStudents(t, 1, 'timer');
    const now = t.clock.now();
    await session(s!.id, now - 40 * DAY, now - 9 * DAY, now - DAY);
    const runner = startRetention(db(), { clock: t.clock, log: spyLog(), firstDelayMs: 10, intervalMs: 60_000 });
    try {
      await vi.waitFor(async () => expect(await db().selectFrom('sessions').select('id').where('studentId', '=', s!.id).execute()).toHaveLength(1), { timeout: 2000, interval: 20 });
    } finally {
      await runner.close();
    }
  });
});
