// The podcast player through the running app, as a hygienist on the commute uses it: an episode started from a
// list keeps playing across the app's routes, skips, changes speed, survives a reload paused where it stopped,
// resumes on a second device from the server's position, plays Up Next, answers the lock screen's controls, and
// leads to the exam and the certificate. The audio is the real demo mp3 played by Chromium; an init script
// keeps a handle on the element howler plays through, since it is never in the DOM.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, logIn, newStudent, screenReady, test } from './fixtures.ts';

interface PackExam {
  questions: { question: string; options: string[]; correct: number }[];
}
interface PackEpisode {
  hash: string;
  title: string;
  exam?: PackExam;
}
const root = path.resolve(import.meta.dirname, '../..');
const shows = JSON.parse(readFileSync(path.join(root, 'content/demo/podcasts.json'), 'utf8')) as { podcastShows: { hash: string; title: string; episodes: PackEpisode[] }[] };
const show = shows.podcastShows.find((s) => s.episodes.filter((e) => e.exam).length >= 2)!;
const [first, second] = show.episodes.filter((e) => e.exam) as [PackEpisode, PackEpisode];

// the audio element howler creates is not in the document: keep the one that last started playing
const RECORD_AUDIO = () => {
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    (window as unknown as { __audio: HTMLMediaElement }).__audio = this;
    return play.call(this);
  };
};

const audio = (page: Page) =>
  page.evaluate(() => {
    const a = (window as unknown as { __audio?: HTMLMediaElement }).__audio;
    return a ? { time: a.currentTime, paused: a.paused, rate: a.playbackRate, src: a.src, crossOrigin: a.crossOrigin } : null;
  });
const time = async (page: Page) => (await audio(page))?.time ?? -1;

/** waits until the audio plays past `seconds` */
const playingPast = (page: Page, seconds: number) => expect.poll(async () => ((await audio(page))?.paused === false ? time(page) : -1), { timeout: 15_000 }).toBeGreaterThan(seconds);

const miniPlayer = (page: Page) => page.getByRole('region', { name: 'Player' });
const fullPlayer = (page: Page) => page.getByRole('dialog', { name: 'Now Playing' });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(RECORD_AUDIO);
});

test('an episode started from a list plays on across ten routes, skips, changes speed, and comes back after a reload where it stopped', async ({ page, playwright, baseURL, browser }) => {
  test.setTimeout(120_000);
  const student = await newStudent(playwright, baseURL, 'pl');
  const playLogs: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/podcast-view') playLogs.push(r.url());
  });
  await logIn(page, student, `/podcast/${show.hash}`);
  await screenReady(page);
  // the series page's episode list: the row's play button (the chosen episode's big one comes first)
  await page.getByRole('button', { name: `Play ${first.title}`, exact: true }).last().click();
  await expect(miniPlayer(page)).toContainText(first.title);
  await playingPast(page, 1);
  // the time left under the title, before the show's name (a long one is cut at the end)
  await expect(miniPlayer(page).getByText(/^\d+:\d\d left · /)).toBeVisible();
  const started = await audio(page);
  expect(started?.src).toContain('/media/audio/podcasts/');
  expect(started?.crossOrigin).toBe('anonymous');
  await expectAccessible(page, 'series page with the mini player');
  // the demo episodes last about 90 s: at half speed (one of the spec's) the walk below never reaches the end
  await miniPlayer(page).getByRole('button', { name: `Open the player: ${first.title}` }).click();
  await fullPlayer(page).getByLabel('Speed').selectOption('0.5');
  await expect.poll(async () => (await audio(page))?.rate).toBe(0.5);
  await fullPlayer(page).getByRole('button', { name: 'Close', exact: true }).first().click();

  // ten routes through the tabs and hubs: the same element plays on, its position only rises
  const tabs = page.getByRole('navigation', { name: 'Sections' });
  const main = page.getByRole('main');
  const steps: [string, () => Promise<void>][] = [
    ['/home', () => tabs.getByRole('link', { name: 'Home' }).click()],
    ['/learn', () => tabs.getByRole('link', { name: 'Learn' }).click()],
    ['/webinars', () => main.getByRole('link', { name: /Upcoming Webinars/ }).click()],
    ['/podcasts', () => tabs.getByRole('link', { name: 'Podcasts' }).click()],
    ['/my-ce', () => tabs.getByRole('link', { name: 'My CE' }).click()],
    ['/queue', () => main.getByRole('link', { name: /Watch Later/ }).click()],
    ['/account', () => tabs.getByRole('link', { name: 'Account' }).click()],
    ['/learn', () => tabs.getByRole('link', { name: 'Learn' }).click()],
    ['/ondemand', () => main.getByRole('link', { name: /On-Demand Webinars/ }).click()],
    ['/home', () => tabs.getByRole('link', { name: 'Home' }).click()],
  ];
  let last = await time(page);
  for (const [pathname, go] of steps) {
    await go();
    await expect(page).toHaveURL((u) => u.pathname === pathname);
    await screenReady(page);
    await expect.poll(() => time(page)).toBeGreaterThan(last);
    expect((await audio(page))?.paused).toBe(false);
    last = await time(page);
  }
  await expectAccessible(page, '/home with the mini player');

  // the full player: forward and back 15 s move the audio by 15 s; the speed is the element's playbackRate
  await miniPlayer(page).getByRole('button', { name: `Open the player: ${first.title}` }).click();
  await expect(fullPlayer(page)).toBeVisible();
  await expectAccessible(page, 'the full player');
  // the seek bar: Home goes back to the start
  await fullPlayer(page).getByRole('slider', { name: 'Position' }).press('Home');
  await expect.poll(() => time(page)).toBeLessThan(3);
  await fullPlayer(page).getByRole('button', { name: 'Forward 15 seconds' }).click();
  const before = await time(page);
  await fullPlayer(page).getByRole('button', { name: 'Forward 15 seconds' }).click();
  expect(await time(page)).toBeGreaterThanOrEqual(before + 14);
  expect(await time(page)).toBeLessThan(before + 17);
  const ahead = await time(page);
  await fullPlayer(page).getByRole('button', { name: 'Back 15 seconds' }).click();
  expect(await time(page)).toBeGreaterThanOrEqual(ahead - 15.5);
  expect(await time(page)).toBeLessThan(ahead - 13);
  await fullPlayer(page).getByLabel('Speed').selectOption('1.5');
  await expect.poll(async () => (await audio(page))?.rate).toBe(1.5);

  // paused, the sheet closed, the app reloaded: the mini player shows the episode paused at its position
  await fullPlayer(page).getByRole('button', { name: 'Pause' }).click();
  await expect.poll(async () => (await audio(page))?.paused).toBe(true);
  const stopped = await time(page);
  // a pause after a change of speed is a pause, not the end of the episode (howler's rate() timer)
  await page.waitForTimeout(500);
  await expect(fullPlayer(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  expect(Number(await fullPlayer(page).getByRole('slider', { name: 'Position' }).inputValue())).toBeGreaterThanOrEqual(Math.floor(stopped) - 1);
  await fullPlayer(page).getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(fullPlayer(page)).toHaveCount(0);
  // the pause sent the heard ranges and the position to the server
  await expect.poll(async () => (await (await student.api.get(`/api/podcast?p=${first.hash}`)).json()).studentData.position).toBeGreaterThan(0);
  await page.reload();
  await screenReady(page);
  await expect(miniPlayer(page)).toContainText(first.title);
  await expect(miniPlayer(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expectAccessible(page, 'the mini player after a reload');
  await miniPlayer(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(async () => (await audio(page))?.paused, { timeout: 10_000 }).toBe(false);
  // within 2 s of where it stopped (the element starts at 0 until howler's queued seek lands, a moment later)
  await expect.poll(() => time(page), { timeout: 2000, intervals: [50] }).toBeGreaterThanOrEqual(stopped - 0.5);
  expect(await time(page)).toBeLessThan(stopped + 2);
  // the speed was remembered
  expect((await audio(page))?.rate).toBe(1.5);
  // one play log per start: the first, and the one after the reload; the resumes after a pause are not starts. The
  // second goes out as the reloaded page's outbox sends it, which may be a moment after the audio starts
  await expect.poll(() => playLogs.length).toBe(2);

  // a second device, the same student: the episode resumes from the server's position
  await miniPlayer(page).getByRole('button', { name: 'Pause', exact: true }).click();
  await expect.poll(async () => (await audio(page))?.paused).toBe(true);
  const here = await time(page);
  await expect.poll(async () => (await (await student.api.get(`/api/podcast?p=${first.hash}`)).json()).studentData.position).toBeGreaterThanOrEqual(Math.floor(here) - 1);
  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await other.newPage();
  await phone.addInitScript(RECORD_AUDIO);
  await logIn(phone, student, `/podcast/${show.hash}`);
  await screenReady(phone);
  await phone.getByRole('button', { name: `Play ${first.title}`, exact: true }).last().click();
  await expect.poll(async () => (await audio(phone))?.paused, { timeout: 10_000 }).toBe(false);
  await expect.poll(() => time(phone), { timeout: 2000, intervals: [50] }).toBeGreaterThanOrEqual(Math.floor(here) - 1);
  expect(await time(phone)).toBeLessThan(here + 3);
  await other.close();

  // home offers the started episode to continue
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Home' }).click();
  const listening = page.getByRole('region', { name: 'Continue Listening' });
  await expect(listening).toContainText(first.title);
  // with where she is in it: the player's place while it plays ('00:04 of 01:30'), where it stopped once not
  await expect(listening.getByRole('listitem').filter({ hasText: first.title }).getByText(/^\d+:\d\d of \d+:\d\d$/)).toBeVisible();
  await expectAccessible(page, 'home with Continue Listening');

  // Stop and close: the audio stops and the mini player goes
  await miniPlayer(page).getByRole('button', { name: `Open the player: ${first.title}` }).click();
  await fullPlayer(page).getByRole('button', { name: 'Stop and close player' }).click();
  await expect(miniPlayer(page)).toHaveCount(0);
  expect((await audio(page))?.paused).toBe(true);
  await student.api.dispose();
});

test('the featured episode of /podcasts plays, queues and downloads from its own row', async ({ page }) => {
  const pack = JSON.parse(readFileSync(path.join(root, 'content/demo/pack.json'), 'utf8')) as { featured: { podcast: string } };
  const featured = shows.podcastShows.flatMap((s) => s.episodes).find((e) => e.hash === pack.featured.podcast)!;
  await page.goto('/podcasts');
  await screenReady(page);
  // the featured row is the episode's only row on the list's first page (the list skips its duplicate)
  const row = page.getByRole('listitem').filter({ hasText: 'FEATURED' }).filter({ hasText: featured.title });
  await expect(row.getByRole('button', { name: `Add ${featured.title} to Up Next`, exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Download ${featured.title}`, exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Play ${featured.title}`, exact: true }).click();
  await playingPast(page, 0.5);
  await expect(miniPlayer(page)).toContainText(featured.title);
  // playing from the row stays on the list: the row's link is not followed
  await expect(page).toHaveURL(/\/podcasts$/);
  await expect(row.getByRole('button', { name: `Pause ${featured.title}`, exact: true })).toBeVisible();
  await expectAccessible(page, 'the featured episode playing from its row');
});

test('a queued episode starts when the first ends, and the lock screen’s controls move the audio', async ({ page }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => {
    const handlers: Record<string, MediaSessionActionHandler | null> = {};
    (window as unknown as { __handlers: typeof handlers }).__handlers = handlers;
    const set = navigator.mediaSession.setActionHandler.bind(navigator.mediaSession);
    navigator.mediaSession.setActionHandler = (action, handler) => {
      handlers[action] = handler;
      set(action, handler);
    };
  });
  // a visitor can listen too (only the listening record needs an account)
  await page.goto(`/podcast/${show.hash}`);
  await screenReady(page);
  await page.getByRole('button', { name: `Play ${first.title}`, exact: true }).last().click();
  await playingPast(page, 0.5);

  // the lock screen: metadata with artwork, and the handlers it calls move the audio
  const metadata = await page.evaluate(() => ({ title: navigator.mediaSession.metadata?.title, artwork: navigator.mediaSession.metadata?.artwork.map((a) => a.src) }));
  expect(metadata.title).toBe(first.title);
  expect(metadata.artwork?.[0]).toMatch(/\/media\//);
  const at = await time(page);
  await page.evaluate(() => (window as unknown as { __handlers: Record<string, MediaSessionActionHandler> }).__handlers.seekforward!({ action: 'seekforward' }));
  expect(await time(page)).toBeGreaterThanOrEqual(at + 14);
  await page.evaluate(() => (window as unknown as { __handlers: Record<string, MediaSessionActionHandler> }).__handlers.seekto!({ action: 'seekto', seekTime: 40 }));
  await expect.poll(() => time(page)).toBeGreaterThanOrEqual(40);
  expect(await time(page)).toBeLessThan(43);

  // Up Next: the second episode, added from its row, plays when the first ends
  await page.getByRole('button', { name: `Add ${second.title} to Up Next`, exact: true }).last().click();
  // the row's button changes only its icon: a screen reader hears what it did
  await expect(page.getByRole('status').filter({ hasText: `Added to Up Next: ${second.title}.` })).toBeAttached();
  await miniPlayer(page).getByRole('button', { name: `Open the player: ${first.title}` }).click();
  await expect(fullPlayer(page).getByRole('list')).toContainText(second.title);
  await expectAccessible(page, 'the full player with Up Next');
  // to the end: the seek bar's End key
  await fullPlayer(page).getByRole('slider', { name: 'Position' }).press('End');
  await expect(fullPlayer(page)).toContainText(second.title, { timeout: 20_000 });
  await expect.poll(async () => (await audio(page))?.src, { timeout: 15_000 }).not.toBe('');
  await expect.poll(async () => (await audio(page))?.paused === false && (await audio(page))?.src.includes('/media/audio/podcasts/')).toBe(true);
  // which queue is which: this phone's, not the account's Watch Later
  await expect(fullPlayer(page).getByText('Nothing queued.', { exact: false })).toContainText('they play one after another on this phone (Watch Later is your account');
});

test('the full player’s Take Exam leads through the evaluation and the exam to the certificate', async ({ page, playwright, baseURL }) => {
  test.setTimeout(90_000);
  const student = await newStudent(playwright, baseURL, 'px');
  await logIn(page, student, `/podcast/${show.hash}/${second.hash}`);
  await screenReady(page);
  // before it plays the page says what the student has heard (the server's record); while it plays, where it is
  const progress = page.locator('.episode-heard');
  await expect(progress).toHaveText(/^Not started/);
  await page.getByRole('button', { name: `Play ${second.title}`, exact: true }).first().click();
  await playingPast(page, 0.5);
  await expect(progress).toHaveText(/^\d\d:\d\d of \d\d:\d\d$/);
  await expect(progress).not.toHaveText(/^00:00 of/);
  await miniPlayer(page).getByRole('button', { name: `Open the player: ${second.title}` }).click();
  await fullPlayer(page).getByRole('link', { name: 'Take Exam' }).click();
  await expect(page).toHaveURL((u) => u.pathname === `/eval-podcast/${second.hash}`);
  await screenReady(page);
  // an episode's steps: played, evaluated, examined
  await expect(page.getByText('Step 2 of 3 · Next: Exam', { exact: true })).toBeVisible();
  // the evaluation, in the browser: every rating Excellent
  const excellent = page.getByRole('radio', { name: 'Excellent' });
  for (let i = 0; i < (await excellent.count()); i++) await excellent.nth(i).check();
  await page.getByRole('button', { name: 'Submit Evaluation' }).click();
  await expect(page).toHaveURL((u) => u.pathname === `/exam-podcast/${second.hash}`, { timeout: 15_000 });
  await expect(page.getByText('Step 3 of 3 · Last step', { exact: true })).toBeVisible();
  for (const [i, q] of second.exam!.questions.entries()) {
    await page.getByRole('group', { name: `${i + 1}. ${q.question}`, exact: true }).getByRole('radio', { name: q.options[q.correct - 1], exact: true }).check();
  }
  await page.getByRole('button', { name: 'Submit Exam' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You passed with a score of 100%.' })).toBeVisible();
  const pdf = await page.request.get(`/api/certificate-pdf?p=${second.hash}`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  // the audio played on through the exam
  expect((await audio(page))?.paused).toBe(false);
  await student.api.dispose();
});
