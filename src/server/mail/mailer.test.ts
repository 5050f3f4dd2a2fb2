// Outbox delivery as a recipient sees it: mail written while SMTP is down arrives once it is back,
// and two senders on one database never deliver one mail twice.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test-support.ts';
import { startMailer } from './mailer.ts';
import { enqueueMail } from './outbox.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

/** a port nobody listens on (yet) */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

let t: TestApp;
let port: number;
let sink: SmtpSink | null = null;
beforeAll(async () => {
  port = await freePort();
  t = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` }, { demo: false });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe('the mail outbox', () => {
  it('keeps mail while SMTP is down and delivers it after the retry delay once it is back', async () => {
    await enqueueMail(t.database.db, { to: 'a@example.com', subject: 'Kept', text: 'Hello', kind: 'welcome' }, t.clock.now());
    await t.mailer.flush();
    const failed = await t.database.db.selectFrom('emailOutbox').selectAll().where('subject', '=', 'Kept').executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
    expect(failed.lastError).toMatch(/ECONNREFUSED/);

    sink = await startSmtpSink(port);
    await t.mailer.flush();
    expect(sink.messages).toHaveLength(0);
    t.clock.advance(60_000);
    await t.mailer.flush();
    expect(sink.messages.map((m) => [m.to, m.subject, m.text.trim()])).toEqual([['a@example.com', 'Kept', 'Hello']]);
    const sent = await t.database.db.selectFrom('emailOutbox').select(['sentAt', 'attempts']).where('subject', '=', 'Kept').executeTakeFirstOrThrow();
    expect(sent.sentAt).not.toBeNull();
  });

  it('delivers each mail once when two senders share the database', async () => {
    sink!.messages.length = 0;
    const second = startMailer(t.database.db, { smtpUrl: sink!.url, mailFrom: 'no-reply@cepass.example', clock: t.clock, log: t.app.log });
    try {
      for (let i = 0; i < 12; i++) await enqueueMail(t.database.db, { to: `p${i}@example.com`, subject: `Pair ${i}`, text: 'x', kind: 'welcome' }, t.clock.now());
      await Promise.all([t.mailer.flush(), second.flush(), t.mailer.flush(), second.flush()]);
      expect(sink!.messages.map((m) => m.subject).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `Pair ${i}`).sort());
    } finally {
      await second.close();
    }
  });
});
