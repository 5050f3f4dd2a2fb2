// Downloads (issue 15, docs/decisions/0019-downloads.md) with the server process stopped, the truest offline: a
// student downloads an episode (the progress, then Downloaded) and an e-book; in a tunnel, a cold start opens the
// episode page, plays the episode through the app's player and seeks in it (the worker answers the element's
// Range requests with 206 slices of the downloaded file), and the e-book's link opens the kept PDF.
import type { Page } from '@playwright/test';
import { demo, expect, expectAccessible, logIn, newStudent, screenReady, test } from './fixtures.ts';
import { audio, coldStart, RECORD_AUDIO, untilControlled } from './offline-helpers.ts';
import { OWN_SERVER_SLOTS, ownServerFor } from './own-server.ts';

const server = ownServerFor(OWN_SERVER_SLOTS.downloads);

const show = demo.shows[0]!;
const episode = show.episodes[0]!;
/** an episode of the same series never downloaded */
const other = show.episodes[1]!;
/** one saved from its row on the series page */
const third = show.episodes[2]!;
const book = demo.ebooks[0]!;

/** notes every progress bar and Cancel button the page shows, however briefly */
const WATCH_PROGRESS = () => {
  const seen: string[] = [];
  (window as unknown as { __seen: string[] }).__seen = seen;
  const note = () => {
    for (const bar of Array.from(document.querySelectorAll('progress[aria-label], [role="progressbar"][aria-label]'))) seen.push(`progress: ${bar.getAttribute('aria-label')}`);
    for (const button of Array.from(document.querySelectorAll('button[aria-label^="Cancel download"]'))) seen.push(`button: ${button.getAttribute('aria-label')}`);
  };
  new MutationObserver(note).observe(document.body, { childList: true, subtree: true });
};

/** the paths in each of the worker's caches */
const cached = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    return out;
  });

const mp3Path = `/media/audio/podcasts/${episode.hash}.mp3`;
const pdfPath = `/media/${book.pdf}`;

test('a downloaded episode plays and seeks in a tunnel, and a downloaded e-book opens', async ({ page, context, playwright }) => {
  test.setTimeout(120_000);
  await page.addInitScript(RECORD_AUDIO);
  const student = await newStudent(playwright, server.url, 'dl');
  await logIn(page, student, `/podcast/${show.hash}/${episode.hash}`);
  await screenReady(page);
  await untilControlled(page);

  // the download: a progress bar with Cancel while the bytes arrive (from this machine's disk it may last a few
  // frames only, so a watcher notes every bar and Cancel the page showed), then Downloaded with its size
  await page.evaluate(WATCH_PROGRESS);
  await page.getByRole('button', { name: `Download ${episode.title}` }).click();
  await expect(page.getByText(/^Downloaded · \d+\sKB$/)).toBeVisible({ timeout: 30_000 });
  const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
  expect(seen).toContain(`progress: Downloading ${episode.title}`);
  expect(seen).toContain(`button: Cancel download of ${episode.title}`);
  await expectAccessible(page, 'the episode page with its download');

  // an e-book, from its row in the library
  await page.goto('/ebooks');
  await screenReady(page);
  // its arrow says which of the row's two downloads it is (Download opens the PDF now), until it is kept
  const bookRow = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: book.title }) });
  await expect(bookRow.getByText('For offline', { exact: true })).toBeVisible();
  await expectAccessible(page, '/ebooks with its arrows for offline');
  await bookRow.getByRole('button', { name: `Save ${book.title} for offline` }).click();
  await expect(page.getByRole('button', { name: `${book.title} is downloaded` })).toBeVisible({ timeout: 15_000 });
  await expect(bookRow.getByText('For offline', { exact: true })).toHaveCount(0);

  // both on the Downloads screen, with their sizes
  await page.goto('/downloads');
  await screenReady(page);
  await expect(page.getByRole('heading', { name: 'Episodes' })).toBeVisible();
  await expect(page.getByRole('link', { name: episode.title })).toBeVisible();
  await expect(page.getByRole('link', { name: book.title })).toBeVisible();
  await expect(page.getByText(/^2 downloads, \d+\sKB in all\./)).toBeVisible();
  await expectAccessible(page, '/downloads');
  const kept = await cached(page);
  expect(kept['podcast-audio-v1']).toEqual([mp3Path]);
  expect(kept['ebooks-v1']).toEqual([pdfPath]);

  // the series, seen once online: in the tunnel its rows tell what plays with no connection
  await page.goto(`/podcast/${show.hash}`);
  await screenReady(page);
  await expect(page.getByRole('button', { name: `Play ${other.title}`, exact: true }).first()).toBeVisible();
  // where a commuter saves several: each episode's row has its Download (the one shown above has its own, in words)
  const episodes = page.getByRole('region', { name: 'Episodes' });
  await expect(episodes.getByRole('button', { name: /^Download / })).toHaveCount(show.episodes.filter((e) => e.hash !== episode.hash).length);
  await episodes.getByRole('button', { name: `Download ${third.title}` }).click();
  await expect(episodes.getByRole('button', { name: `${third.title} is downloaded` })).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'the series with a row downloaded');

  // the tunnel: no server at all, and the app opened afresh on the episode
  await server.stop();
  let offline = await coldStart(context, RECORD_AUDIO);
  // every answer to the element's requests for the episode: the worker's, sliced to the range asked
  const audioAnswers: string[] = [];
  offline.on('response', (r) => {
    if (new URL(r.url()).pathname === mp3Path) audioAnswers.push(`${r.status()} ${r.fromServiceWorker() ? 'worker' : 'network'} ${r.headers()['content-range'] ?? ''}`);
  });
  await offline.goto(`/podcast/${show.hash}/${episode.hash}`);
  await expect(offline.getByRole('heading', { name: episode.title })).toBeVisible();
  await expect(offline.getByText(/^Downloaded · \d+\sKB$/)).toBeVisible();
  await offline.getByRole('button', { name: `Play ${episode.title}` }).first().click();
  // (howler's first tap also plays its silent unlock element: wait for the episode's own)
  await expect.poll(async () => {
    const now = await audio(offline);
    return now?.src.includes(mp3Path) && !now.paused;
  }, { timeout: 15_000 }).toBe(true);

  // seeking in the full player: the element lands where asked (within a second) and plays on from there
  await offline.getByRole('region', { name: 'Player' }).getByRole('button', { name: `Open the player: ${episode.title}` }).click();
  const player = offline.getByRole('dialog', { name: 'Now Playing' });
  const slider = player.getByRole('slider', { name: 'Position' });
  await slider.press('Home');
  await expect.poll(async () => (await audio(offline))?.time ?? -1).toBeLessThan(3);
  await player.getByRole('button', { name: 'Forward 15 seconds' }).click();
  await player.getByRole('button', { name: 'Forward 15 seconds' }).click();
  await player.getByRole('button', { name: 'Forward 15 seconds' }).click();
  const target = Number(await slider.inputValue());
  expect(target).toBeGreaterThanOrEqual(45);
  const landed = await audio(offline);
  expect(Math.abs((landed?.time ?? -1) - target), `currentTime ${landed?.time} near ${target}`).toBeLessThanOrEqual(1);
  // what the listener sees: the elapsed time near the target, and the audio moving on from there
  await expect(slider).toHaveAttribute('aria-valuetext', /^00:4[5-8] of 01:2\d$/);
  await expect.poll(async () => {
    const now = await audio(offline);
    return now && !now.paused ? now.time : -1;
  }, { timeout: 10_000 }).toBeGreaterThan(target + 1);
  // a Range request answered with the whole file makes Chrome restart long episodes at 0 on a seek: each answer
  // is a 206 slice from the worker
  expect(audioAnswers.length).toBeGreaterThan(0);
  for (const answer of audioAnswers) expect(answer).toMatch(/^206 worker bytes \d+-\d+\/\d+$/);

  // the series in the tunnel (the phone still says it is online; the screen shows what was seen): the downloaded
  // episode's Play as always, an episode not on the device marked as needing a connection before any tap
  offline = await coldStart(context, RECORD_AUDIO);
  await offline.goto(`/podcast/${show.hash}`);
  await expect(offline.getByText(/^Offline — showing what you saw at /)).toBeVisible({ timeout: 15_000 });
  await expect(offline.getByRole('button', { name: `Play ${other.title}: not downloaded, needs a connection` }).first()).toBeVisible();
  await expect(offline.getByRole('button', { name: `Play ${episode.title}`, exact: true }).first()).toBeVisible();
  await expect(offline.getByRole('button', { name: `Play ${third.title}`, exact: true }).first()).toBeVisible();
  await expectAccessible(offline, 'the series in a tunnel, an episode marked as needing a connection');

  // the e-book: its link opens the kept PDF, answered by the worker with the server gone
  offline = await coldStart(context, RECORD_AUDIO);
  const pdf = context.waitForEvent('response', (r) => new URL(r.url()).pathname === pdfPath);
  await offline.goto('/downloads');
  await screenReady(offline);
  await offline.getByRole('link', { name: book.title }).click();
  const response = await pdf;
  expect(response.status()).toBe(200);
  expect(response.fromServiceWorker()).toBe(true);
  expect(response.headers()['content-type']).toContain('application/pdf');
  await server.start();
});
