// The account calls as a caller sees them: register with the rules of spec §5, the availability checks,
// profile and password, recover and reset through the e-mailed link, the Proof of CE report arriving at
// a real SMTP server, consent and the AGD reminder, and who may call what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '#shared/api/index';
import { loadConfig } from '../../config.ts';
import { startSmtpSink, type SmtpSink } from '../../mail/smtp-sink.ts';
import { pdfText } from '../../pdf-text.test-support.ts';
import { buildTestApp, json, registrationForm, type TestApp } from '../../test-support.ts';

let t: TestApp;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await buildTestApp({ smtpUrl: smtp.url, rateLimits: { ...loadConfig({}).rateLimits, loginPerIpPer15Min: 1000, registerPerIpPerHour: 1000, recoverPerIpPerHour: 1000, validatePerIpPer10Min: 1000 } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let ipCounter = 0;
/** each call from its own address unless told, so the per-IP throttles never mix tests */
const post = (url: string, payload: object, opts: { cookie?: string; ip?: string } = {}) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, remoteAddress: opts.ip ?? `10.1.0.${++ipCounter % 250}`, headers: { 'content-type': 'application/json', ...(opts.cookie ? { cookie: opts.cookie } : {}) }, payload });
const get = (url: string, cookie?: string) => t.app.inject({ url: `/api/${url}`, headers: cookie ? { cookie } : {} });
const cookieOf = (res: { headers: Record<string, unknown> }) => /^(sid=[^;]*)/.exec(String(res.headers['set-cookie']))?.[1] ?? '';
const login = async (u: string, p: string) => {
  const res = await post('login', { u, p });
  expect(res.statusCode, res.body).toBe(200);
  return cookieOf(res);
};

const profileOf = (form: Record<string, string>) => {
  const { username: _u, password: _p, password2: _p2, sourceHeard: _s, ...profile } = form;
  return profile;
};

const valid = (n: string) => registrationForm(n);

describe('register', () => {
  it('the demo lookups hold the values the valid form uses', async () => {
    const items = json(await get('account-items'));
    const has = (list: string, value: string) => (items[list] as { value: string }[]).some((i) => i.value === value);
    const f = valid('x');
    expect([has('titles', f.title), has('jobTitles', f.jobTitle), has('states', f.state), has('countries', f.country), has('ageRanges', f.ageRange), has('officeSizes', f.officeSize), has('sourceHeard', f.sourceHeard)]).toEqual([true, true, true, true, true, true, true]);
  });

  it('refuses each bad value with the exact message of spec §5', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ title: '' }, 'title', 'Select title.'],
      [{ title: 'Emperor' }, 'title', 'Select title.'],
      [{ firstname: 'A' }, 'firstname', 'First name is a required field and must be at least 3 characters.'],
      [{ lastname: ' N ' }, 'lastname', 'Last name is a required field and must be at least 3 characters.'],
      [{ jobTitle: '' }, 'jobTitle', 'Select position.'],
      [{ officeName: 'abc' }, 'officeName', 'This is a required field and must be at least 3 characters.'],
      [{ address: 'x' }, 'address', 'Address is required field.'],
      [{ city: '' }, 'city', 'City is a required field.'],
      [{ state: '' }, 'state', 'Select state.'],
      [{ zip: '1234' }, 'zip', 'Zip/Postal Code is required field.'],
      [{ country: '' }, 'country', 'Select country.'],
      [{ phone: '555-0100' }, 'phone', 'Phone number is required.'],
      [{ email: '' }, 'email', 'Email is required.'],
      [{ email: 'avery@' }, 'email', 'Enter valid email address.'],
      [{ agdNumber: '1234' }, 'agdNumber', 'Leave blank or enter valid value.'],
      [{ agdNumber: '12345678901' }, 'agdNumber', 'Leave blank or enter valid value.'],
      [{ agdNumber: '12a45' }, 'agdNumber', 'Leave blank or enter valid value.'],
      [{ certYear: '1900' }, 'certYear', 'Select one.'],
      [{ certYear: String(new Date(t.clock.now()).getFullYear() + 11) }, 'certYear', 'Select one.'],
      [{ gender: 'X' }, 'gender', 'Required field.'],
      [{ ageRange: '' }, 'ageRange', 'Select one.'],
      [{ officeSize: '' }, 'officeSize', 'Select one.'],
      [{ sourceHeard: '' }, 'sourceHeard', 'Select one.'],
      [{ username: '' }, 'username', 'Username is required.'],
      [{ username: 'abcde' }, 'username', 'Username has minimum length.'],
      [{ username: 'demostudent' }, 'username', 'This username is not available. Choose another.'],
      // one account per spelling: another case is the same name (decision 0049)
      [{ username: 'DemoStudent' }, 'username', 'This username is not available. Choose another.'],
      [{ email: 'Jordan.Rivera@example.com' }, 'email', 'Email already in use. Choose another.'],
      [{ agdNumber: '4821937' }, 'agdNumber', 'AGD Number already in use.  Choose another.'],
      [{ password: '', password2: '' }, 'password', 'Password is required.'],
      [{ password: 'abc12', password2: 'abc12' }, 'password', 'Password must be 6 characters or longer.'],
      [{ password: 'abc 123', password2: 'abc 123' }, 'password', 'Invalid character(s) detected.'],
      [{ password2: 'Secret.124' }, 'password2', 'Passwords must match.'],
    ];
    for (const [change, field, message] of cases) {
      const res = await post('register', { ...valid('bad'), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(json(res), JSON.stringify(change)).toEqual({ status: false, errorMsg: 'Correct errors and resubmit.', errors: { [field]: message } });
    }
    // a request without the form's fields gets every message at once, and nothing is created
    const empty = json(await post('register', {}));
    expect(Object.keys(empty.errors).sort()).toEqual(
      ['address', 'ageRange', 'certYear', 'city', 'country', 'email', 'firstname', 'gender', 'jobTitle', 'lastname', 'officeName', 'officeSize', 'password', 'phone', 'sourceHeard', 'state', 'title', 'username', 'zip'].sort(),
    );
    expect(json(await get('validate-username?u=averybad')).status).toBe(true);
  });

  it('creates the account: trimmed values, a session, and a welcome mail whose login link works once', async () => {
    const form = { ...valid('one'), firstname: '  Avery ', email: ' Avery.One@Example.com ', agdNumber: ' 55501 ' };
    const res = await post('register', form);
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({ status: true, student: { status: true, firstname: 'Avery', lastname: 'Nguyen', email: 'avery.one@example.com' } });
    expect(body.student.hash).toBe(body.hash);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
    const profile = json(await get('profile', cookieOf(res))).student;
    expect(profile).toMatchObject({ username: 'averyone', firstname: 'Avery', email: 'avery.one@example.com', agdNumber: '55501', certYear: 2015, email2: null, hideAgdReminder: false, consentRemovedAt: null });

    const mail = await smtp.waitFor((m) => m.to === 'avery.one@example.com' && m.subject === 'Welcome to CE Pass');
    expect(mail.text).toContain('Your username is: averyone');
    expect(mail.text).not.toContain('Secret.123');
    const token = /\/login\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const first = await post('login-link', { token });
    expect(first.statusCode).toBe(200);
    expect(json(first)).toMatchObject({ status: true, hash: body.hash });
    expect(json(await get('student', cookieOf(first))).student.username).toBe('averyone');
    const again = await post('login-link', { token });
    expect(again.statusCode).toBe(401);
    expect(json(again).errorMsg).toBe('This login link is no longer valid. Log in with your username and password.');

    // the same username, e-mail (any case) or AGD number cannot be taken twice
    const dup = json(await post('register', { ...valid('one'), email: 'AVERY.ONE@example.com', agdNumber: '55501' }));
    expect(dup.errors).toEqual({ username: 'This username is not available. Choose another.', email: 'Email already in use. Choose another.', agdNumber: 'AGD Number already in use.  Choose another.' });
  });

  it('answers the availability checks as the form asks them', async () => {
    expect(json(await get('validate-username?u=demostudent')).status).toBe(false);
    expect(json(await get('validate-username?u=DEMOSTUDENT')).status).toBe(false);
    expect(json(await get('validate-username?u=nobody-has-this')).status).toBe(true);
    expect(json(await get('validate-email?email=JORDAN.RIVERA@example.com')).status).toBe(false);
    expect(json(await get('validate-email?email=')).status).toBe(true);
    expect(json(await get('validate-agd-number?agdNumber=4821937')).status).toBe(false);
    // a logged-in student's own e-mail and AGD number are free for them
    const demo = await login('demostudent', 'ce-pass-demo');
    expect(json(await get('validate-email?email=jordan.rivera@example.com', demo)).status).toBe(true);
    expect(json(await get('validate-agd-number?agdNumber=4821937', demo)).status).toBe(true);
  });
});

describe('who may call the account routes', () => {
  it('answers 401 to an anonymous caller and 403 to a student naming another student, on every student-only call', async () => {
    const demo = await login('demostudent', 'ce-pass-demo');
    const studentOnly = allEndpoints.filter((e) => e.access === 'student');
    expect(studentOnly.length).toBeGreaterThan(10);
    for (const ep of studentOnly) {
      const field = ep.identityField ?? 's';
      const send = (cookie?: string, extra: Record<string, string> = {}) =>
        ep.method === 'GET'
          ? get(`${ep.path}?${new URLSearchParams(extra)}`, cookie)
          : t.app.inject({ method: 'POST', url: `/api/${ep.path}`, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload: extra });
      const anonymous = await send();
      // a call whose other inputs are missing may stop at validation (400) first; it must never succeed
      expect([400, 401, 501], `${ep.method} ${ep.path} anonymous`).toContain(anonymous.statusCode);
      if (anonymous.statusCode !== 400) expect(anonymous.statusCode === 501 || json(anonymous).errorMsg === 'Please log in to continue.', ep.path).toBe(true);
      const other = await send(demo, { [field]: 'another-students-hash' });
      expect([400, 403, 501], `${ep.method} ${ep.path} naming another student`).toContain(other.statusCode);
    }
    for (const path of ['account-home', 'profile', 'student']) expect((await get(path)).statusCode, path).toBe(401);
    for (const path of ['send-ce-report', 'hide-agd-reminder', 'profile']) expect((await post(path, {})).statusCode, path).toBe(401);
    expect((await post('remove-consent', {})).statusCode).toBe(401);
    expect((await post('remove-consent', { h: 'another-students-hash' }, { cookie: demo })).statusCode).toBe(403);
    expect((await get('account-home?s=another-students-hash', demo)).statusCode).toBe(403);
  });
});

describe('profile and password', () => {
  it('saves the profile with the same rules, keeping the student’s own e-mail', async () => {
    const res = await post('register', valid('two'));
    const cookie = cookieOf(res);
    const saved = await post('profile', { ...profileOf(valid('two')), city: 'Chicago', email2: 'home@example.com', agdNumber: '66602' }, { cookie });
    expect(json(saved)).toEqual({ status: true });
    expect(json(await get('profile', cookie)).student).toMatchObject({ city: 'Chicago', email2: 'home@example.com', agdNumber: '66602', email: 'avery.two@example.com' });
    const taken = await post('profile', { ...profileOf(valid('two')), email: 'jordan.rivera@example.com', email2: 'not-an-email' }, { cookie });
    expect(taken.statusCode).toBe(400);
    expect(json(taken).errors).toEqual({ email: 'Email already in use. Choose another.', email2: 'Enter valid email address.' });
  });

  it('changes the password only with the current one, and logs every other device out', async () => {
    const res = await post('register', valid('three'));
    const here = cookieOf(res);
    const elsewhere = await login('averythree', 'Secret.123');
    const rules = await post('profile', { password: 'short', password2: 'other', currentPassword: '' }, { cookie: here });
    expect(json(rules).errors).toEqual({ currentPassword: 'Password is required.', password: 'Password must be 6 characters or longer.', password2: 'Passwords must match.' });
    const wrong = await post('profile', { password: 'NewSecret.1', password2: 'NewSecret.1', currentPassword: 'guess' }, { cookie: here });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).errorMsg).toBe('Current password is not correct.');
    const ok = await post('profile', { password: 'NewSecret.1', password2: 'NewSecret.1', currentPassword: 'Secret.123' }, { cookie: here });
    expect(json(ok)).toEqual({ status: true });
    expect((await get('student', here)).statusCode).toBe(200);
    expect((await get('student', elsewhere)).statusCode).toBe(401);
    expect((await post('login', { u: 'averythree', p: 'Secret.123' })).statusCode).toBe(401);
    await login('averythree', 'NewSecret.1');
    const notice = await smtp.waitFor((m) => m.to === 'avery.three@example.com' && m.subject === 'Your CE Pass password was changed');
    expect(notice.text).not.toContain('NewSecret.1');
  });
});

describe('recover and reset', () => {
  it('answers the same for known and unknown accounts, and e-mails only the known one', async () => {
    const missing = await post('recover', {});
    expect(missing.statusCode).toBe(400);
    expect(json(missing).errorMsg).toBe('Provide either username or account email address.');
    const before = smtp.messages.length;
    const unknownUser = await post('recover', { u: 'no-such-user' });
    const unknownMail = await post('recover', { m: 'nobody@example.com' });
    await t.mailer.flush();
    expect(smtp.messages.length).toBe(before);
    const known = await post('recover', { m: 'JORDAN.RIVERA@example.com' });
    for (const res of [unknownUser, unknownMail, known]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(JSON.stringify({ status: true, rowCount: 1, data: [{ status: true, msg: 'Check inbox for your login credentials.' }] }));
    }
    const mail = await smtp.waitFor((m) => m.to === 'jordan.rivera@example.com' && m.subject === 'Your CE Pass login');
    expect(mail.text).toContain('Your CE Pass username is: demostudent');
    expect(mail.text).not.toContain('ce-pass-demo');
  });

  it('sets a new password through the e-mailed link once, revokes every session, and refuses old or used links', async () => {
    await post('register', valid('four'));
    const session = await login('averyfour', 'Secret.123');
    // the username as remembered, in another case, finds the account
    await post('recover', { u: 'AveryFour' });
    const mail = await smtp.waitFor((m) => m.to === 'avery.four@example.com' && m.subject === 'Your CE Pass login');
    const token = /\/reset\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;

    const mismatch = await post('reset-password', { token, password: 'Fresh.Pass1', password2: 'Fresh.Pass2' });
    expect(json(mismatch)).toMatchObject({ status: false, errorMsg: 'Passwords must match.' });
    const ok = await post('reset-password', { token, password: 'Fresh.Pass1', password2: 'Fresh.Pass1' });
    expect(json(ok)).toEqual({ status: true });
    expect((await get('student', session)).statusCode).toBe(401);
    await login('averyfour', 'Fresh.Pass1');
    const reused = await post('reset-password', { token, password: 'Other.Pass1', password2: 'Other.Pass1' });
    expect(reused.statusCode).toBe(400);
    expect(json(reused).errorMsg).toBe('This password reset link is no longer valid. Ask for a new one on the Recover page.');

    // a link older than 30 minutes no longer works
    // the username as remembered, in another case, finds the account
    await post('recover', { u: 'AveryFour' });
    const second = await smtp.waitFor((m) => m !== mail && m.to === 'avery.four@example.com' && m.subject === 'Your CE Pass login');
    const late = /\/reset\/([A-Za-z0-9_-]+)/.exec(second.text)![1]!;
    t.clock.advance(31 * 60_000);
    expect((await post('reset-password', { token: late, password: 'Other.Pass1', password2: 'Other.Pass1' })).statusCode).toBe(400);
  });

  it('sends at most 3 recover mails an hour per account, with the same answer', async () => {
    await post('register', valid('five'));
    for (let i = 0; i < 5; i++) expect(json(await post('recover', { u: 'averyfive' })).data[0].msg).toBe('Check inbox for your login credentials.');
    await t.mailer.flush();
    expect(smtp.messages.filter((m) => m.to === 'avery.five@example.com' && m.subject === 'Your CE Pass login')).toHaveLength(3);
  });
});

describe('the Account page', () => {
  it('sums the demo student’s completed CE by type', async () => {
    const demo = await login('demostudent', 'ce-pass-demo');
    const { summary } = json(await get('account-home', demo));
    expect(summary.ceTotal).toBeGreaterThan(0);
    expect(summary.ceTotal).toBeCloseTo(summary.ceHome + summary.ceLive, 5);
    const fresh = cookieOf(await post('register', valid('six')));
    expect(json(await get('account-home', fresh)).summary).toEqual({ ceHome: 0, ceLive: 0, ceTotal: 0 });
  });

  it('e-mails the Proof of CE report as a PDF, at most 5 times a day', async () => {
    const demo = await login('demostudent', 'ce-pass-demo');
    const res = await post('send-ce-report', {}, { cookie: demo });
    expect(json(res)).toEqual({ status: true });
    const mail = await smtp.waitFor((m) => m.subject === 'Your CE Pass Proof of CE report');
    expect(mail.to).toBe('jordan.rivera@example.com');
    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.filename).toBe('ce-pass-proof-of-ce.pdf');
    const text = await pdfText(new Uint8Array(pdf!.content));
    expect(text).toContain('Jordan Rivera');
    expect(text).toContain('4821937');
    const { summary } = json(await get('account-home', demo));
    expect(text).toContain(`Total: ${summary.ceTotal} CEU`);
    for (let i = 0; i < 4; i++) expect((await post('send-ce-report', {}, { cookie: demo })).statusCode).toBe(200);
    const sixth = await post('send-ce-report', {}, { cookie: demo });
    expect(sixth.statusCode).toBe(429);
    expect(json(sixth).errorMsg).toBe('The Proof of CE report can be e-mailed 5 times a day. Try again tomorrow.');
  });

  it('holds the daily limit exactly when the report is asked for 8 times at once', async () => {
    // the demo student, a day after the test above used up the day's five
    t.clock.advance(24 * 3600_000 + 60_000);
    const cookie = await login('demostudent', 'ce-pass-demo');
    const answers = await Promise.all(Array.from({ length: 8 }, () => post('send-ce-report', {}, { cookie })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('sends no report to a student with no course completed, and says why', async () => {
    const cookie = cookieOf(await post('register', valid('nothing')));
    const res = await post('send-ce-report', {}, { cookie });
    expect(res.statusCode).toBe(409);
    expect(json(res).errorMsg).toBe('No CE completed.');
    expect(await t.database.db.selectFrom('emailOutbox').select('id').where('subject', '=', 'Your CE Pass Proof of CE report').where('toAddress', '=', valid('nothing').email).execute()).toEqual([]);
  });

  it('records the consent removal with its first time, and hides the AGD reminder', async () => {
    const cookie = cookieOf(await post('register', valid('seven')));
    expect(json(await post('remove-consent', {}, { cookie }))).toEqual({ status: true });
    const first = json(await get('profile', cookie)).student.consentRemovedAt;
    expect(first).toBe(new Date(t.clock.now()).toISOString());
    t.clock.advance(60_000);
    await post('remove-consent', {}, { cookie });
    expect(json(await get('profile', cookie)).student.consentRemovedAt).toBe(first);
    expect(json(await post('hide-agd-reminder', {}, { cookie }))).toEqual({ status: true });
    expect(json(await get('profile', cookie)).student.hideAgdReminder).toBe(true);
  });
});
