// The account-takeover paths, as a caller sees them: moving the account's e-mail needs the current
// password and tells the old address; a new password retires every link still sitting in a mailbox; and
// parallel guesses cannot outrun the login throttle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { buildTestApp, json, profileForm, registrationForm, type TestApp } from '../../test-support.ts';

let t: TestApp;
beforeAll(async () => {
  // no SMTP_URL: every mail stays in the outbox, where the test reads it
  t = await buildTestApp({ rateLimits: { ...loadConfig({}).rateLimits, registerPerIpPerHour: 1000, recoverPerIpPerHour: 1000, loginPerIpPer15Min: 1000 } });
});
afterAll(async () => t?.close());

let ip = 0;
const post = (url: string, payload: object, opts: { cookie?: string; ip?: string } = {}) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, remoteAddress: opts.ip ?? `10.9.0.${++ip % 250}`, headers: { 'content-type': 'application/json', ...(opts.cookie ? { cookie: opts.cookie } : {}) }, payload });
const cookieOf = (res: { headers: Record<string, unknown> }) => /^(sid=[^;]*)/.exec(String(res.headers['set-cookie']))?.[1] ?? '';
const mailTo = (address: string) => t.database.db.selectFrom('emailOutbox').select(['toAddress', 'subject', 'textBody', 'kind']).where('toAddress', '=', address).orderBy('id').execute();
const linkIn = (text: string, kind: 'login' | 'reset') => new RegExp(`/${kind}/([A-Za-z0-9_-]{43})`).exec(text)?.[1] ?? '';

const form = (n: string) => profileForm(n, 'robin');
/** a new account through /api/register: its session cookie and the login link of its welcome mail */
async function register(n: string) {
  const res = await post('register', registrationForm(n, 'robin'));
  expect(res.statusCode, res.body).toBe(200);
  const welcome = (await mailTo(`robin.${n}@example.com`)).find((m) => m.kind === 'welcome')!;
  return { cookie: cookieOf(res), loginLink: linkIn(welcome.textBody, 'login') };
}
async function resetLink(n: string): Promise<string> {
  expect((await post('recover', { u: `robin${n}` })).statusCode).toBe(200);
  const mails = (await mailTo(`robin.${n}@example.com`)).filter((m) => m.kind === 'recover');
  return linkIn(mails.at(-1)!.textBody, 'reset');
}

describe('changing the e-mail address', () => {
  it('needs the current password, and the old address hears of the change', async () => {
    const { cookie } = await register('mail');
    const moved = { ...form('mail'), email: 'taker@example.net' };

    const bare = await post('profile', moved, { cookie });
    expect(bare.statusCode).toBe(400);
    expect(json(bare)).toEqual({ status: false, errorMsg: 'Enter your current password to change your email address.', errors: { currentPassword: 'Enter your current password to change your email address.' } });

    const wrong = await post('profile', { ...moved, currentPassword: 'Guess.123' }, { cookie });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toEqual({ status: false, errorMsg: 'Current password is not correct.', errors: { currentPassword: 'Current password is not correct.' } });
    const unchanged = json(await t.app.inject({ url: '/api/profile', headers: { cookie } }));
    expect(unchanged.student.email).toBe('robin.mail@example.com');
    expect((await mailTo('robin.mail@example.com')).filter((m) => m.kind === 'email-changed')).toEqual([]);

    const ok = await post('profile', { ...moved, currentPassword: 'Secret.123' }, { cookie });
    expect(json(ok)).toEqual({ status: true });
    expect(json(await t.app.inject({ url: '/api/profile', headers: { cookie } })).student.email).toBe('taker@example.net');
    const notices = (await mailTo('robin.mail@example.com')).filter((m) => m.kind === 'email-changed');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('Your CE Pass e-mail address was changed');
    expect(notices[0]!.textBody).toContain('from robin.mail@example.com to taker@example.net');
    expect(notices[0]!.textBody).toContain('http://localhost:8080/support');
    // the new address gets no notice of its own arrival
    expect(await mailTo('taker@example.net')).toEqual([]);
  });

  it('asks for no password, and sends no notice, when the address stays (whatever its case)', async () => {
    const { cookie } = await register('keep');
    const saved = await post('profile', { ...form('keep'), email: 'Robin.Keep@Example.com', city: 'Chicago' }, { cookie });
    expect(json(saved)).toEqual({ status: true });
    expect((await mailTo('robin.keep@example.com')).map((m) => m.kind)).toEqual(['welcome']);
  });
});

describe('a new password retires the links already mailed', () => {
  it('after a reset, neither the welcome login link nor another reset link opens the account', async () => {
    const { loginLink } = await register('reset');
    const first = await resetLink('reset');
    const second = await resetLink('reset');
    expect(first).not.toBe(second);
    const done = await post('reset-password', { token: first, password: 'Fresh.456', password2: 'Fresh.456' });
    expect(json(done)).toEqual({ status: true });

    const link = await post('login-link', { token: loginLink });
    expect(link.statusCode).toBe(401);
    expect(json(link).errorMsg).toBe('This login link is no longer valid. Log in with your username and password.');
    const again = await post('reset-password', { token: second, password: 'Other.789', password2: 'Other.789' });
    expect(again.statusCode).toBe(400);
    expect(json(again).errorMsg).toBe('This password reset link is no longer valid. Ask for a new one on the Recover page.');
    expect((await post('login', { u: 'robinreset', p: 'Fresh.456' })).statusCode).toBe(200);
  });

  it('after a password change on the Password tab, the same', async () => {
    const { cookie, loginLink } = await register('change');
    const reset = await resetLink('change');
    const changed = await post('profile', { password: 'Fresh.456', password2: 'Fresh.456', currentPassword: 'Secret.123' }, { cookie });
    expect(json(changed)).toEqual({ status: true });
    expect((await post('login-link', { token: loginLink })).statusCode).toBe(401);
    const viaReset = await post('reset-password', { token: reset, password: 'Other.789', password2: 'Other.789' });
    expect(viaReset.statusCode).toBe(400);
    expect((await post('login', { u: 'robinchange', p: 'Fresh.456' })).statusCode).toBe(200);
  });

  it('an unused login link still works when nothing changed (the refusals above are the retirement)', async () => {
    const { loginLink } = await register('intact');
    await resetLink('intact');
    expect((await post('login-link', { token: loginLink })).statusCode).toBe(200);
  });
});

describe('the login throttle under parallel guesses', () => {
  it('12 parallel wrong passwords for one account from one address check at most 5', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post('login', { u: 'demostudent', p: `wrong-${i}` }, { ip: '10.9.1.1' })));
    const codes = answers.map((r) => r.statusCode);
    // 401: the password was checked and wrong; 429: refused before any check. How many of the 12 got
    // checked depends on how they interleave (on PostgreSQL, truly at once), never more than 5.
    const checked = codes.filter((c) => c === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(12 - checked);
    for (const r of answers.filter((a) => a.statusCode === 429)) {
      expect(json(r).errorMsg).toBe('Too many login attempts. Wait 15 minutes and try again.');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    // the right password is not checked either, from that address, until the window has passed
    expect((await post('login', { u: 'demostudent', p: 'ce-pass-demo' }, { ip: '10.9.1.1' })).statusCode).toBe(429);
    expect((await post('login', { u: 'demostudent', p: 'ce-pass-demo' }, { ip: '10.9.1.2' })).statusCode).toBe(200);
    t.clock.advance(16 * 60_000);
    expect((await post('login', { u: 'demostudent', p: 'ce-pass-demo' }, { ip: '10.9.1.1' })).statusCode).toBe(200);
  });

  it('12 parallel wrong current passwords on the profile check at most 5 too', async () => {
    const { cookie } = await register('guess');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post('profile', { password: 'Fresh.456', password2: 'Fresh.456', currentPassword: `wrong-${i}` }, { cookie, ip: '10.9.2.1' })),
    );
    const wrong = answers.filter((r) => r.statusCode === 400);
    expect(wrong.length).toBeLessThanOrEqual(5);
    for (const r of wrong) expect(json(r).errorMsg).toBe('Current password is not correct.');
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(12 - wrong.length);
  });
});
