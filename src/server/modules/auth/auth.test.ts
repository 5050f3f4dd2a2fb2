// Login, logout and the session they create, as a caller sees them (security.md "Sessions", "Passwords").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { buildTestApp, createStudents, json, type TestApp } from '../../test-support.ts';
import { hashPassword, MAX_QUEUED_HASHES, PRODUCTION_COST, verifyPassword } from './password.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const login = (u: string, p: string, ip = '10.0.0.1', cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload: { u, p } });
const sid = (res: { headers: Record<string, unknown> }) => /^sid=([^;]*)/.exec(String(res.headers['set-cookie']))?.[1] ?? '';

describe('login', () => {
  it('logs the demo student in with an HttpOnly session cookie and no token in the body', async () => {
    const res = await login('demostudent', 'ce-pass-demo');
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({ status: true, firstname: 'Jordan', lastname: 'Rivera', email: 'jordan.rivera@example.com' });
    expect(Object.keys(body).sort()).toEqual(['email', 'firstname', 'hash', 'lastname', 'status', 'title']);
    expect(String(res.headers['set-cookie'])).toMatch(/^sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/);
    const me = await t.app.inject({ url: '/api/student', headers: { cookie: `sid=${sid(res)}` } });
    expect(json(me).student).toMatchObject({ username: 'demostudent', hash: body.hash, agdNumber: '4821937' });
    expect(me.body).not.toMatch(/password/i);
  });

  it('answers a wrong password and an unknown user with the same words', async () => {
    for (const [u, p] of [['demostudent', 'wrong-password'], ['nobody-here', 'ce-pass-demo']]) {
      const res = await login(u!, p!, '10.0.0.2');
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual({ status: false, errorMsg: 'Invalid login - please try again.' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('stops checking the password after 5 failures for an account from one IP (429, Retry-After)', async () => {
    for (let i = 0; i < 5; i++) expect((await login('demostudent', `bad-${i}`, '10.0.0.3')).statusCode).toBe(401);
    const blocked = await login('demostudent', 'ce-pass-demo', '10.0.0.3');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
    // another IP is not locked out by someone else's guesses
    expect((await login('demostudent', 'ce-pass-demo', '10.0.0.4')).statusCode).toBe(200);
    t.clock.advance(16 * 60_000);
    expect((await login('demostudent', 'ce-pass-demo', '10.0.0.3')).statusCode).toBe(200);
  });

  it('rotates the session at login and ends it at logout', async () => {
    const first = sid(await login('demostudent', 'ce-pass-demo', '10.0.0.5'));
    const second = await login('demostudent', 'ce-pass-demo', '10.0.0.5', `sid=${first}`);
    expect(sid(second)).not.toBe(first);
    expect((await t.app.inject({ url: '/api/student', headers: { cookie: `sid=${first}` } })).statusCode).toBe(401);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { 'content-type': 'application/json', cookie: `sid=${sid(second)}` }, payload: {} });
    expect(json(out)).toEqual({ status: true });
    expect(String(out.headers['set-cookie'])).toMatch(/^sid=; .*Max-Age=0/);
    const after = await t.app.inject({ url: '/api/student', headers: { cookie: `sid=${sid(second)}` } });
    expect(after.statusCode).toBe(401);
    expect(json(after).errorMsg).toBe('Please log in to continue.');
  });

  it('never lets s name another student', async () => {
    const token = sid(await login('demostudent', 'ce-pass-demo', '10.0.0.6'));
    const res = await t.app.inject({ url: '/api/student?s=someone-else', headers: { cookie: `sid=${token}` } });
    expect(res.statusCode).toBe(403);
  });
});

describe('a username in any case (decision 0049)', () => {
  it('logs in with the name typed in another case', async () => {
    const exact = json(await login('demostudent', 'ce-pass-demo', '10.0.1.1'));
    for (const typed of ['DemoStudent', 'DEMOSTUDENT', ' demoStudent ']) {
      const res = await login(typed, 'ce-pass-demo', '10.0.1.1');
      expect(res.statusCode, typed).toBe(200);
      expect(json(res).hash).toBe(exact.hash);
    }
    expect(json(await login('DemoStudent', 'wrong-password', '10.0.1.1'))).toEqual({ status: false, errorMsg: 'Invalid login - please try again.' });
  });

  it('finds two accounts that differ only in case by their exact names alone, and neither by a third spelling', async () => {
    const [a, b] = await createStudents(t, 2, 'twin');
    const demoHash = (await t.database.db.selectFrom('students').select('passwordHash').where('username', '=', 'demostudent').executeTakeFirstOrThrow()).passwordHash;
    await t.database.db.updateTable('students').set({ username: 'CaseTwin', passwordHash: demoHash }).where('id', '=', a!.id).execute();
    await t.database.db.updateTable('students').set({ username: 'casetwin', passwordHash: demoHash }).where('id', '=', b!.id).execute();
    expect(json(await login('CaseTwin', 'ce-pass-demo', '10.0.1.2')).hash).toBe(a!.hash);
    expect(json(await login('casetwin', 'ce-pass-demo', '10.0.1.2')).hash).toBe(b!.hash);
    const third = await login('CASETWIN', 'ce-pass-demo', '10.0.1.2');
    expect(third.statusCode).toBe(401);
    expect(json(third)).toEqual({ status: false, errorMsg: 'Invalid login - please try again.' });
  });
});

describe('the other throttles', () => {
  it('after 20 failures in an hour from anywhere, makes each further try wait twice as long, never for good', async () => {
    // an unknown account is throttled like a real one, so the answer never tells which exists
    const u = 'no-such-account';
    // 4 failures from each of 5 addresses: no address reaches its own limit of 5
    for (let i = 0; i < 20; i++) expect((await login(u, `nope-${i}`, `10.0.1.${Math.floor(i / 4)}`)).statusCode).toBe(401);
    const waiting = await login(u, 'ce-pass-demo', '10.0.1.99');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    t.clock.advance(1000);
    expect((await login(u, 'nope-20', '10.0.1.99')).statusCode).toBe(401);
    const longer = await login(u, 'ce-pass-demo', '10.0.1.98');
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('2');
    t.clock.advance(61 * 60_000);
    expect((await login(u, 'ce-pass-demo', '10.0.1.97')).statusCode).toBe(401);
  });

  it('limits registrations per address (429 with Retry-After), from configuration', async () => {
    const small = await buildTestApp({ rateLimits: { ...loadConfig({}).rateLimits, registerPerIpPerHour: 2 } });
    try {
      const register = (ip: string) => small.app.inject({ method: 'POST', url: '/api/register', remoteAddress: ip, headers: { 'content-type': 'application/json' }, payload: {} });
      expect((await register('10.0.2.1')).statusCode).toBe(400);
      expect((await register('10.0.2.1')).statusCode).toBe(400);
      const third = await register('10.0.2.1');
      expect(third.statusCode).toBe(429);
      expect(json(third)).toEqual({ status: false, errorMsg: 'Too many requests. Wait a while and try again.' });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(3000);
      expect((await register('10.0.2.2')).statusCode).toBe(400);
    } finally {
      await small.close();
    }
  });
});

describe('password hashing', () => {
  it('queues at most a few hashes and answers 503 + Retry-After beyond them', async () => {
    const all = await Promise.allSettled(Array.from({ length: MAX_QUEUED_HASHES + 4 }, () => hashPassword('x', 10)));
    expect(all.filter((r) => r.status === 'fulfilled')).toHaveLength(MAX_QUEUED_HASHES);
    const refused = all.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(4);
    expect(refused[0]!.reason).toMatchObject({ statusCode: 503, message: 'CE Pass is busy. Try again in a few seconds.', extra: { headers: { 'retry-after': '5' } } });
    expect(await hashPassword('x', 10)).toMatch(/^\$scrypt\$ln=10,/);
  });

  it('uses the production cost by default: scrypt N=2^17, r=8, p=1', async () => {
    expect(loadConfig({}).passwordHashCost).toBe(17);
    expect(PRODUCTION_COST).toBe(17);
    const stored = await hashPassword('ce-pass-demo');
    expect(stored).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword('ce-pass-demo', stored)).toBe(true);
    expect(await verifyPassword('ce-pass-dem0', stored)).toBe(false);
  });
});
