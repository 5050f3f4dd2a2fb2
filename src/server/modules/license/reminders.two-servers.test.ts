// License reminders with two real server processes on one database (issue 19): PostgreSQL with TEST_DATABASE_URL
// (`npm run test:pg`), else one SQLite file. Both run the reminder job every 400 ms; the shared clock file moves
// their time to 30 days before the license's renewal date: the reminder is in the mail outbox exactly once,
// delivered once, and neither process logs an error. Ports 4701 and 4702 (this test's own).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, dayOf } from '#shared/domain/license-progress';
import { startSmtpSink, type SmtpSink } from '../../mail/smtp-sink.ts';
import { errorLines, sharedDatabase, startServerProcess } from '../../server-process.test-support.ts';
import { registrationForm } from '../../test-support.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ce-pass-license-two-'));
const database = sharedDatabase(dataDir, 'license_two');
const ports = [4701, 4702];
const bases = ports.map((p) => `http://127.0.0.1:${p}`);
const clockFile = path.join(dataDir, 'clock-offset');
writeFileSync(clockFile, '0');
const JOBS_MS = 400;

let sink: SmtpSink;
const servers: ChildProcess[] = [];
const errors: string[][] = [[], []];
const start = (port: number, n: 0 | 1) =>
  startServerProcess(
    port,
    { DATA_DIR: dataDir, DATABASE_URL: database.url, PUBLIC_URL: bases[0]!, SMTP_URL: sink.url, PASSWORD_HASH_COST: '10', CLOCK_OFFSET_FILE: clockFile, JOBS_INTERVAL_MS: String(JOBS_MS), LOG_LEVEL: 'error' },
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

const call = (server: 0 | 1, url: string, init: { body?: unknown; cookie?: string } = {}) =>
  fetch(`${bases[server]}/api/${url}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json', origin: bases[0]! }), ...(init.cookie ? { cookie: init.cookie } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

it(`${database.dialect}: with the clock moved to 30 days before renewal, two processes put the license reminder in the outbox once`, async () => {
  const form = registrationForm('licensetwo');
  expect((await call(0, 'register', { body: form })).status).toBe(200);
  const login = await call(1, 'login', { body: { u: form.username, p: form.password } });
  expect(login.status).toBe(200);
  const cookie = /^(sid=[^;]*)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
  // a Texas license renewing 60 days from now: added inside the 90-day window, so that one is not sent
  const renewal = addDays(dayOf(Date.now()), 60);
  const added = await call(0, 'license-add', { body: { jurisdiction: 'Texas', licenseType: 'RDH', number: null, renewalDate: renewal, cycleYears: 2, preset: 'tx-rdh' }, cookie });
  expect(added.status, await added.clone().text()).toBe(200);

  const { db, close } = await database.open();
  try {
    const outbox = () => db.selectFrom('emailOutbox').select(['subject', 'toAddress']).where('kind', '=', 'license-reminder').where('toAddress', '=', form.email).execute();
    const settle = () => new Promise((r) => setTimeout(r, 4 * JOBS_MS + 300));
    await settle();
    expect(await outbox()).toEqual([]);

    // both servers' time: noon, 30 days before the renewal date
    writeFileSync(clockFile, String(Date.parse(`${addDays(renewal, -30)}T12:00:00.000Z`) - Date.now()));
    const until = Date.now() + 20_000;
    while ((await outbox()).length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    // several more passes of both processes: a second copy would be written now
    await settle();
    await settle();
    expect(await outbox()).toEqual([{ subject: 'Your Texas RDH renewal is in 30 days', toAddress: form.email }]);
    expect(await db.selectFrom('licenseReminders').select(['cycleEnd', 'days']).execute()).toEqual([{ cycleEnd: renewal, days: 30 }]);
    // and delivered once, though both processes deliver the outbox
    await sink.waitFor((m) => m.to === form.email && m.subject === 'Your Texas RDH renewal is in 30 days', 20_000);
    await settle();
    expect(sink.messages.filter((m) => m.to === form.email && m.subject.startsWith('Your Texas RDH renewal'))).toHaveLength(1);
    expect(errors).toEqual([[], []]);
  } finally {
    await close();
  }
}, 120_000);
