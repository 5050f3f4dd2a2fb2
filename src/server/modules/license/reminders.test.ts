// License reminders (issue 19) in one process, the clock moved by hand: 90, 30 and 7 days before the renewal date
// while the requirements are unmet, each once, with what's left; only the window the license is in now; none for a
// window that opened before the license was added; none once the requirements are met.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOf } from '#shared/domain/license-progress';
import { buildTestApp, createStudents, json, type TestApp } from '../../test-support.ts';
import { windowOf } from './reminders.ts';

let t: TestApp;
const start = Date.parse('2026-11-22T15:00:00.000Z');
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const addLicense = async (cookie: string, renewalDate: string, preset: string | null = 'tx-rdh') => {
  const res = await t.app.inject({ method: 'POST', url: '/api/license-add', headers: { 'content-type': 'application/json', cookie }, payload: { jurisdiction: 'Texas', licenseType: 'RDH', number: null, renewalDate, cycleYears: 2, preset } });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).license.id as number;
};
const mails = async (studentId: number) => (await t.database.db.selectFrom('emailOutbox').select(['subject', 'textBody', 'toAddress']).where('studentId', '=', studentId).where('kind', '=', 'license-reminder').orderBy('id').execute());
const at = (day: string) => t.clock.set(Date.parse(`${day}T12:00:00.000Z`));

describe('the reminder windows', () => {
  it('a renewal is in the nearest window not yet passed', () => {
    expect([120, 91, 90, 31, 30, 8, 7, 0, -1].map(windowOf)).toEqual([null, null, 90, 90, 30, 30, 7, 7, null]);
  });
});

describe('reminders before a renewal date, while unmet', () => {
  it('90, 30 and 7 days before, each once, with what is left and a link to the license', async () => {
    t.clock.set(start);
    const [s] = await createStudents(t, 1, 'remind');
    const renewal = addDays(dayOf(start), 120);
    const id = await addLicense(s!.cookie, renewal);
    expect(await t.licenseReminders.runOnce()).toBe(0);

    at(addDays(renewal, -90));
    expect(await t.licenseReminders.runOnce()).toBe(1);
    expect(await t.licenseReminders.runOnce()).toBe(0);
    const [first] = await mails(s!.id);
    expect(first!.subject).toBe('Your Texas RDH renewal is in 90 days');
    expect(first!.toAddress).toBe(s!.email);
    expect(first!.textBody).toContain(`Your Texas RDH license renews on ${renewal}, in 90 days, and its requirements are not met yet. What's left:`);
    expect(first!.textBody).toContain('- 24 h more CE in this cycle');
    expect(first!.textBody).toContain('- A course on CPR/BLS, any length');
    expect(first!.textBody).toContain(`http://localhost:8080/my-license/${id}`);

    at(addDays(renewal, -45));
    expect(await t.licenseReminders.runOnce()).toBe(0);
    at(addDays(renewal, -30));
    expect(await t.licenseReminders.runOnce()).toBe(1);
    at(addDays(renewal, -7));
    expect(await t.licenseReminders.runOnce()).toBe(1);
    at(addDays(renewal, -1));
    expect(await t.licenseReminders.runOnce()).toBe(0);
    expect((await mails(s!.id)).map((m) => m.subject)).toEqual(['Your Texas RDH renewal is in 90 days', 'Your Texas RDH renewal is in 30 days', 'Your Texas RDH renewal is in 7 days']);
    // after the renewal date the next cycle begins, two years on: nothing due for a long while
    at(addDays(renewal, 1));
    expect(await t.licenseReminders.runOnce()).toBe(0);
    t.clock.set(start);
  });

  it('a license added inside a window gets only the reminders still ahead', async () => {
    t.clock.set(start);
    const [s] = await createStudents(t, 1, 'remind-late');
    // added 20 days before: the 30-day window opened before it, the 7-day one is still ahead
    await addLicense(s!.cookie, addDays(dayOf(start), 20));
    expect(await t.licenseReminders.runOnce()).toBe(0);
    at(addDays(dayOf(start), 13));
    expect(await t.licenseReminders.runOnce()).toBe(1);
    expect((await mails(s!.id)).map((m) => m.subject)).toEqual(['Your Texas RDH renewal is in 7 days']);
    t.clock.set(start);
  });

  it('a server down through a window sends only the window it finds when it runs again', async () => {
    t.clock.set(start);
    const [s] = await createStudents(t, 1, 'remind-down');
    const id = await addLicense(s!.cookie, addDays(dayOf(start), 100));
    // no pass from 100 days before until 25 days before: the 90-day reminder is past, the 30-day one goes
    at(addDays(dayOf(start), 75));
    expect(await t.licenseReminders.runOnce()).toBe(1);
    expect(await t.licenseReminders.runOnce()).toBe(0);
    expect(await t.database.db.selectFrom('licenseReminders').select(['licenseId', 'days']).where('licenseId', '=', id).execute()).toEqual([{ licenseId: id, days: 30 }]);
    expect((await mails(s!.id)).map((m) => m.subject)).toEqual(['Your Texas RDH renewal is in 25 days']);
    t.clock.set(start);
  });

  it('no reminder when the requirements are met', async () => {
    t.clock.set(start);
    const [s] = await createStudents(t, 1, 'remind-met');
    // a license without rules asks nothing: met
    await addLicense(s!.cookie, addDays(dayOf(start), 95), null);
    at(addDays(dayOf(start), 5));
    expect(await t.licenseReminders.runOnce()).toBe(0);
    expect(await mails(s!.id)).toEqual([]);
    t.clock.set(start);
  });
});
