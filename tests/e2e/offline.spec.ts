// What was seen stays (issue 15, docs/decisions/0018-what-was-seen.md), with the server process stopped: after
// one online visit, a cold start shows the shell and every screen the student opened, marked with the time it
// was fetched; screens never opened say they need a connection; logout, online or offline, leaves nothing of
// the student's in IndexedDB or the caches, and the next student sees none of it.
import type { Page } from '@playwright/test';
import { demo, expect, logIn, newStudent, screenReady, stallRequests, test, type Student } from './fixtures.ts';
import { coldStart, deviceStorage, untilControlled, untilKept } from './offline-helpers.ts';
import { OWN_SERVER_SLOTS, ownServerFor } from './own-server.ts';

const server = ownServerFor(OWN_SERVER_SLOTS.offline);

const onDemand = demo.classes.find((c) => c.kind === 'video')!;
const show = demo.shows[0]!;
const episode = show.episodes[0]!;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** any episode of the demo pack: the podcast list shows the newest, whichever they are */
const anyEpisode = new RegExp(`^(${demo.shows.flatMap((s) => s.episodes.map((e) => escape(e.title))).join('|')})$`);

/** the screens the student opens online, what each shows that only its own answer holds, and the answer it keeps */
const visited: { path: string; keeps: string; shows: (page: Page) => ReturnType<Page['getByRole']> | ReturnType<Page['getByText']> }[] = [
  { path: '/home', keeps: 'home', shows: (page) => page.getByRole('heading', { name: 'Upcoming Live Webinars' }) },
  { path: '/ondemand', keeps: 'ondemand', shows: (page) => page.getByRole('heading', { name: onDemand.title }).first() },
  { path: '/podcasts', keeps: 'podcasts', shows: (page) => page.getByRole('heading', { name: anyEpisode }).first() },
  { path: `/classroom/${onDemand.hash}`, keeps: 'class', shows: (page) => page.getByRole('button', { name: /Remove from Watch Later/ }) },
  { path: `/podcast/${show.hash}/${episode.hash}`, keeps: 'podcast', shows: (page) => page.getByRole('heading', { name: episode.title }).first() },
  { path: '/queue', keeps: 'queue', shows: (page) => page.getByRole('heading', { name: onDemand.title }).first() },
  { path: '/completed', keeps: 'completed-webinars', shows: (page) => page.getByRole('heading', { name: /CE Completed/ }) },
  { path: '/account', keeps: 'account-home', shows: (page) => page.getByText(/Your CE credits/) },
];

/** nothing of this student's on the device: no record or cached file names them, nor any answer of theirs */
async function expectNothingOf(page: Page, student: Student, hash: string): Promise<void> {
  const { records, caches } = await deviceStorage(page);
  const everything = JSON.stringify(records);
  for (const trace of [hash, student.username, student.email, student.name.split(' ')[1]!]) expect(everything, `IndexedDB mentions ${trace}`).not.toContain(trace);
  expect(Object.keys(records).filter((k) => /cepass\.(session|player|positions)$/.test(k))).toEqual([]);
  // the login screen a visitor sees keeps its own public answers, belonging to nobody
  const kept = Object.entries(records).find(([k]) => k.endsWith('/cepass.queries'))?.[1];
  if (kept) expect(JSON.parse(kept).owner).toBeNull();
  const files = Object.entries(caches).flatMap(([name, paths]) => paths.map((p) => `${name} ${p}`));
  expect(files.filter((f) => f.includes('/api/') || f.includes('/pdf/ebooks/')), 'cached answers or gated files').toEqual([]);
}

test('after one online visit, a cold start with the server gone shows what was seen, marked with its time', async ({ page, context, playwright }) => {
  test.setTimeout(120_000);
  const student = await newStudent(playwright, server.url, 'off');
  await logIn(page, student, '/home');
  await untilControlled(page);
  const hash = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve) => {
      const open = indexedDB.open('keyval-store');
      open.onsuccess = () => resolve(open.result);
    });
    const get = db.transaction('keyval').objectStore('keyval').get('cepass.session');
    return new Promise<string>((resolve) => (get.onsuccess = () => resolve((get.result as { state: { hash: string } }).state.hash)));
  });

  // online: the class goes to Watch Later, then each screen is opened once
  await page.goto(`/classroom/${onDemand.hash}`);
  await page.getByRole('button', { name: /Add to Watch Later/ }).click();
  await expect(page.getByRole('button', { name: /Remove from Watch Later/ })).toBeVisible();
  for (const screen of visited) {
    const opened = Date.now();
    await page.goto(screen.path);
    await screenReady(page);
    await expect(screen.shows(page)).toBeVisible();
    // the demo's webinar under way: online, its row says so
    if (screen.path === '/home') await expect(page.locator('main').getByText('LIVE NOW', { exact: true }).first()).toBeVisible();
    // kept a moment after it arrives (a reload sooner than that would lose it: the next screen is opened by a reload)
    await untilKept(page, [screen.keeps], opened);
  }
  await untilKept(page, visited.map((screen) => screen.keeps));

  await server.stop();
  let offline = await coldStart(context);
  for (const screen of visited) {
    await offline.goto(screen.path);
    await expect(screen.shows(offline), `${screen.path} offline`).toBeVisible();
    await expect(offline.getByText(/^Offline — showing what you saw at \d{1,2}:\d{2}/)).toBeVisible();
    // what was kept cannot say what is under way now: no LIVE NOW from an answer of before
    await expect(offline.locator('main').getByText('LIVE NOW', { exact: true })).toHaveCount(0);
  }
  // the app's own navigation works the same offline: the menu leads to a kept list
  await offline.goto('/home');
  await expect(offline.getByRole('heading', { name: 'Upcoming Live Webinars' })).toBeVisible();

  // never opened: the screen says it needs a connection, and offers to try again
  for (const path of ['/webinars', '/tutorials', `/exam/${onDemand.hash}`]) {
    offline = await coldStart(context);
    await offline.goto(path);
    await expect(offline.getByText('This page needs a connection. It will load when you are back online.'), `${path} offline`).toBeVisible({ timeout: 15_000 });
    await expect(offline.getByRole('button', { name: 'Try again' })).toBeVisible();
    // nothing kept is shown, though the exam reads its class, kept from the classroom: the banner does not say so
    await expect(offline.getByText(/^Offline — showing what you saw/), `${path} offline`).toHaveCount(0);
  }

  // logging out offline clears the device at once and shows the login screen
  const session = (await context.cookies(server.url)).find((c) => c.httpOnly)!;
  await offline.goto('/logout');
  await offline.getByRole('button', { name: 'Yes, Log Out' }).click();
  await expect(offline).toHaveURL((u) => u.pathname === '/login');
  await expect(offline.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expectNothingOf(offline, student, hash);

  // back online, the logout the server did not hear goes first: the old session is over (the page's logout is held
  // until the session is seen open, or a retry of the login page's queries could send it before the check)
  const logout = await stallRequests(offline, '**/api/logout');
  await server.start();
  const asBefore = await playwright.request.newContext({ baseURL: server.url, extraHTTPHeaders: { cookie: `${session.name}=${session.value}` } });
  expect((await asBefore.get('/api/account-home')).status()).toBe(200);
  logout.release();
  await offline.goto('/home');
  await expect(offline.getByRole('heading', { name: 'Upcoming Live Webinars' })).toBeVisible();
  await expect.poll(async () => (await asBefore.get('/api/account-home')).status()).toBe(401);
  await asBefore.dispose();

  // the next student, online then offline, sees nothing of the one before
  const next = await newStudent(playwright, server.url, 'nxt');
  await logIn(offline, next, '/home');
  await screenReady(offline);
  await untilKept(offline, ['home']);
  await server.stop();
  offline = await coldStart(context);
  await offline.goto('/queue');
  await expect(offline.getByText('This page needs a connection. It will load when you are back online.')).toBeVisible({ timeout: 15_000 });
  await expect(offline.getByRole('heading', { name: onDemand.title })).toHaveCount(0);
  await server.start();
});

test('logging out online leaves nothing of the student on the device; downloaded episodes stay unless asked', async ({ page, playwright }) => {
  test.setTimeout(90_000);
  const book = demo.ebooks[0]!;
  const cachedFiles = async () => Object.values((await deviceStorage(page)).caches).flat();
  for (const removeDownloads of [false, true]) {
    const student = await newStudent(playwright, server.url, removeDownloads ? 'rm' : 'out');
    await logIn(page, student, '/account');
    await untilControlled(page);
    await expect(page.getByText(/Your CE credits/)).toBeVisible();
    // (the AGD reminder asks for the profile too: wait for it here, or leaving the page aborts it)
    await untilKept(page, ['account-home', 'profile']);
    // an episode and an e-book kept for no signal
    await page.goto(`/podcast/${show.hash}/${episode.hash}`);
    // (the second student finds the episode the first kept: downloaded episodes are public and stay)
    if (!removeDownloads) await page.getByRole('button', { name: `Download ${episode.title}` }).click();
    await expect(page.getByText(/^Downloaded · /)).toBeVisible({ timeout: 30_000 });
    await page.goto('/ebooks');
    await page.getByRole('button', { name: `Save ${book.title} for offline` }).click();
    await expect(page.getByRole('button', { name: `${book.title} is downloaded` })).toBeVisible({ timeout: 15_000 });
    expect((await cachedFiles()).filter((f) => f.endsWith('.mp3') || f.endsWith('.pdf'))).toHaveLength(2);
    await page.goto('/completed');
    await screenReady(page);
    await untilKept(page, ['account-home', 'completed-webinars', 'profile']);
    const { records } = await deviceStorage(page);
    const hash = JSON.parse(Object.entries(records).find(([k]) => k.endsWith('/cepass.session'))![1]).state.hash as string;

    await page.goto('/logout');
    const also = page.getByRole('checkbox', { name: /Also remove downloads/ });
    await expect(also).not.toBeChecked();
    if (removeDownloads) await also.check();
    await page.getByRole('button', { name: 'Yes, Log Out' }).click();
    await expect(page).toHaveURL((u) => u.pathname === '/login');
    await expectNothingOf(page, student, hash);
    // Back from the login screen goes where the student was before the logout screen (a screen of theirs, so to
    // the login again), never to a logout screen asking again about a student who is gone
    await page.goBack();
    await expect(page).toHaveURL((u) => u.pathname === '/login' && u.searchParams.get('rurl') === '/completed');
    await expect(page.getByText('Are you sure you want to log out?')).toHaveCount(0);
    // the e-book (gated) is gone either way; the episode (public) stays unless the student asked
    const files = await cachedFiles();
    expect(files.filter((f) => f.endsWith('.pdf'))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.mp3'))).toHaveLength(removeDownloads ? 0 : 1);
    // the server ended the session too
    expect((await (await page.request.get('/api/account-home')).json()).status).toBe(false);
  }
});

test('offline, the next page of a list says it needs a connection rather than showing the page before it, and loads once back online (decision 0045)', async ({ page, context }) => {
  await page.goto(`${server.url}/podcasts`);
  await screenReady(page);
  // installed as a phone has it: the worker in control, the app's files kept
  await untilControlled(page);
  await page.waitForLoadState('networkidle');
  const firstRow = page.locator('main .row:not(.row-skeleton)').first().getByRole('heading', { level: 2 });
  const firstTitle = await firstRow.innerText();
  // the phone loses its signal (the browser knows: its loads wait for the network instead of failing)
  await context.setOffline(true);
  await page.getByRole('navigation', { name: /pages/ }).getByRole('link', { name: /next/i }).click();
  await expect(page).toHaveURL(/\/podcasts\/2$/);
  await expect(page.getByText('This page needs a connection. It will load when you are back online.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: firstTitle, exact: true })).toHaveCount(0);
  await context.setOffline(false);
  await expect(page.locator('main .row:not(.row-skeleton)').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('This page needs a connection. It will load when you are back online.')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: firstTitle, exact: true })).toHaveCount(0);
});
