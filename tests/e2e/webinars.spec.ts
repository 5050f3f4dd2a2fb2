// Live webinars through the running app, each journey with fresh students registered through the API: reserve
// (from logged out), RESERVED on /webinars and /seats, the reservation e-mail with its .ics and cancel link, the
// iCal and Google calendar links, cancelling through the e-mailed link and its confirmation; LIVE NOW on the webinar
// under way (lists, home, Reserved Seats, the live page) and times with their zone; the waitlist and its promotion e-mail;
// Enter Webinar opening the meeting link, and staying disabled until 30 minutes before the start (the browser's
// clock moved with Playwright's and the server's through CLOCK_OFFSET_FILE, on an app of its own); the exam waiting for the webinar's end, then the attendance question and its guard (on that app). Every state visited is scanned with axe.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import ICAL from 'ical.js';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatDateTime } from '../../src/shared/domain/format.ts';
import { clockDataDir, clockOffsetFile, dataDir } from '../playwright.config.ts';
import { clockAppUrl } from './ports.ts';
import { demo, expect, expectAccessible, logIn, newStudent, screenReady, test, waitForMail, type Student } from './fixtures.ts';

// the pack's own fields for live webinars (fixtures.ts reads the pack for everything else)
interface PackLive {
  hash: string;
  kind: string;
  title: string;
  speaker: string;
  company?: string;
  credits: number;
  durationMin: number;
  meetingCode: string | null;
  capacity?: number;
  release: { minutesFromNow?: number };
}
const pack = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../content/demo/pack.json'), 'utf8')) as {
  classes: PackLive[];
  speakers: { key: string; name: string }[];
};
const live = pack.classes.filter((c) => c.kind === 'live');
const minutes = (c: PackLive) => c.release.minutesFromNow ?? Number.POSITIVE_INFINITY;
const startsSoon = live.find((c) => c.meetingCode && minutes(c) > 0 && minutes(c) < 30)!;
const inProgress = live.find((c) => c.meetingCode && minutes(c) < 0)!;
const noMeeting = live.find((c) => !c.meetingCode)!;
// webinars no other journey touches: later than a day, a meeting code, no capacity of their own, none of the demo student's
const demoSeats = new Set(demo.student.seats.map((s) => s.class));
const [forReserve, forWaitlist, forLater] = live
  .filter((c) => c.meetingCode && minutes(c) > 24 * 60 && c.capacity === undefined && !demoSeats.has(c.hash))
  .reverse();
const speakerName = (c: PackLive) => pack.speakers.find((s) => s.key === c.speaker)!.name;
const sponsorName = (c: PackLive) => demo.companies.find((co) => co.key === c.company)?.name;

/** the live page's words to a student who entered a webinar under way (decision 0046) */
const EXAM_OPENS_AT_END = /^The exam opens when the webinar ends, at \d{1,2}:\d{2} [AP]M \S+\.$/;
const EMPTY_SEATS = 'No seats reserved.  Click button below to see upcoming webinars.';
const CONFIRM = 'Please confirm your intent to release your seat.';
const RELEASED = 'Your seat has been released.';
/** the spec's date-time with the zone's abbreviation after it (docs/decisions/0015-live-at-a-glance.md) */
const DATE_TIME_WITH_ZONE = /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) [A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M [A-Z][\w+:-]*$/;

/** an e2e server's database: the journeys move a webinar's start or capacity, as an operator would */
function updateDb(sql: string, ...params: (string | number)[]): void {
  updateDbOf(dataDir, sql, ...params);
}
function updateDbOf(folder: string, sql: string, ...params: (string | number)[]): void {
  const db = new Database(path.join(folder, 'ce-pass.sqlite'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/** a webinar's start, moved to `start`, with its end following (end_date = release_date + duration) */
const moveStart = (c: PackLive, start: number, folder = dataDir) =>
  updateDbOf(folder, 'update classes set release_date = ?, end_date = ? where hash = ?', new Date(start).toISOString(), new Date(start + c.durationMin * 60_000).toISOString(), c.hash);





const classOf = async (api: APIRequestContext, hash: string) => (await (await api.get(`/api/class?c=${hash}`)).json()) as {
  classObj: { releaseDateUTC: string; durationMin: number; capacity: number | null; seatsLeft: number | null };
  studentData?: { hasSeat: boolean; isWaiting: boolean; attendeeId: number };
};

/** a seat taken through the API: the live page books none on opening (decision 0044) */
const reserveFor = async (student: Student, hash: string) => expect((await student.api.post('/api/reserve-seat', { data: { c: hash } })).status()).toBe(200);

const parseIcs = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
};

/** an instant as calendars keep it: to the second */
const toSecond = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);

/** Google's YYYYMMDDTHHMMSSZ */
const googleTime = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');

const seatStatus = (page: Page) => page.locator('main .live-seat');
const enterButton = (page: Page) => page.getByRole('button', { name: 'Enter Webinar', exact: true });

test('a student reserves from the pre-reservation page, adds it to a calendar and cancels through the e-mailed link', async ({ page, playwright, baseURL }) => {
  test.setTimeout(90_000);
  const w = forReserve;
  const student = await newStudent(playwright, baseURL, 'a');
  const { classObj } = await classOf(student.api, w.hash);

  // logged out: the countdown and details, and Reserve Seat leads to the login with this page as the way back
  await page.goto(`/reserve/${w.hash}`);
  await expect(page).toHaveURL(new RegExp(`/classroom-reserve/${w.hash}$`));
  await screenReady(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.title);
  await expect(page.getByRole('timer')).toHaveText(/^\d+ Day\(s\), \d+ Hour\(s\) and \d+ Minute\(s\)$/);
  await expect(page.getByText(speakerName(w)).first()).toBeVisible();
  await expectAccessible(page, '/classroom-reserve logged out');
  await page.getByRole('link', { name: 'Reserve Seat' }).click();
  await expect(page).toHaveURL((u) => u.pathname === '/login' && u.searchParams.get('rurl') === `/classroom-reserve/${w.hash}`);
  // the login screen says why it came up
  await expect(page.getByText('Please log in to continue.')).toBeVisible();
  await page.getByLabel('Username').fill(student.username);
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/classroom-reserve/${w.hash}$`));
  await screenReady(page);

  // Reserve Seat: the live page with the seat
  await page.getByRole('button', { name: 'Reserve Seat' }).click();
  await expect(page).toHaveURL(new RegExp(`/classroom-live/${w.hash}$`));
  await expect(seatStatus(page)).toHaveText('RESERVED');
  await expect(page.getByText('Seat reserved. We e-mailed you the details and a calendar file.')).toBeVisible();
  // a phone has one Back, the app bar's, to the same list; a wide screen keeps the spec's link beside it too
  const backLink = page.getByRole('link', { name: 'Back to upcoming webinars' });
  await expect(page.locator('main .app-bar').getByRole('button', { name: 'Back' })).toBeVisible();
  if (test.info().project.name === 'phone') await expect(backLink).toHaveCount(0);
  else await expect(backLink).toHaveAttribute('href', '/webinars');
  // days ahead: the 30-minute window is not open yet
  await expect(enterButton(page)).toBeDisabled();
  await expect(page.getByText('Enter Webinar opens 30 minutes before the start.')).toBeVisible();
  await expectAccessible(page, '/classroom-live reserved');
  // the pre-reservation page of a seat holder forwards to the live page
  await page.goto(`/reserve/${w.hash}`);
  await expect(page).toHaveURL(new RegExp(`/classroom-live/${w.hash}$`));
  await expect(seatStatus(page)).toHaveText('RESERVED');

  // the calendar links: the server's .ics, and Google's template from the start for the webinar's duration
  const ical = await page.getByRole('link', { name: /iCal/ }).getAttribute('href');
  const ics = await page.request.get(ical!);
  expect(ics.status()).toBe(200);
  expect(ics.headers()['content-type']).toMatch(/^text\/calendar/);
  const downloaded = parseIcs(await ics.text());
  expect(downloaded.summary).toContain(w.title);
  expect(downloaded.startDate.toJSDate()).toEqual(toSecond(Date.parse(classObj.releaseDateUTC)));
  const google = new URL((await page.getByRole('link', { name: /Google Calendar/ }).getAttribute('href'))!);
  expect(`${google.origin}${google.pathname}`).toBe('https://calendar.google.com/calendar/render');
  expect(google.searchParams.get('text')).toContain('Live CE Webinar');
  const start = Date.parse(classObj.releaseDateUTC);
  expect(google.searchParams.get('dates')).toBe(`${googleTime(start)}/${googleTime(start + w.durationMin * 60_000)}`);

  // RESERVED on the webinar list and on Reserved Seats, with the row's details
  await page.goto('/webinars');
  await screenReady(page);
  await expect(page.getByRole('listitem').filter({ hasText: w.title }).getByText('RESERVED', { exact: true })).toBeVisible();
  await page.goto('/seats');
  await screenReady(page);
  await expect(page.getByText('Reserved: 1 Live Webinars', { exact: true })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: w.title });
  await expect(row.getByText('RESERVED', { exact: true })).toBeVisible();
  await expect(row.getByText(speakerName(w), { exact: true })).toBeVisible();
  if (sponsorName(w)) await expect(row.getByText(sponsorName(w)!)).toBeVisible();
  await expect(row.getByText(formatDateTime(classObj.releaseDateUTC), { exact: true })).toBeVisible();
  await expect(row.getByText(`${w.credits} CEU Live, Interactive`, { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: w.title, exact: true })).toHaveAttribute('href', `/classroom-live/${w.hash}`);
  await expect(row.getByRole('link', { name: /^Cancel/ })).toHaveAttribute('href', /^\/cancel-seat\/[\w-]+$/);
  await expect(page.getByText('(local)')).toHaveCount(0);
  await expectAccessible(page, '/seats with a seat');

  // the reservation e-mail: the webinar as an .ics a calendar reads, and the cancel link
  const mail = await waitForMail((m) => m.to === student.email && m.subject === `Seat reserved: ${w.title}`);
  const attachment = mail.attachments.find((a) => a.filename.endsWith('.ics'))!;
  expect(attachment.contentType).toMatch(/^text\/calendar/);
  const mailed = parseIcs(Buffer.from(attachment.base64, 'base64').toString('utf8'));
  expect(mailed.summary).toContain(w.title);
  expect(mailed.startDate.toJSDate()).toEqual(toSecond(start));
  expect(mailed.endDate.toJSDate()).toEqual(toSecond(start + w.durationMin * 60_000));
  const cancelLink = /(http:\/\/\S+\/cancel-seat\/[\w-]+)/.exec(mail.text)![1]!;

  // cancel through the link: I Cannot Attend, the confirmation, then back to the webinars
  await page.goto(cancelLink);
  await screenReady(page);
  await expect(page.getByRole('heading', { name: w.title })).toBeVisible();
  await page.getByRole('button', { name: 'I Cannot Attend' }).click();
  const confirm = page.getByRole('group', { name: CONFIRM });
  await expect(confirm).toBeVisible();
  await expect(confirm).toBeFocused();
  await expectAccessible(page, '/cancel-seat with the confirmation open');
  // changing one's mind returns to the question
  await confirm.getByRole('button', { name: 'Keep My Seat' }).click();
  await expect(page.getByRole('button', { name: 'I Cannot Attend' })).toBeFocused();
  await page.getByRole('button', { name: 'I Cannot Attend' }).click();
  await page.getByRole('group', { name: CONFIRM }).getByRole('button', { name: 'Release My Seat' }).click();
  await expect(page).toHaveURL(/\/webinars$/);
  await screenReady(page);
  // the list it returns to says the seat went, as a status message, until the next navigation
  await expect(page.getByRole('status').filter({ hasText: RELEASED })).toBeVisible();
  await expectAccessible(page, '/webinars after releasing a seat');
  await expect(page.getByRole('listitem').filter({ hasText: w.title })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: w.title }).getByText('RESERVED', { exact: true })).toHaveCount(0);

  // Reserved Seats is empty, in the spec's words (two spaces), with the way to the upcoming webinars
  await page.goto('/seats');
  await screenReady(page);
  await expect(page.locator('main .empty')).toBeVisible();
  expect(await page.locator('main .empty').textContent()).toBe(EMPTY_SEATS);
  await expectAccessible(page, '/seats empty');
  await page.locator('main').getByRole('link', { name: 'Upcoming Webinars' }).click();
  await expect(page).toHaveURL(/\/webinars$/);

  // the link names a released seat now
  await page.goto(cancelLink);
  await screenReady(page);
  await expect(page.getByText('This seat has already been released.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'I Cannot Attend' })).toHaveCount(0);
  // not a dead end: the way on to the webinars
  await page.locator('main').getByRole('link', { name: 'Upcoming Webinars' }).click();
  await expect(page).toHaveURL(/\/webinars$/);

  // the live page opened again (Back to it, the e-mail's link) books nothing: it opens the reservation page
  await page.goto(`/live/${w.hash}`);
  await expect(page).toHaveURL(new RegExp(`/classroom-reserve/${w.hash}$`));
  await expect(page.getByRole('button', { name: 'Reserve Seat' })).toBeVisible();
  expect((await classOf(student.api, w.hash)).studentData).toMatchObject({ hasSeat: false, isWaiting: false, attendeeId: 0 });
  await student.api.dispose();
});

test.describe('a webinar under way', () => {
  // a zone with an abbreviation of its own, so the test sees one (the machine's may be UTC)
  test.use({ timezoneId: 'America/New_York' });

  /**
   * the webinars under way by the server's clock now: the demo's "starts soon" one begins half an hour after
   * the server started, which a slow run on a loaded machine can pass; the screens must agree with the server
   */
  const underWay = async (request: APIRequestContext, baseURL: string | undefined): Promise<string[]> =>
    ((await (await request.get(`${baseURL}/api/upcoming?page=0`)).json()).data as { hash: string; inProgress: boolean }[]).filter((w) => w.inProgress).map((w) => w.hash);

  test('says LIVE NOW on the webinar list and on home, and no other row does; times name their zone @desktop', async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    const start = (await (await page.request.get(`${baseURL}/api/class?c=${inProgress.hash}`)).json()).classObj.releaseDateUTC as string;
    for (const path of ['/webinars', '/home']) {
      await page.goto(path);
      await screenReady(page);
      const main = page.locator('main');
      const live = main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: inProgress.title }) });
      const soon = main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: startsSoon.title }) });
      await expect(live.getByText('LIVE NOW', { exact: true })).toBeVisible();
      await expect(soon).toBeVisible();
      const now = await underWay(page.request, baseURL);
      expect(now).toContain(inProgress.hash);
      await expect(main.getByText('LIVE NOW', { exact: true })).toHaveCount(now.length);
      await expect(soon.getByText('LIVE NOW', { exact: true })).toHaveCount(now.includes(startsSoon.hash) ? 1 : 0);
      // the start in the phone's zone, with the zone named: EST or EDT in New York
      const when = formatDateTime(start, { timeZone: 'America/New_York' });
      expect(when).toMatch(/ E[SD]T$/);
      await expect(live.getByText(when, { exact: true })).toBeVisible();
      await expect(soon.getByText(DATE_TIME_WITH_ZONE)).toBeVisible();
      if (path === '/webinars' && test.info().project.name === 'phone') {
        // the badge sits in the photo's column, under the photo: it adds no height to the row, which is as tall
        // as its text (up to three title lines) or the phone row's least, and at most a phone row's 130 px
        const [row, badge, photo, body] = await Promise.all([live, live.getByText('LIVE NOW', { exact: true }), live.locator('.row-photo'), live.locator('.row-body')].map(async (l) => (await l.boundingBox())!));
        expect(badge.x + badge.width).toBeLessThanOrEqual(body.x);
        expect(badge.y).toBeGreaterThanOrEqual(photo.y + photo.height - 1);
        // (the row's padding and border: 8 + 1 px above and below)
        expect(row.height).toBeLessThanOrEqual(Math.max(118, body.height + 18) + 1);
        expect(row.height).toBeLessThanOrEqual(130);
      }
      await expectAccessible(page, `${path} with a webinar LIVE NOW`);
    }
  });

  test('says LIVE NOW beside the countdown and on Reserved Seats, with the seat @desktop', async ({ page, playwright, baseURL }) => {
    const student = await newStudent(playwright, baseURL, 'n');
    await reserveFor(student, inProgress.hash);
    await logIn(page, student, `/classroom-live/${inProgress.hash}`);
    await expect(seatStatus(page)).toHaveText('RESERVED');
    const line = page.locator('main .live-now-line');
    await expect(line.getByText('LIVE NOW', { exact: true })).toBeVisible();
    await expect(line.getByRole('timer')).toHaveText('Webinar in Progress...');
    // under way, there is nothing left to put in a calendar
    await expect(page.getByRole('heading', { name: 'Add to your calendar' })).toHaveCount(0);
    await expectAccessible(page, '/classroom-live LIVE NOW');

    await page.goto('/seats');
    await screenReady(page);
    const row = page.getByRole('listitem').filter({ hasText: inProgress.title });
    await expect(row.getByText('LIVE NOW', { exact: true })).toBeVisible();
    await expect(row.getByText('RESERVED', { exact: true })).toBeVisible();
    await expect(row.getByText(DATE_TIME_WITH_ZONE)).toBeVisible();
    await expectAccessible(page, '/seats with a webinar LIVE NOW');

    // and the one starting soon is not under way on its own page (unless the run has reached its start)
    await page.goto(`/reserve/${startsSoon.hash}`);
    await screenReady(page);
    if (!(await underWay(page.request, baseURL)).includes(startsSoon.hash)) {
      await expect(page.getByRole('timer')).not.toHaveText('Webinar in Progress...');
      await expect(page.locator('main').getByText('LIVE NOW', { exact: true })).toHaveCount(0);
    }
    await student.api.dispose();
  });
});

test('a full webinar puts the next student on the waitlist, and a released seat promotes them', async ({ page, playwright, baseURL }) => {
  test.setTimeout(90_000);
  const w = forWaitlist;
  const student = await newStudent(playwright, baseURL, 'b');
  // room for two more: the demo's one small webinar keeps its waitlist for the demo student, whom other journeys check
  updateDb('update classes set capacity = seats_taken + 2 where hash = ?', w.hash);
  // read as a student: a visitor's answer may come from the 5-second cache of what every visitor sees alike
  const { seatsLeft } = (await classOf(student.api, w.hash)).classObj;
  expect(seatsLeft).toBeGreaterThan(0);
  const holders: Student[] = [];
  for (let i = 0; i < seatsLeft!; i++) {
    const holder = await newStudent(playwright, baseURL, 'h');
    const seat = await (await holder.api.post('/api/reserve-seat', { data: { c: w.hash } })).json();
    expect(seat).toMatchObject({ status: true, isWaiting: false });
    holders.push(holder);
  }
  expect((await classOf(student.api, w.hash)).classObj.seatsLeft).toBe(0);

  // the next student opens the live page with no seat: it books nothing and opens the reservation page, which says
  // the webinar is full; Reserve Seat takes a waitlist place
  await logIn(page, student, '/webinars');
  await page.goto(`/live/${w.hash}`);
  await expect(page).toHaveURL(new RegExp(`/classroom-reserve/${w.hash}$`));
  await expect(page.getByText('This webinar is full: reserving puts you on the waitlist.')).toBeVisible();
  await page.getByRole('button', { name: 'Reserve Seat' }).click();
  await expect(page).toHaveURL(new RegExp(`/classroom-live/${w.hash}$`));
  await expect(seatStatus(page)).toHaveText('WAITLIST');
  const card = page.getByRole('region', { name: 'You are on the waitlist' });
  await expect(card).toBeVisible();
  await expect(enterButton(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'I Cannot Attend' })).toHaveCount(0);
  await expectAccessible(page, '/classroom-live waitlisted');
  await card.getByRole('button', { name: 'Refresh status' }).click();
  await expect(card.getByText('Checked just now: still on the waitlist.')).toBeVisible();

  // WAITLIST on Reserved Seats, without a Cancel
  await page.goto('/seats');
  await screenReady(page);
  const row = page.getByRole('listitem').filter({ hasText: w.title });
  await expect(row.getByText('WAITLIST', { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: /^Cancel/ })).toHaveCount(0);

  // back on the live page, right after one of its 15-second reloads, so the next one cannot bring the news first
  await page.goto(`/live/${w.hash}`);
  await expect(seatStatus(page)).toHaveText('WAITLIST');
  await page.waitForResponse((r) => r.url().includes(`/api/class?c=${w.hash}`), { timeout: 20_000 });
  // a seat holder releases their seat with the code the server gave them
  const holderSeats = await (await holders[0]!.api.get('/api/seats')).json();
  const code = holderSeats.data.find((s: { hash: string }) => s.hash === w.hash).cancelCode;
  expect((await holders[0]!.api.post('/api/cancel-seat', { data: { code } })).status()).toBe(200);

  // Refresh status shows the seat, and the promotion e-mail arrives
  await card.getByRole('button', { name: 'Refresh status' }).click();
  await expect(seatStatus(page)).toHaveText('RESERVED');
  await expect(card).toHaveCount(0);
  await expect(enterButton(page)).toBeVisible();
  await expect(page.getByRole('link', { name: 'I Cannot Attend' })).toHaveAttribute('href', /^\/cancel-seat\/[\w-]+$/);
  const promoted = await waitForMail((m) => m.to === student.email && m.subject === `A seat opened up: ${w.title}`);
  expect(promoted.text).toMatch(/\/cancel-seat\/[\w-]+/);
  // the seat changed hands: still none left
  expect((await classOf(student.api, w.hash)).classObj.seatsLeft).toBe(0);
  for (const h of holders) await h.api.dispose();
  await student.api.dispose();
});

test('a student on the waitlist leaves it from the live page, and the seat holder keeps the seat (decision 0045)', async ({ page, playwright, baseURL }) => {
  const w = forLater; // on this app, no other journey's: the clock journey moves it on its own app
  const [holder, student] = [await newStudent(playwright, baseURL, 'k'), await newStudent(playwright, baseURL, 'l')];
  updateDb('update classes set capacity = seats_taken + 1 where hash = ?', w.hash);
  await reserveFor(holder, w.hash);
  await reserveFor(student, w.hash);
  expect((await classOf(student.api, w.hash)).studentData).toMatchObject({ isWaiting: true });

  await logIn(page, student, '/webinars');
  await page.goto(`/live/${w.hash}`);
  const card = page.getByRole('region', { name: 'You are on the waitlist' });
  await card.getByRole('link', { name: 'Leave the Waitlist' }).click();
  await expect(page).toHaveURL(/\/cancel-seat\/[\w-]+$/);
  await expect(page.locator('main').getByText('WAITLIST', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Leave the Waitlist' }).click();
  await expect(page.getByText('Please confirm you want to leave the waitlist.')).toBeVisible();
  await expectAccessible(page, '/cancel-seat leaving the waitlist');
  await page.getByRole('button', { name: 'Leave the Waitlist' }).click();
  await expect(page).toHaveURL(/\/webinars$/);
  await expect(page.getByText('You have left the waitlist.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: w.title }).getByText('WAITLIST', { exact: true })).toHaveCount(0);
  // on the server: no place left for her, the seat still the holder's
  expect((await classOf(student.api, w.hash)).studentData).toMatchObject({ isWaiting: false, hasSeat: false });
  expect((await classOf(holder.api, w.hash)).studentData).toMatchObject({ isReserved: true });
  await holder.api.dispose();
  await student.api.dispose();
});

test('Enter Webinar opens the meeting link within 30 minutes of the start', async ({ page, playwright, baseURL }) => {
  test.setTimeout(60_000);
  const student = await newStudent(playwright, baseURL, 'c');
  // the meeting host is outside the test: answer for it
  await page.route('https://zoom.us/**', (route) => route.fulfill({ contentType: 'text/plain', body: 'meeting' }));
  await logIn(page, student, '/webinars');

  // under way: the countdown says so and the way in is open
  await reserveFor(student, inProgress.hash);
  await page.goto(`/live/${inProgress.hash}`);
  await expect(seatStatus(page)).toHaveText('RESERVED');
  await expect(page.getByRole('timer')).toHaveText('Webinar in Progress...');
  await expect(enterButton(page)).toBeEnabled();

  // the attendance question before the webinar was entered: back to the class, saying why; with no seat, the live
  // page is its reservation page
  await page.goto(`/affidavit/${startsSoon.hash}`);
  await expect(page).toHaveURL(new RegExp(`/classroom-reserve/${startsSoon.hash}$`));
  await expect(page.getByText('Please view class before taking exam.')).toBeVisible();

  // starting within 30 minutes: the seat reserved, Enter Webinar goes to the meeting
  await page.getByRole('button', { name: 'Reserve Seat' }).click();
  await expect(page).toHaveURL(new RegExp(`/classroom-live/${startsSoon.hash}$`));
  await expect(seatStatus(page)).toHaveText('RESERVED');
  await expect(enterButton(page)).toBeEnabled();
  await enterButton(page).click();
  await expect(page).toHaveURL(`https://zoom.us/j/${startsSoon.meetingCode}`);
  await expect(page.getByText('meeting')).toBeVisible();

  // entered before the start: the exam is not offered until the webinar begins (the course gate)
  await page.goto(`/live/${startsSoon.hash}`);
  await expect(page.getByRole('timer')).not.toHaveText('Webinar in Progress...');
  await expect(page.getByRole('link', { name: 'Take Exam' })).toHaveCount(0);

  // entered while under way: the attendance question and the exam wait for the webinar's end, and the live page
  // says when (Live credit is for the whole session, decision 0046); asked for directly, the server says no
  await page.goto(`/live/${inProgress.hash}`);
  await enterButton(page).click();
  await expect(page).toHaveURL(`https://zoom.us/j/${inProgress.meetingCode}`);
  await page.goto(`/live/${inProgress.hash}`);
  await expect(page.getByText(EXAM_OPENS_AT_END)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Take Exam' })).toHaveCount(0);
  await expectAccessible(page, '/classroom-live entered, under way');
  await page.goto(`/affidavit/${inProgress.hash}`);
  await expect(page).toHaveURL(new RegExp(`/classroom-live/${inProgress.hash}$`));
  await expect(page.getByText('Exam not available.  Try again later.')).toBeVisible();
  expect((await student.api.post('/api/save-affidavit', { data: { c: inProgress.hash, attended: true } })).status()).toBe(409);
  await student.api.dispose();
});

test.describe('on a server whose clock the journey moves', () => {
  // its own app process (tests/playwright.config.ts), so moving its time never disturbs the other journeys
  test.use({ baseURL: clockAppUrl });
  test.afterEach(() => writeFileSync(clockOffsetFile, '0'));

  test('Enter Webinar stays disabled until 30 minutes before the start, and while the meeting is not ready', async ({ page, playwright, baseURL }) => {
    test.setTimeout(60_000);
    const student = await newStudent(playwright, baseURL, 'd');
    await page.route('https://zoom.us/**', (route) => route.fulfill({ contentType: 'text/plain', body: 'meeting' }));
    // the browser's clock, faked from the first page on, so the test can move it with the server's
    await page.clock.install();
    await logIn(page, student, '/webinars');

    // no meeting code yet, 10 minutes before the start: inside the window, still closed
    moveStart(noMeeting, Date.now() + 10 * 60_000, clockDataDir);
    await reserveFor(student, noMeeting.hash);
    await page.goto(`/live/${noMeeting.hash}`);
    await expect(seatStatus(page)).toHaveText('RESERVED');
    await expect(enterButton(page)).toBeDisabled();
    await expect(page.getByText('The meeting link is not ready yet. Try again in a few minutes.')).toBeVisible();

    // 31 minutes before the start: closed in the browser, and on the server too
    moveStart(forLater, Date.now() + 31 * 60_000, clockDataDir);
    await reserveFor(student, forLater.hash);
    await page.goto(`/live/${forLater.hash}`);
    await expect(seatStatus(page)).toHaveText('RESERVED');
    await expect(page.getByRole('timer')).toHaveText(/^0 Day\(s\), 0 Hour\(s\) and (30|31) Minute\(s\)$/);
    await expect(enterButton(page)).toBeDisabled();
    await expect(page.getByText('Enter Webinar opens 30 minutes before the start.')).toBeVisible();
    const early = await student.api.post('/api/class-start', { data: { c: forLater.hash } });
    expect(early.status()).toBe(409);
    expect((await early.json()).errorMsg).toBe('The webinar opens 30 minutes before it starts.');

    // two minutes later, on both clocks: the alarm fires, the way in opens and stays open through the
    // 15-second reloads (which read the server's time again), and the server lets the student in
    writeFileSync(clockOffsetFile, String(2 * 60_000));
    await page.clock.setSystemTime(Date.now() + 2 * 60_000);
    await expect(enterButton(page)).toBeEnabled({ timeout: 5_000 });
    await expect(page.getByRole('timer')).toHaveText(/^0 Day\(s\), 0 Hour\(s\) and 2[89] Minute\(s\)$/);
    await page.clock.runFor(16_000);
    await expect(enterButton(page)).toBeEnabled();
    await enterButton(page).click();
    await expect(page).toHaveURL(`https://zoom.us/j/${forLater.meetingCode}`);
    await student.api.dispose();
  });

  /** a student seated in the clock server's webinar under way, who entered it; then its end passes on the server */
  const enteredThenEnded = async (page: Page, student: Student) => {
    await page.route('https://zoom.us/**', (route) => route.fulfill({ contentType: 'text/plain', body: 'meeting' }));
    moveStart(inProgress, Date.now() - 15 * 60_000, clockDataDir);
    await reserveFor(student, inProgress.hash);
    await logIn(page, student, `/classroom-live/${inProgress.hash}`);
    await expect(seatStatus(page)).toHaveText('RESERVED');
    await enterButton(page).click();
    await expect(page).toHaveURL(`https://zoom.us/j/${inProgress.meetingCode}`);
    await page.goto(`/live/${inProgress.hash}`);
    await expect(page.getByText(EXAM_OPENS_AT_END)).toBeVisible();
    // the server's clock passes the end; the page, reading the server's time, shows the way on
    writeFileSync(clockOffsetFile, String((inProgress.durationMin - 15 + 1) * 60_000));
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('link', { name: 'Take Exam' })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByText(EXAM_OPENS_AT_END)).toHaveCount(0);
    await expect(enterButton(page)).toHaveCount(0);
    await expect(page.getByText('This webinar has ended.')).toBeVisible();
    await expect(page.getByRole('timer')).toHaveCount(0);
  };

  test("after the end, 'No, I Did Not Attend' leads to the evaluation but no Live credit", async ({ page, playwright, baseURL }) => {
    test.setTimeout(60_000);
    const student = await newStudent(playwright, baseURL, 'n');
    await enteredThenEnded(page, student);
    await expectAccessible(page, '/classroom-live after the end');
    await page.getByRole('link', { name: 'Take Exam' }).click();
    await expect(page).toHaveURL(new RegExp(`/classroom-affidavit/${inProgress.hash}$`));
    await screenReady(page);
    // a webinar's steps: attended, then this question, before the evaluation
    await expect(page.getByText(/^Step 2 of \d · Next: Evaluation$/)).toBeVisible();
    await expectAccessible(page, '/classroom-affidavit');
    await page.getByRole('button', { name: 'No, I Did Not Attend' }).click();
    // spec §2: the evaluation still follows, but there is no Live credit without attending
    await expect(page).toHaveURL(new RegExp(`/eval/${inProgress.hash}$`));
    await page.goto(`/live/${inProgress.hash}`);
    await expect(page.getByText('Live credit requires attending the webinar.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Take Exam' })).toHaveCount(0);
    await expectAccessible(page, '/classroom-live after not attending');
    // and the exam itself says so, whatever the way there
    await page.goto(`/exam/${inProgress.hash}`);
    await expect(page).toHaveURL(new RegExp(`/classroom-live/${inProgress.hash}$`));
    await expect(page.getByText('Live credit requires attending the webinar.').first()).toBeVisible();
    await student.api.dispose();
  });

  test('after the end, Yes I Attended leads to the evaluation and, past it, to the exam for Live credit', async ({ page, playwright, baseURL }) => {
    test.setTimeout(60_000);
    const student = await newStudent(playwright, baseURL, 'y');
    await enteredThenEnded(page, student);
    await page.getByRole('link', { name: 'Take Exam' }).click();
    await page.getByRole('button', { name: 'Yes I Attended' }).click();
    await expect(page).toHaveURL(new RegExp(`/eval/${inProgress.hash}$`));
    // the evaluation through the API (the learning-flow journey fills it in the browser); then the exam opens
    const form = Object.fromEntries(['courseObjectives', 'courseUseful', 'courseAppropriate', 'courseLogical', 'instructorCommunication', 'instructorPreparedness', 'instructorEffectiveness', 'sitePresentation', 'siteNavigation', 'siteComparison'].map((k) => [k, 4]));
    expect((await student.api.post('/api/save-eval', { data: { c: inProgress.hash, a: form } })).status()).toBe(200);
    await page.goto(`/exam/${inProgress.hash}`);
    await expect(page.getByRole('button', { name: 'Submit Exam' })).toBeVisible();
    await student.api.dispose();
  });

  test('LIVE NOW comes with the start on the server’s clock, whatever the phone’s says', async ({ page, playwright, baseURL }) => {
    const student = await newStudent(playwright, baseURL, 'l');
    await logIn(page, student, '/webinars');
    moveStart(forWaitlist, Date.now() + 10 * 60_000, clockDataDir);
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: forWaitlist.title }) });
    await page.reload();
    await screenReady(page);
    await expect(row).toBeVisible();
    await expect(row.getByText('LIVE NOW', { exact: true })).toHaveCount(0);
    // the server's clock passes the start; the browser's does not move
    writeFileSync(clockOffsetFile, String(11 * 60_000));
    await expect(async () => {
      await page.reload();
      await screenReady(page);
      await expect(row.getByText('LIVE NOW', { exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await student.api.dispose();
  });
});
