// Seat reminders as the student receives them, counted at a real SMTP server: each reserved seat gets
// the 24-hour and the 1-hour mail once, however many passes or processes run; waitlisted and cancelled
// seats get none.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../mail/smtp-sink.ts';
import { buildTestApp, createStudents, type TestApp } from '../../test-support.ts';
import { startReminders, type ReminderRunner } from './reminders.ts';
import { seatService, type SeatService } from './seats.service.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const CARIES = 'live-caries-risk-assessment';
const IMPLANT = 'live-implant-maintenance-hygiene';
const PERIO = 'live-periodontal-staging-grading';
const RUBBER_DAM = 'live-rubber-dam-workshop';
const CHILDREN = 'live-behavior-guidance-children';
const JORDAN = 'jordan.rivera@example.com';

let t: TestApp;
let sink: SmtpSink;
let seats: SeatService;
let runner: ReminderRunner;
const runners: ReminderRunner[] = [];

const newRunner = (intervalMs = 24 * HOUR) => {
  const r = startReminders(t.database.db, { clock: t.clock, mailer: t.mailer, publicUrl: t.config.publicUrl, log: t.app.log, intervalMs });
  runners.push(r);
  return r;
};

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ smtpUrl: sink.url });
  seats = seatService(t.database.db, { now: t.clock.now });
  runner = newRunner();
});
afterAll(async () => {
  for (const r of runners) await r.close();
  await t?.close();
  await sink?.close();
});

/** reminder mails delivered so far, after the outbox has been drained */
const reminders = async (): Promise<ReceivedMail[]> => {
  await t.mailer.flush();
  return sink.messages.filter((m) => m.subject.startsWith('Reminder:'));
};
const to = async (email: string) => (await reminders()).filter((m) => m.to === email).map((m) => m.subject);

const webinar = (hash: string) => t.database.db.selectFrom('classes').select(['id', 'name', 'releaseDate']).where('hash', '=', hash).executeTakeFirstOrThrow();
const moveWebinar = async (hash: string, startMs: number) => {
  const { id } = await webinar(hash);
  const row = await t.database.db.selectFrom('classes').select('durationMin').where('id', '=', id).executeTakeFirstOrThrow();
  await t.database.db
    .updateTable('classes')
    .set({ releaseDate: new Date(startMs).toISOString(), endDate: new Date(startMs + row.durationMin * MIN).toISOString() })
    .where('id', '=', id)
    .execute();
  return id;
};
const seatOf = (classId: number, email: string) =>
  t.database.db
    .selectFrom('seats')
    .innerJoin('students', 'students.id', 'seats.studentId')
    .select(['seats.status', 'seats.cancelCode', 'seats.reminded24hAt', 'seats.reminded1hAt'])
    .where('seats.classId', '=', classId)
    .where('students.email', '=', email)
    .orderBy('seats.id', 'desc')
    .executeTakeFirstOrThrow();

const newStudents = (count: number) => createStudents(t, count, 'reminded');

describe('seat reminders', () => {
  it('sends only the 1-hour reminder for a webinar that starts within the hour, once, and none for one under way', async () => {
    // the demo pack gives Jordan a seat in a webinar 20 minutes away; this seat is in one under way since 15 minutes
    const perio = await webinar(PERIO);
    const [late] = await newStudents(1);
    await seats.reserve(perio.id, late!.id);

    expect(await runner.runOnce()).toBe(1);
    const caries = await webinar(CARIES);
    expect(await to(JORDAN)).toEqual([`Reminder: ${caries.name} starts in 1 hour`]);
    const seat = await seatOf(caries.id, JORDAN);
    expect(seat.reminded1hAt).toBe(new Date(t.clock.now()).toISOString());
    // marked done without a mail: a late reservation gets one reminder, not two back to back
    expect(seat.reminded24hAt).toBe(seat.reminded1hAt);
    expect(await to(late!.email)).toEqual([]);

    expect(await runner.runOnce()).toBe(0);
    t.clock.advance(10 * MIN);
    expect(await runner.runOnce()).toBe(0);
    expect(await to(JORDAN)).toHaveLength(1);
  });

  it('attaches a calendar file and says when, in UTC, with the live page and the cancel link', async () => {
    const caries = await webinar(CARIES);
    const { cancelCode } = await seatOf(caries.id, JORDAN);
    const [mail] = (await reminders()).filter((m) => m.to === JORDAN);
    const { publicUrl } = t.config;
    expect(mail!.text).toContain('Hello Jordan,');
    // the demo webinar starts 20 minutes after the test clock's 15:00 UTC
    expect(mail!.text).toContain('2026-11-22 at 15:20 UTC');
    expect(mail!.text).toContain(`${publicUrl}/live/${CARIES}`);
    expect(mail!.text).toContain(`${publicUrl}/cancel-seat/${cancelCode}`);

    expect(mail!.attachments).toHaveLength(1);
    const ics = mail!.attachments[0]!;
    expect(ics.filename).toBe('webinar.ics');
    expect(ics.contentType).toBe('text/calendar');
    const vevent = new ICAL.Component(ICAL.parse(ics.content.toString('utf8'))).getFirstSubcomponent('vevent');
    const event = new ICAL.Event(vevent!);
    expect(event.uid).toBe(`${CARIES}@localhost`);
    expect(event.summary).toBe(`Live CE Webinar: ${caries.name}`);
    expect(event.startDate.toJSDate()).toEqual(new Date(caries.releaseDate));
    expect(event.description).toContain(`${publicUrl}/cancel-seat/${cancelCode}`);
  });

  it('sends each reserved seat the 24-hour reminder within 24 hours and the 1-hour one within the hour, each once', async () => {
    const start = t.clock.now() + 23 * HOUR;
    const implantId = await moveWebinar(IMPLANT, start);
    const [dana, lee, cal, wes, wyn] = await newStudents(5);
    await seats.cancel((await seats.reserve(implantId, cal!.id)).cancelCode);
    await seats.reserve(implantId, dana!.id);
    await seats.reserve(implantId, lee!.id);
    // full from here on: the next two wait, and a cancelled seat goes to the head of the waitlist
    await t.database.db.updateTable('classes').set((eb) => ({ capacity: eb.ref('seatsTaken') })).where('id', '=', implantId).execute();
    expect((await seats.reserve(implantId, wes!.id)).isWaiting).toBe(true);
    expect((await seats.reserve(implantId, wyn!.id)).isWaiting).toBe(true);

    const { name } = await webinar(IMPLANT);
    const day = `Reminder: ${name} starts in 24 hours`;
    const hour = `Reminder: ${name} starts in 1 hour`;
    expect(await runner.runOnce()).toBe(3);
    expect(await runner.runOnce()).toBe(0);

    t.clock.set(start - 2 * HOUR);
    // Lee leaves after the 24-hour mail; Wes gets the seat, and from then on its reminders
    const promoted = await seats.cancel((await seatOf(implantId, lee!.email)).cancelCode);
    expect(promoted?.promotedSeatId).not.toBeNull();
    expect(await runner.runOnce()).toBe(1);

    t.clock.set(start - HOUR - MIN);
    expect(await runner.runOnce()).toBe(0);
    t.clock.set(start - HOUR);
    expect(await runner.runOnce()).toBe(3);
    expect(await runner.runOnce()).toBe(0);
    t.clock.set(start - 5 * MIN);
    expect(await runner.runOnce()).toBe(0);
    t.clock.set(start + MIN);
    expect(await runner.runOnce()).toBe(0);

    expect((await to(JORDAN)).filter((s) => s.includes(name))).toEqual([day, hour]);
    expect(await to(dana!.email)).toEqual([day, hour]);
    expect(await to(lee!.email)).toEqual([day]);
    expect(await to(wes!.email)).toEqual([day, hour]);
    expect(await to(wyn!.email)).toEqual([]);
    expect(await to(cal!.email)).toEqual([]);
    expect(await seatOf(implantId, wyn!.email)).toMatchObject({ status: 'waiting', reminded24hAt: null, reminded1hAt: null });
    expect(await seatOf(implantId, cal!.email)).toMatchObject({ status: 'cancelled', reminded24hAt: null, reminded1hAt: null });
  });

  it('sends each reminder once when two runners share the database and run at the same time', async () => {
    const start = t.clock.now() + 5 * HOUR;
    const childrenId = await moveWebinar(CHILDREN, start);
    const group = await newStudents(8);
    for (const s of group) await seats.reserve(childrenId, s.id);
    const other = newRunner();
    const before = (await reminders()).length;

    const passes = await Promise.all([runner.runOnce(), other.runOnce(), runner.runOnce(), other.runOnce()]);
    expect(passes.reduce((a, b) => a + b, 0)).toBe(8);
    t.clock.set(start - 30 * MIN);
    const later = await Promise.all([other.runOnce(), runner.runOnce(), other.runOnce(), runner.runOnce()]);
    expect(later.reduce((a, b) => a + b, 0)).toBe(8);

    expect((await reminders()).slice(before)).toHaveLength(16);
    const { name } = await webinar(CHILDREN);
    for (const s of group) expect(await to(s.email)).toEqual([`Reminder: ${name} starts in 24 hours`, `Reminder: ${name} starts in 1 hour`]);
  });

  it('runs by itself every intervalMs, and close waits for the pass under way', async () => {
    const start = t.clock.now() + 3 * HOUR;
    await moveWebinar(RUBBER_DAM, start);
    // the demo pack fills this webinar with two placeholder attendees before Jordan's waitlist place
    const ticking = newRunner(20);
    await vi.waitFor(async () => expect((await reminders()).filter((m) => m.subject.includes('24 hours') && m.to.endsWith('@demo.invalid'))).toHaveLength(2), { timeout: 5000, interval: 25 });
    await ticking.close();
    expect(await to(JORDAN)).not.toContain(`Reminder: ${(await webinar(RUBBER_DAM)).name} starts in 24 hours`);
    expect(await ticking.runOnce()).toBe(0);
  });
});
