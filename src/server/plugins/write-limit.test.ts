// The per-student limit on authenticated writes, as a caller sees it: past the configured number of
// POSTs a minute every 'student' call answers 429 with its sentence and a Retry-After; reads, other
// students and visitors are untouched; the next minute writes again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '#shared/api/index';
import { loadConfig } from '../config.ts';
import { buildTestApp, createStudents, json, type TestApp } from '../test-support.ts';

const TOO_MANY = 'Too many requests.  Try again in a few minutes.';
const studentWrites = allEndpoints.filter((e) => e.method === 'POST' && e.access === 'student').map((e) => e.path);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { ...loadConfig({}).rateLimits, writesPerStudentPerMinute: 3 } });
});
afterAll(async () => t?.close());

const post = (app: TestApp, path: string, cookie?: string) =>
  app.app.inject({ method: 'POST', url: `/api/${path}`, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload: {} });

describe('writes per student', () => {
  it('the default leaves room for a burst of replayed offline actions, and is configuration', () => {
    expect(loadConfig({}).rateLimits.writesPerStudentPerMinute).toBeGreaterThanOrEqual(120);
    expect(loadConfig({ RATE_WRITES_PER_STUDENT: '500' }).rateLimits.writesPerStudentPerMinute).toBe(500);
    expect(() => loadConfig({ RATE_WRITES_PER_STUDENT: 'lots' })).toThrow('RATE_WRITES_PER_STUDENT must be a whole number');
  });

  it('refuses every student write past the limit with 429, the sentence and Retry-After, until the minute is over', async () => {
    expect(studentWrites.length).toBeGreaterThan(10);
    const [a, b] = await createStudents(t, 2, 'writer');
    for (let i = 0; i < 3; i++) expect((await post(t, 'hide-agd-reminder', a!.cookie)).statusCode).toBe(200);
    t.clock.advance(20_000);
    for (const path of studentWrites) {
      const res = await post(t, path, a!.cookie);
      expect(res.statusCode, path).toBe(429);
      expect(json(res), path).toEqual({ status: false, errorMsg: TOO_MANY });
      // the window opened 20 s ago: 40 s are left
      expect(res.headers['retry-after'], path).toBe('40');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    // reads go on; another student and a visitor's public writes are not held back
    expect((await t.app.inject({ url: '/api/student', headers: { cookie: a!.cookie } })).statusCode).toBe(200);
    expect((await post(t, 'hide-agd-reminder', b!.cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/page-view', headers: { 'content-type': 'application/json' }, payload: { path: '/home' } })).statusCode).not.toBe(429);
    // a visitor calling a student write still learns to log in, not to wait
    expect((await post(t, 'hide-agd-reminder')).statusCode).toBe(401);

    t.clock.advance(40_000);
    expect(json(await post(t, 'hide-agd-reminder', a!.cookie))).toEqual({ status: true });
  });

  it('with the default, 120 writes in one minute pass and the 121st waits', async () => {
    const roomy = await buildTestApp({}, { demo: false });
    try {
      const [s] = await createStudents(roomy, 1, 'burst');
      const burst = await Promise.all(Array.from({ length: 120 }, () => post(roomy, 'hide-agd-reminder', s!.cookie)));
      expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(120);
      const next = await post(roomy, 'hide-agd-reminder', s!.cookie);
      expect(next.statusCode).toBe(429);
      expect(json(next).errorMsg).toBe(TOO_MANY);
      expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await roomy.close();
    }
  });
});
