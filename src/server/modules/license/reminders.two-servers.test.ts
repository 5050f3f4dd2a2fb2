// License reminders with two real server processes on one database (issue 19): PostgreSQL with TEST_DATABASE_URL
// (`npm run test:pg`), else one SQLite file. Both run the reminder job every 400 ms; the shared clock file moves
// their time to 30 days before the license's renewal date: the reminder is in the mail outbox exactly once,
// delivered once, and neither process logs an error. Ports 4701 and 4702 (this test's own).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, dayOf } from '#shared/domain/license-progress';
import { startTwoServers, type TwoServers } from '../../server-process.test-support.ts';
import { registrationForm } from '../../test-support.ts';

const JOBS_MS = 400;
let two: TwoServers;
beforeAll(async () => {
  two = await startTwoServers({ name: 'license_two', jobsMs: JOBS_MS, ports: [4701, 4702] });
}, 120_000);
afterAll(async () => two?.close());

const call = (server: 0 | 1, url: string, init: { body?: unknown; cookie?: string } = {}) =>
  fetch(`${two.bases[server]}/api/${url}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json', origin: two.bases[0]! }), ...(init.cookie ? { cookie: init.cookie } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

it(`${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}: with the clock moved to 30 days before renewal, two processes put the license reminder in the outbox once`, async () => {
  const form = registrationForm('licensetwo');
  expect((await call(0, 'register', { body: form })).status).toBe(200);
  const login = await call(1, 'login', { body: { u: form.username, p: form.password } });
  expect(login.status).toBe(200);
  const cookie = /^(sid=[^;]*)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
  // a Texas license renewing 60 days from now: added inside the 90-day window, so that one is not sent
  const renewal = addDays(dayOf(Date.now()), 60);
  const added = await call(0, 'license-add', { body: { jurisdiction: 'Texas', licenseType: 'RDH', number: null, renewalDate: renewal, cycleYears: 2, preset: 'tx-rdh' }, cookie });
  expect(added.status, await added.clone().text()).toBe(200);

  const { db, close } = await two.database.open();
  try {
    const outbox = () => db.selectFrom('emailOutbox').select(['subject', 'toAddress']).where('kind', '=', 'license-reminder').where('toAddress', '=', form.email).execute();
    const settle = () => new Promise((r) => setTimeout(r, 4 * JOBS_MS + 300));
    await settle();
    expect(await outbox()).toEqual([]);

    // both servers' time: noon, 30 days before the renewal date
    two.moveTo(Date.parse(`${addDays(renewal, -30)}T12:00:00.000Z`));
    const until = Date.now() + 20_000;
    while ((await outbox()).length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    // several more passes of both processes: a second copy would be written now
    await settle();
    await settle();
    expect(await outbox()).toEqual([{ subject: 'Your Texas RDH renewal is in 30 days', toAddress: form.email }]);
    expect(await db.selectFrom('licenseReminders').select(['cycleEnd', 'days']).execute()).toEqual([{ cycleEnd: renewal, days: 30 }]);
    // and delivered once, though both processes deliver the outbox
    await two.sink.waitFor((m) => m.to === form.email && m.subject === 'Your Texas RDH renewal is in 30 days', 20_000);
    await settle();
    expect(two.sink.messages.filter((m) => m.to === form.email && m.subject.startsWith('Your Texas RDH renewal'))).toHaveLength(1);
    expect(two.errors).toEqual([[], []]);
  } finally {
    await close();
  }
}, 120_000);
