// The support form's server side: the spec's rules with their words, the message stored and delivered
// to the support address at a real SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../mail/smtp-sink.ts';
import { buildTestApp, json, type TestApp } from '../../test-support.ts';

let t: TestApp;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await buildTestApp({ smtpUrl: smtp.url, supportEmail: 'help@cepass.example' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const send = (payload: object) => t.app.inject({ method: 'POST', url: '/api/support', headers: { 'content-type': 'application/json' }, payload });
const valid = { name: 'Sam Carter', office: 'Harbor Dental', email: 'sam@example.com', phone: '2065550199', subject: 'Technical Issue', comment: 'The podcast stops when my screen locks.' };

describe('support', () => {
  it('refuses each bad field with the spec’s message', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ name: 'Sam' }, 'name', 'Name is a required field and must be at least 3 characters.'],
      [{ office: 'Doc' }, 'office', 'This is a required field and must be at least 3 characters.'],
      [{ email: 'sam@' }, 'email', 'Email address is required.'],
      [{ phone: '555' }, 'phone', 'Phone number is required.'],
      [{ subject: 'Billing' }, 'subject', 'Select reason for support.'],
      [{ comment: 'hi' }, 'comment', 'Explain reason for support up to 1000 characters.'],
    ];
    for (const [change, field, message] of cases) {
      const res = await send({ ...valid, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(json(res)).toEqual({ status: false, errorMsg: 'Correct errors and resubmit.', errors: { [field]: message } });
    }
    expect((await send({ ...valid, comment: 'x'.repeat(1001) })).statusCode).toBe(400);
  });

  it('stores a valid message and e-mails it to the support address', async () => {
    expect(json(await send({ ...valid, name: '  Sam Carter ' }))).toEqual({ status: true });
    const row = await t.database.db.selectFrom('supportMessages').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Sam Carter', subject: 'Technical Issue', studentId: null });
    const mail = await smtp.waitFor((m) => m.to === 'help@cepass.example');
    expect(mail.subject).toBe(`Support #${row.id}: Technical Issue`);
    expect(mail.text).toContain('From: Sam Carter <sam@example.com>');
    expect(mail.text).toContain('The podcast stops when my screen locks.');
  });
});
