// The lists and layout on a phone (issue 12) at 390 × 844: no layout shift while a list screen loads, compact
// rows of at most 130 px, and no side columns stacked under a page's content.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { demo, expect, expectAccessible, screenReady, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** quality-bars.md: Lighthouse's CLS goal, held here as the plain sum of every shift (stricter than its windows) */
const MAX_CLS = 0.05;
const MAX_ROW_HEIGHT = 130;

/** the sum of the page's layout-shift values since navigation (not caused by input), read after load */
async function layoutShiftSum(page: Page): Promise<{ sum: number; shifts: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ sum: number; shifts: string[] }>((resolve) => {
        let sum = 0;
        const shifts: string[] = [];
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
        const observer = new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Shift[]) {
            if (e.hadRecentInput) continue;
            sum += e.value;
            const nodes = (e.sources ?? []).map((s) => (s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName)));
            shifts.push(`${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms: ${nodes.join(', ')}`);
          }
        });
        // buffered: the shifts from before this observer existed, since the navigation began
        observer.observe({ type: 'layout-shift', buffered: true });
        // the buffered entries arrive in the observer's first callback; two frames later every one is in
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            for (const e of observer.takeRecords() as Shift[]) if (!e.hadRecentInput) sum += e.value;
            observer.disconnect();
            resolve({ sum, shifts });
          }),
        );
      }),
  );
}

/** loaded and settled: the list is in, the network is quiet and the sponsor's slot after main has come */
async function settled(page: Page): Promise<void> {
  await screenReady(page);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.phone-ad')).toBeVisible();
  // anything late (images decoding, an idle callback) has had its chance to move the page
  await page.waitForTimeout(500);
}

for (const url of ['/home', '/ondemand', '/podcasts']) {
  test(`${url} loads at 390 × 844 with a cumulative layout shift of at most ${MAX_CLS}`, async ({ page }) => {
    await page.goto(url);
    await settled(page);
    const { sum, shifts } = await layoutShiftSum(page);
    expect(sum, `layout shifts on ${url}:\n${shifts.join('\n')}`).toBeLessThanOrEqual(MAX_CLS);
  });
}

/** every content row of the screen, e-books included (the home carousel's cards are not rows) */
async function rowHeights(page: Page): Promise<{ title: string; height: number }[]> {
  return page.locator('main .rows:not(.rows-carousel) > .row').evaluateAll((rows) =>
    rows.map((r) => ({ title: r.querySelector('.row-title')?.textContent ?? '', height: Math.round(r.getBoundingClientRect().height) })),
  );
}

async function expectCompactRows(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await screenReady(page);
  const rows = await rowHeights(page);
  expect(rows.length, `${url} shows rows`).toBeGreaterThan(0);
  expect(rows.filter((r) => r.height > MAX_ROW_HEIGHT), `rows taller than ${MAX_ROW_HEIGHT} px on ${url}`).toEqual([]);
  // each row is one link target of a finger's height
  for (const row of await page.locator('main .rows > .row:not(.ebook) .row-link').all()) {
    const box = await row.evaluate((a) => (a as HTMLElement).offsetParent!.getBoundingClientRect().height);
    expect(box).toBeGreaterThanOrEqual(44);
  }
}

const keyword = demo.classes.find((c) => c.kind !== 'live')!.title.split(' ')[0]!;

test('list rows are at most 130 px tall at 390 px on every list a visitor sees', async ({ page }) => {
  for (const url of ['/home', '/webinars', '/ondemand', '/ondemand/2', '/podcasts', '/tutorials', '/ebooks', `/search?q=${encodeURIComponent(keyword)}`]) await expectCompactRows(page, url);
});

test('an e-book row on a phone is its cover, title, price and button; the cover opens its subtitle and blurb', async ({ page }) => {
  await page.goto('/ebooks');
  await screenReady(page);
  const book = demo.ebooks[0]!;
  const row = page.locator('main .row.ebook').filter({ has: page.getByRole('heading', { name: book.title }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Free (must be logged in)')).toBeVisible();
  await row.getByRole('button', { name: `About ${book.title}` }).click();
  const sheet = page.getByRole('dialog', { name: book.title });
  await expect(sheet).toBeVisible();
  if (book.subtitle) await expect(sheet).toContainText(book.subtitle);
  await expect(sheet.getByRole('link', { name: new RegExp(`: ${book.title}$`) })).toHaveAttribute('href', /\/login\?rurl=/);
  await expectAccessible(page, '/ebooks with the e-book sheet open');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(row.getByRole('button', { name: `About ${book.title}` })).toBeFocused();
});

test('list rows are at most 130 px tall at 390 px on the student’s own lists', async ({ page }) => {
  await page.goto(`/login?rurl=${encodeURIComponent('/seats')}`);
  await screenReady(page);
  await page.getByLabel('Username').fill(demo.student.username);
  await page.getByLabel('Password').fill('ce-pass-demo');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/seats$/);
  // an episode started, so home's Continue Listening row (with where it stopped) is measured too
  const episode = (await (await page.request.get('/api/podcasts?page=0')).json()).data[0] as { hash: string; title: string };
  expect((await page.request.post('/api/podcast-view', { data: { p: episode.hash, e: randomUUID() } })).status()).toBe(200);
  expect((await page.request.post('/api/podcast-listen', { data: { p: episode.hash, e: randomUUID(), ranges: [[0, 20]], position: 20 } })).status()).toBe(200);
  for (const url of ['/seats', '/queue', '/pending', '/completed', '/completed?tab=podcasts', '/ebooks', '/home']) await expectCompactRows(page, url);
  await expect(page.getByRole('region', { name: 'Continue Listening' }).getByText(/^\d+:\d\d of \d+:\d\d$/)).toBeVisible();
});

test('no page shows the side columns below its content on a phone; the sponsor keeps one slot after it', async ({ page }) => {
  for (const url of ['/home', '/webinars', '/ondemand', '/podcasts', '/tutorials', '/ebooks', '/about', '/support', '/no-such-page']) {
    await page.goto(url);
    await settled(page);
    await expect(page.getByRole('complementary', { name: 'Browse by category' }), url).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'More continuing education' }), url).toHaveCount(0);
    const ad = page.getByRole('complementary', { name: 'Sponsored' });
    await expect(ad, url).toBeVisible();
    // after the main content, and the only thing there besides the footer
    const [mainBottom, adTop] = await Promise.all([page.locator('main').evaluate((m) => m.getBoundingClientRect().bottom), ad.evaluate((a) => a.getBoundingClientRect().top)]);
    expect(adTop, url).toBeGreaterThanOrEqual(mainBottom);
  }
});

test('home carries the side columns’ categories, webinars and featured course in sections of its own', async ({ page }) => {
  await page.goto('/home');
  await settled(page);
  const categories = page.getByRole('region', { name: 'Categories' });
  await expect(categories.getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Upcoming Live Webinars' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Featured Course' }).getByRole('link').first()).toBeVisible();
  // the rows to swipe are reached with the keyboard too, and the focused card is in view and outlined
  const chips = categories.getByRole('link');
  await chips.last().focus();
  await expect(chips.last()).toBeInViewport();
  const outline = await chips.last().evaluate((a) => getComputedStyle(a).outlineStyle);
  expect(outline).not.toBe('none');
  await expectAccessible(page, '/home at 390 px');
});

test("an episode's page opens on the episode: its title and Play in a phone's first screen, the show's description after it", async ({ page }) => {
  const show = demo.shows[0]!;
  const episode = show.episodes.at(-1)!;
  await page.goto(`/podcast/${show.hash}/${episode.hash}`);
  await screenReady(page);
  const card = page.locator('section.episode');
  await expect(card.getByRole('heading', { name: episode.title })).toBeInViewport();
  await expect(card.getByRole('button', { name: `Play ${episode.title}`, exact: true })).toBeInViewport({ ratio: 1 });
  // the show's own text comes after, under a heading of its own
  const about = page.getByRole('heading', { name: 'About this podcast' });
  await expect(about).toBeVisible();
  expect(await page.evaluate(() => Boolean(document.querySelector('section.episode')!.compareDocumentPosition(document.getElementById('about-show')!) & Node.DOCUMENT_POSITION_FOLLOWING))).toBe(true);
  await expectAccessible(page, "an episode's page");
});
