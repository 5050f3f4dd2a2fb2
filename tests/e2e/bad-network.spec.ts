// A bad network never lies (issue 21): five journeys (browse, Watch Later, the survey with a reload in the
// middle, a seat reserved and released, the profile) with the page's /api calls routed through a faulty
// network at fixed seeds: a request dropped before the server sees it, an answer dropped after the server
// acted, a gateway's 503, and a request stalled for 4.5 s before it goes on. The student acts as a student
// would: when the screen says an action failed, it taps Try again. Each journey counts, in the server's
// database, that nothing was lost and nothing applied twice; that no failure was shown for an action the server
// had applied (a false failure) once the screen settled; and how long the screen stayed busy without a word.
// The figures go to test-results/bad-network.json (README, quality section).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Locator, Page, Route } from '@playwright/test';
import { dataDir } from '../playwright.config.ts';
import { demo, expect, logIn, newStudent, screenReady, stallRequests, test, waitForMail, type Student } from './fixtures.ts';

// the service worker would answer /api itself, out of the route's reach: these journeys are about the network
test.use({ serviceWorkers: 'block' });

type Fault = 'drop-before' | 'drop-after' | '503' | 'stall';
const FAULTS: Fault[] = ['drop-before', 'drop-after', '503', 'stall'];
const STALL_MS = 4500;
/** the words that tell a waiting student what is going on */
const SAID = /connection is slow|needs a connection|waiting to be sent|Saved on this device|Unable to reach CE Pass|took too long/;

interface Figures {
  runs: number;
  actions: number;
  requests: number;
  faults: Record<Fault, number>;
  lost: number;
  twice: number;
  falseFailures: number;
  longestSilentMs: number;
}
/** this journey's own: each must end with none */
const journey = { falseFailures: 0, silentMs: 0, silentWhat: '' };
test.beforeEach(() => {
  journey.falseFailures = 0;
  journey.silentMs = 0;
  journey.silentWhat = '';
});
test.afterEach(({}, testInfo) => {
  if (testInfo.status !== 'passed') return;
  expect(journey.falseFailures, 'a failure shown for an action the server had applied').toBe(0);
  expect(journey.silentMs, `the longest a busy screen said nothing (ms): ${journey.silentWhat}`).toBeLessThan(3000);
});
const figures: Figures = { runs: 0, actions: 0, requests: 0, faults: { 'drop-before': 0, 'drop-after': 0, '503': 0, stall: 0 }, lost: 0, twice: 0, falseFailures: 0, longestSilentMs: 0 };

test.afterAll(() => {
  const file = path.resolve(import.meta.dirname, '../../test-results/bad-network.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`bad network: ${JSON.stringify(figures)}`);
});

/** a small seeded generator (mulberry32): the same seed, the same faults in the same places */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** the server's own record, read from its database file (WAL: readable while it runs) */
function database<T>(read: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, 'ce-pass.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}
const rows = <T,>(sql: string, ...args: unknown[]) => database((db) => db.prepare(sql).all(...args) as T[]);
const studentId = (s: Student) => database((db) => (db.prepare('select id from students where username = ?').get(s.username) as { id: number }).id);

/**
 * Routes the page's /api calls through a faulty network: each call meets a fault with probability `rate`
 * (which fault, by the seed). While a stalled call waits, the screen is watched: busy (a spinner, a busy form,
 * a button saying what it is doing) with none of the words of SAID counts as silent.
 */
async function faultyNetwork(page: Page, seed: number, rate: number): Promise<{ off: () => Promise<void> }> {
  const random = seeded(seed);
  /** while `route` is held: how long the screen is busy without a word */
  const watchSilence = async (route: Route) => {
    let silentSince: number | null = null;
    const end = Date.now() + STALL_MS;
    while (Date.now() < end) {
      const state = await page
        .evaluate(() => ({
          busy:
            document.querySelector('.loading, [aria-busy="true"]') !== null ||
            Array.from(document.querySelectorAll('button:disabled')).some((b) => (b.textContent ?? '').trim().endsWith('…')),
          text: document.body.innerText,
          what: [...Array.from(document.querySelectorAll('.loading, [aria-busy="true"]')).map((e) => e.outerHTML.slice(0, 120)), location.pathname].join(' | '),
        }))
        .catch(() => ({ busy: false, text: '', what: '' }));
      const silent = state.busy && !SAID.test(state.text);
      if (silent) silentSince ??= Date.now();
      else silentSince = null;
      if (silentSince !== null) {
        figures.longestSilentMs = Math.max(figures.longestSilentMs, Date.now() - silentSince);
        if (Date.now() - silentSince > journey.silentMs) {
          journey.silentMs = Date.now() - silentSince;
          journey.silentWhat = `${route.request().url()} stalled; busy: ${state.what}`;
        }
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const handler = async (route: Route) => {
    figures.requests++;
    const fault = random() < rate ? FAULTS[Math.floor(random() * FAULTS.length)]! : null;
    if (fault === null) return route.continue();
    figures.faults[fault]++;
    if (fault === 'drop-before') return route.abort('connectionreset');
    if (fault === '503') return route.fulfill({ status: 503, contentType: 'text/html', body: '<html><body>Service Unavailable</body></html>' });
    if (fault === 'drop-after') {
      // the server acts; its answer never reaches the phone
      await route.fetch().catch(() => null);
      return route.abort('connectionreset');
    }
    await watchSilence(route);
    return route.continue().catch(() => undefined);
  };
  await page.route('**/api/**', handler);
  return { off: () => page.unroute('**/api/**', handler) };
}

/**
 * The student's action until it is done, as a student does it: act, wait for the screen to settle, and when it
 * says the action failed, tap Try again. `applied` reads the server: a failure shown for an applied action is
 * a false failure.
 */
async function untilDone(page: Page, act: () => Promise<void>, done: Locator, applied: () => boolean): Promise<void> {
  figures.actions++;
  await act();
  for (let attempt = 0; attempt < 12; attempt++) {
    const tryAgain = page.getByRole('main').getByRole('button', { name: 'Try again' });
    await expect(done.or(tryAgain).first()).toBeVisible({ timeout: 30_000 });
    if (await done.isVisible()) return;
    // the screen has settled on a failure: the server must not have applied it (a re-read would have shown it)
    await page.waitForTimeout(1500);
    if (await done.isVisible()) return;
    if (applied()) {
      figures.falseFailures++;
      journey.falseFailures++;
    }
    // (it may be trying already, or gone with an answer that just came)
    await tryAgain.click({ timeout: 2000 }).catch(() => undefined);
  }
  throw new Error('the action never went through');
}

const pack = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../content/demo/pack.json'), 'utf8')) as {
  classes: { hash: string; kind: string; title: string; meetingCode?: string | null; capacity?: number; release: { minutesFromNow?: number }; exam?: unknown; sponsoredVideo?: string; survey?: string }[];
  surveys: { key: string; submitLabel: string; questions: unknown[] }[];
};
const webinar = pack.classes.find((c) => c.kind === 'live' && c.meetingCode && (c.release.minutesFromNow ?? 0) > 24 * 60 && c.capacity === undefined)!;
const flowClass = pack.classes.find((c) => c.kind === 'video' && c.exam && c.sponsoredVideo && c.survey)!;
const flowSurvey = pack.surveys.find((s) => s.key === flowClass.survey)!;
const questions = flowSurvey.questions.length;
const onDemand = demo.classes.find((c) => c.kind === 'video')!;

for (const seed of [21, 42]) {
  test.describe(`a bad network, seed ${seed}`, () => {
    test('browse: every list that fails offers Try again, and shows the list once the network lets it', async ({ page, playwright, baseURL }) => {
      test.setTimeout(180_000);
      figures.runs++;
      const student = await newStudent(playwright, baseURL, `bn${seed}b`);
      await logIn(page, student, '/home');
      await screenReady(page);
      await faultyNetwork(page, seed, 0.5);
      for (const path of ['/ondemand', '/podcasts', '/webinars', '/home']) {
        await page.goto(path);
        await untilDone(page, async () => undefined, page.locator('main .rows li').first(), () => false);
      }
    });

    test('Watch Later: an add and a removal reach the server once each, and the list shows them', async ({ page, playwright, baseURL }) => {
      test.setTimeout(180_000);
      figures.runs++;
      const student = await newStudent(playwright, baseURL, `bn${seed}w`);
      const id = studentId(student);
      await logIn(page, student, `/classroom/${onDemand.hash}`);
      await screenReady(page);
      await faultyNetwork(page, seed + 1, 0.5);
      const queued = () => rows<{ removedAt: string | null }>('select q.removed_at as removedAt from queue q join classes c on c.id = q.class_id where q.student_id = ? and c.hash = ?', id, onDemand.hash);
      figures.actions++;
      await page.getByRole('button', { name: 'Add to Watch Later' }).click();
      await expect(page.getByRole('button', { name: 'Remove from Watch Later' })).toBeVisible();
      // the outbox sends it by itself, through the faults: on the server within seconds, without a reload
      await expect.poll(() => queued().filter((q) => q.removedAt === null).length, { timeout: 15_000 }).toBe(1);
      figures.actions++;
      await page.getByRole('button', { name: 'Remove from Watch Later' }).click();
      await expect.poll(() => queued().filter((q) => q.removedAt !== null).length, { timeout: 15_000 }).toBe(1);
      const all = queued();
      if (all.length !== 1) figures.twice += all.length - 1;
      expect(all).toHaveLength(1);
    });

    test('the survey: a reload in the middle resumes at the first question not answered, and each question is answered once', async ({ page, playwright, baseURL }) => {
      test.setTimeout(240_000);
      figures.runs++;
      const student = await newStudent(playwright, baseURL, `bn${seed}s`);
      const id = studentId(student);
      // viewed, evaluated, the sponsor's offer answered: the survey is next
      const api = student.api;
      expect((await api.post('/api/class-view', { data: { c: flowClass.hash } })).ok()).toBe(true);
      const a = Object.fromEntries(['courseObjectives', 'courseUseful', 'courseAppropriate', 'courseLogical', 'instructorCommunication', 'instructorPreparedness', 'instructorEffectiveness', 'sitePresentation', 'siteNavigation', 'siteComparison'].map((k) => [k, 4]));
      expect((await api.post('/api/save-eval', { data: { c: flowClass.hash, a } })).ok()).toBe(true);
      const sva = (await (await api.get(`/api/sva?c=${flowClass.hash}`)).json()) as { data: { id: number }[] };
      expect((await api.post('/api/save-sva-response', { data: { c: flowClass.hash, v: sva.data[0]!.id, e: 2 } })).ok()).toBe(true);
      const answers = () => rows<{ questionId: number }>('select r.question_id as questionId from survey_responses r join classes c on c.id = r.class_id where r.student_id = ? and c.hash = ?', id, flowClass.hash);

      await logIn(page, student, `/survey/${flowClass.hash}`);
      await faultyNetwork(page, seed + 2, 0.4);
      const answer = async (n: number) => {
        const counter = page.getByRole('heading', { name: `Question ${n}/${questions}` });
        await untilDone(page, async () => undefined, counter, () => false);
        await page.getByRole('main').locator('input').first().check();
        const next = page.getByRole('heading', n === questions ? { name: /^Exam/, level: 1 } : { name: `Question ${n + 1}/${questions}` });
        await untilDone(page, () => page.getByRole('main').getByRole('button', { name: n === questions ? flowSurvey.submitLabel : 'Next', exact: true }).click(), next, () => answers().length >= n);
      };
      await answer(1);
      // the answer reaches the server (through the outbox when its answer was lost), then the page is reloaded
      await expect.poll(() => answers().length, { timeout: 20_000 }).toBe(1);
      await page.reload();
      await answer(2);
      for (let n = 3; n <= questions; n++) await answer(n);
      await expect.poll(() => answers().length, { timeout: 20_000 }).toBe(questions);
      const all = answers();
      figures.twice += all.length - new Set(all.map((r) => r.questionId)).size;
      expect(new Set(all.map((r) => r.questionId)).size).toBe(all.length);
    });

    test('a seat reserved and released ends reserved, then released, with one seat on the server', async ({ page, playwright, baseURL }) => {
      test.setTimeout(180_000);
      figures.runs++;
      const student = await newStudent(playwright, baseURL, `bn${seed}r`);
      const id = studentId(student);
      const seats = () => rows<{ status: string }>('select s.status from seats s join classes c on c.id = s.class_id where s.student_id = ? and c.hash = ?', id, webinar.hash);
      // (the canonical path: logIn waits to land on it, and the /reserve alias redirects at once)
      await logIn(page, student, `/classroom-reserve/${webinar.hash}`);
      await screenReady(page);
      await faultyNetwork(page, seed + 3, 0.5);
      const live = page.getByRole('button', { name: /Enter Webinar/ });
      await untilDone(page, () => page.getByRole('button', { name: 'Reserve Seat' }).click(), live, () => seats().some((s) => s.status !== 'cancelled'));
      expect(seats().map((s) => s.status)).toEqual(['reserved']);

      await page.goto('/seats');
      const cancel = page.getByRole('link', { name: `Cancel seat: ${webinar.title}` });
      await untilDone(page, async () => undefined, cancel, () => false);
      await cancel.click();
      await untilDone(page, async () => undefined, page.getByRole('button', { name: 'I Cannot Attend' }), () => false);
      await page.getByRole('button', { name: 'I Cannot Attend' }).click();
      const released = page.getByText('Your seat has been released.');
      await untilDone(page, () => page.getByRole('button', { name: 'Release My Seat' }).click(), released, () => seats().every((s) => s.status === 'cancelled'));
      const all = seats();
      if (all.length > 1) figures.twice += all.length - 1;
      if (all.some((s) => s.status !== 'cancelled')) figures.lost++;
      expect(all.map((s) => s.status)).toEqual(['cancelled']);
    });

    test('the profile: a change saved through the faults is on the server, and said only when it is', async ({ page, playwright, baseURL }) => {
      test.setTimeout(180_000);
      figures.runs++;
      const student = await newStudent(playwright, baseURL, `bn${seed}p`);
      const id = studentId(student);
      const city = `Portland ${seed}`;
      const stored = () => (rows<{ city: string }>('select city from students where id = ?', id)[0]?.city ?? '');
      await logIn(page, student, '/account');
      await faultyNetwork(page, seed + 4, 0.5);
      await untilDone(page, async () => undefined, page.getByRole('tab', { name: 'Profile' }), () => false);
      await page.getByRole('tab', { name: 'Profile' }).click();
      const field = page.getByLabel('City');
      await untilDone(page, async () => undefined, field, () => false);
      await field.fill(city);
      await untilDone(page, () => page.getByRole('button', { name: 'Update Profile' }).click(), page.getByText('Profile updated.'), () => stored() === city);
      if (stored() !== city) figures.lost++;
      expect(stored()).toBe(city);
    });
  });
}

test('a load that never answers: slow is said within 3 s with Cancel, it gives up at 15 s with Try again, which loads the list; Refresh loads a list again in place', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  figures.runs++;
  const student = await newStudent(playwright, baseURL, 'bnstall');
  await logIn(page, student, '/home');
  await screenReady(page);
  // every /api/podcasts request waits until the network comes back (past the client's 15 s limit)
  const podcasts = await stallRequests(page, '**/api/podcasts?**');
  const nav = page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Podcasts' });
  const slow = page.getByText('The connection is slow. Still loading…');

  figures.actions++;
  await nav.click();
  const opened = Date.now();
  await expect(slow).toBeVisible({ timeout: 3000 });
  figures.longestSilentMs = Math.max(figures.longestSilentMs, Date.now() - opened);
  // leaving a load is safe: Cancel goes back where the student came from
  await page.getByRole('main').getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL((u) => u.pathname === '/home');

  figures.actions++;
  await nav.click();
  await expect(slow).toBeVisible({ timeout: 3000 });
  // a bounded wait: given up with its message, not a spinner with no end, and not tried again for another 30 s
  await expect(page.getByText('CE Pass took too long to answer. Try again.')).toBeVisible({ timeout: 17_000 });
  expect(podcasts.asked()).toBe(2);
  podcasts.release();
  await page.getByRole('main').getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('main .rows li').first()).toBeVisible();

  // Refresh, in the title row: the list is asked for again, in place, and the student is told when it is done
  figures.actions++;
  const before = podcasts.asked();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Updated just now.' })).toHaveCount(1);
  expect(podcasts.asked()).toBeGreaterThan(before);
  await expect(page.locator('main .rows li').first()).toBeVisible();
});

for (const cut of ['whole answer', 'answer after its headers'] as const) {
  test(`a login link whose ${cut} is lost still logs in: its retry is answered as the first was (decision 0039)`, async ({ page, playwright, baseURL }) => {
    const student = await newStudent(playwright, baseURL, cut === 'whole answer' ? 'bnlink' : 'bnlinkh');
    const welcome = await waitForMail((m) => m.to === student.email && m.subject === 'Welcome to CE Pass');
    const link = /(http:\/\/\S+\/login\/\S+)/.exec(welcome.text)![1]!;
    // the first try reaches the server, which spends the link and opens a session; the phone never hears of it
    // (with its headers, the cookie comes, as a connection cut in the middle of the body leaves it)
    let tries = 0;
    await page.route('**/api/login-link', async (route) => {
      if (++tries > 1) return route.continue();
      const answer = await route.fetch();
      if (cut === 'whole answer') await page.context().clearCookies();
      expect(answer.status()).toBe(200);
      return route.abort('connectionreset');
    });
    await page.goto(link);
    await expect(page).toHaveURL((u) => u.pathname === '/home', { timeout: 15_000 });
    await screenReady(page);
    expect(tries).toBe(2);
    await expect(page.getByText('This login link is no longer valid. Log in with your username and password.')).toHaveCount(0);
    expect((await (await page.request.get('/api/student')).json()).student.username).toBe(student.username);
    await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Account' })).toBeVisible();
  });
}
