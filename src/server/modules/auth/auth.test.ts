// Login, logout and the session they create, as a caller sees them (security.md "Sessions", "Passwords").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { buildTestApp, json, type TestApp } from '../../test-support.ts';
import { hashPassword, PRODUCTION_COST, verifyPassword } from './password.ts';

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

describe('password hashing', () => {
  it('uses the production cost by default: scrypt N=2^17, r=8, p=1', async () => {
    expect(loadConfig({}).passwordHashCost).toBe(17);
    expect(PRODUCTION_COST).toBe(17);
    const stored = await hashPassword('ce-pass-demo');
    expect(stored).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword('ce-pass-demo', stored)).toBe(true);
    expect(await verifyPassword('ce-pass-dem0', stored)).toBe(false);
  });
});
