// The first screen before its JavaScript (decision 0024): /home, /ondemand and /podcasts come as HTML that already
// shows the header, the tab bar, the screen's heading and skeleton rows, or for a visitor the first rows themselves
// with their answers in the page (decisions 0028, 0048); when the app takes over, the heading
// never leaves the page (no loading fallback in its place), rows once shown never give way to a skeleton, and the
// list's data is fetched once, by the preload, or not at all when the page brought it.
import type { Page } from '@playwright/test';
import { demo, expect, expectAccessible, logIn, newStudent, screenReady, test } from './fixtures.ts';

// a visitor's HTML holds the first rows (home's under its section headings, so a row's title is an h3)
const SCREENS = [
  { url: '/home', heading: 'Free dental CE, live and on demand', tab: 'Home', api: '/api/home', rowLevel: 3 },
  { url: '/ondemand', heading: 'On-Demand Webinars', tab: 'Learn', api: '/api/ondemand?page=0', rowLevel: 2 },
  { url: '/podcasts', heading: 'Podcasts', tab: 'Podcasts', api: '/api/podcasts?page=0', rowLevel: 2 },
];

test.describe("with the app's JavaScript blocked", () => {
  for (const s of SCREENS) {
    test(`${s.url} shows its heading, its first rows and the tab bar from the HTML alone @desktop`, async ({ page }) => {
      // (blocked rather than switched off, so that axe, which runs as a script, can still check the shell)
      await page.route(/\.js$/, (route) => route.abort());
      await page.goto(s.url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(s.heading);
      // the rows as the app shows them: a title that links to its page, no skeleton left
      const rows = page.locator('main .row:not(.row-skeleton)');
      await expect(rows.first().getByRole('heading', { level: s.rowLevel }).getByRole('link')).toHaveAttribute('href', /^\/(classroom|podcast)\//);
      expect(await rows.count()).toBeGreaterThanOrEqual(4);
      await expect(page.locator('main .row-skeleton')).toHaveCount(0);
      if (test.info().project.name === 'phone') {
        await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: s.tab })).toHaveAttribute('aria-current', 'page');
        await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
      } else {
        // on a wide screen the shell shows the wide frame: the menu column, no tab bar or menu button
        await expect(page.getByRole('navigation', { name: 'Sections' })).toBeHidden();
        await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
        await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Podcasts' })).toBeVisible();
      }
      await expectAccessible(page, `${s.url}'s prerendered shell`);
    });
  }
});

/** every API call the page makes from now on (path and query), but the page-view log */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/page-view') calls.push(`${url.pathname}${url.search}`);
  });
  return calls;
}

/** every h1 text main had at each change of the page, from the first parse on ('' when it had none) */
async function recordHeadings(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __headings: string[] }).__headings = seen;
    const note = () => {
      const text = document.querySelector('main h1')?.textContent ?? '';
      if (seen[seen.length - 1] !== text) seen.push(text);
    };
    new MutationObserver(note).observe(document, { childList: true, subtree: true });
    // whether main ever showed a skeleton row after a row of content (the app replacing the page's rows)
    const w = window as unknown as { __rowsThenSkeleton: boolean; __hadRows: boolean };
    w.__rowsThenSkeleton = false;
    new MutationObserver(() => {
      if (document.querySelector('main .row:not(.row-skeleton)')) w.__hadRows = true;
      else if (w.__hadRows && document.querySelector('main .row-skeleton')) w.__rowsThenSkeleton = true;
    }).observe(document, { childList: true, subtree: true });
  });
}

for (const s of SCREENS) {
  test(`${s.url}: the app takes over the shell with the same heading, and fetches the list not at all @desktop`, async ({ page }) => {
    const calls = apiCalls(page);
    await recordHeadings(page);
    await page.goto(s.url);
    await screenReady(page);
    await expect(page.locator('main .row').first()).toBeVisible();
    // the app has taken over the shell's frame (replaced, or hydrated: decision 0051)
    await expect(page.locator('.app[data-prerendered]')).toHaveCount(0);
    const headings = await page.evaluate(() => (window as unknown as { __headings: string[] }).__headings);
    expect(headings.filter((h) => h !== ''), 'the h1 from the HTML on, then only the same h1').toEqual([s.heading]);
    expect(headings.indexOf(''), 'no moment without the heading once it was there').toBeLessThanOrEqual(0);
    // rows in the page came with their answers
    expect(calls.filter((c) => c === s.api), `requests for ${s.api}: ${calls.join(', ')}`).toHaveLength(0);
    expect(await page.evaluate(() => (window as unknown as { __rowsThenSkeleton: boolean }).__rowsThenSkeleton), 'rows never give way to a skeleton').toBe(false);
    // nothing takes focus on a first load (the Screen moves focus to the h1 only after a navigation)
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  });
}

// decision 0051: the app hydrates a visitor's rows instead of replacing them (the browser has no new page to style and
// lay out), and the times the server wrote in UTC move to the device's zone once the first screen is in
test.describe("on a phone set to Chicago's time", () => {
  test.use({ timezoneId: 'America/Chicago' });
  test("a visitor's webinars are taken over as they are, then show their times in the device's zone", async ({ page }) => {
    const html = await (await page.request.get('/webinars')).text();
    const sent = /class="row-detail">(\w{3} \w{3} \d+, \d{4} at \d+:\d\d [AP]M) UTC</.exec(html);
    expect(sent, "the HTML writes the first webinar's time in UTC").not.toBeNull();
    await page.addInitScript(() => {
      // the page's own first row, as the HTML made it, to be found again once the app has taken over
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __row: Element | null }).__row = document.querySelector('main .row');
      });
    });
    await page.goto('/webinars');
    await screenReady(page);
    await expect(page.locator('.app[data-prerendered]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __row: Element | null }).__row === document.querySelector('main .row')), 'the same element').toBe(true);
    // the same moment, six hours earlier on the clock in November, named CST (a mismatch would be a page error)
    const instant = new Date(`${sent![1]!.replace(' at ', ' ')} UTC`);
    const chicago = new Date(instant.getTime() - 6 * 3600_000);
    const h = chicago.getUTCHours();
    const clock = `${h % 12 || 12}:${String(chicago.getUTCMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'} CST`;
    await expect(page.locator('main .row').first()).toContainText(clock);
  });
});

// a screen of many URLs (decision 0033): a visitor's classroom or episode page, opened from a link, comes with its
// content rendered in the HTML, and the app takes it over without a change on screen; the classroom reads its class
// once more on every opening (the progress of a student, the server's time for a countdown), an episode does not
const video = demo.classes.find((c) => c.kind === 'video')!;
const show = demo.shows[0]!;
const MANY = [
  { name: 'a classroom', url: `/classroom/${video.hash}`, heading: video.title, detail: 'Speaker', api: `/api/class?c=${video.hash}`, asked: 1 },
  { name: 'an episode', url: `/podcast/${show.hash}/${show.episodes[0]!.hash}`, heading: show.title, detail: show.episodes[0]!.title, api: `/api/podcast?p=${show.episodes[0]!.hash}`, asked: 0 },
];
for (const m of MANY) {
  test(`${m.name}, as a visitor opens it, paints its content from the HTML alone, and the app takes it over with the same heading @desktop`, async ({ page }) => {
    await page.route(/\.js$/, (route) => route.abort());
    await page.goto(m.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.heading);
    await expect(page.locator('main')).toContainText(m.detail);
    await expectAccessible(page, `${m.name}'s page before its scripts`);
    await page.unroute(/\.js$/);

    const calls = apiCalls(page);
    await recordHeadings(page);
    await page.goto(m.url);
    await screenReady(page);
    await expect(page.locator('.app[data-prerendered]')).toHaveCount(0);
    await expect(page.locator('main')).toContainText(m.detail);
    const headings = await page.evaluate(() => (window as unknown as { __headings: string[] }).__headings);
    expect(headings.filter((h) => h !== ''), 'the h1 from the HTML on, then only the same h1').toEqual([m.heading]);
    expect(calls.filter((c) => c.startsWith(m.api)), `requests for ${m.api}: ${calls.join(", ")}`).toHaveLength(m.asked);
  });
}

test('a navigation from a prerendered screen still moves focus to the new heading', async ({ page }) => {
  await page.goto('/home');
  await screenReady(page);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Podcasts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Podcasts' })).toBeFocused();
});

/** the sum of the page's layout-shift values since navigation (not caused by input), as phone-layout.spec.ts reads it */
const layoutShiftSum = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        const add = (entries: PerformanceEntryList) => {
          for (const e of entries as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) sum += e.value;
        };
        const observer = new PerformanceObserver((list) => add(list.getEntries()));
        observer.observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            add(observer.takeRecords());
            observer.disconnect();
            resolve(sum);
          }),
        );
      }),
  );

test.describe('a logged-in student', () => {
  // the worker would answer the navigation with its precached index.html: this is the network's first paint
  test.use({ serviceWorkers: 'block' });

  test("opening /home paints the visitor's shell, and the student's home replaces it without a jump (CLS ≤ 0.05) @desktop", async ({ page, playwright, baseURL }) => {
    const student = await newStudent(playwright, baseURL, 'shell');
    await logIn(page, student, '/home');
    // the login's own landing on /home asks for its lists a moment after its URL changes: that page is left first,
    // so only the visit below is counted
    await page.goto('about:blank');
    await recordHeadings(page);
    const calls = apiCalls(page);
    await page.goto('/home');
    await screenReady(page);
    await expect(page.locator('main .row').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // the build's shell: no visitor's answers in the page for the student's app to start from
    expect(await page.evaluate(() => document.getElementById('first-answers'))).toBeNull();
    // the shell's preload and the app's own request for the lists are one request
    expect(calls.filter((c) => c === '/api/home'), `requests: ${calls.join(', ')}`).toHaveLength(1);
    await page.waitForTimeout(500);
    if (test.info().project.name === 'phone') await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Account' })).toBeVisible();
    const headings = await page.evaluate(() => (window as unknown as { __headings: string[] }).__headings);
    expect(headings.filter((h) => h !== '')).toEqual(['Free dental CE, live and on demand']);
    expect(await layoutShiftSum(page)).toBeLessThanOrEqual(0.05);
  });
});

/** the app's scripts come late, as on a slow phone link (the server's own files, held back for a moment) */
const lateScripts = (page: Page) =>
  page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });

test('rows scrolled before the app takes over stay where the student scrolled them', async ({ page }) => {
  await lateScripts(page);
  await page.goto('/ondemand');
  await expect(page.locator('main .row:not(.row-skeleton)').first()).toBeVisible();
  await expect(page.locator('.app[data-prerendered]')).toHaveCount(1);
  await page.mouse.wheel(0, 900);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  const scrolled = await page.evaluate(() => window.scrollY);
  await screenReady(page);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
});

/** the bodies the page posts to `path` (a route, not a listener: Chromium shows a fetch's body to an interception only) */
async function posted(page: Page, path: string): Promise<unknown[]> {
  const bodies: unknown[] = [];
  await page.route(`**/api/${path}`, async (route) => {
    bodies.push(route.request().postDataJSON());
    await route.continue();
  });
  return bodies;
}

test.describe('before the app takes over a visitor’s rows', () => {
  test.beforeEach(async ({ page }) => {
    await lateScripts(page);
  });

  test('a tap on the featured item opens it once the app is there, with its click logged', async ({ page }) => {
    const clicks = await posted(page, 'featuredcontent-click');
    const cls = demo.classes.find((c) => c.hash === demo.featured.class)!;
    await page.goto('/ondemand');
    await expect(page.locator('.app[data-prerendered]')).toHaveCount(1);
    await page.getByRole('main').getByRole('link', { name: cls.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/classroom/${cls.hash}$`));
    await expect(page.getByRole('heading', { level: 1, name: cls.title })).toBeVisible();
    expect(clicks).toEqual([{ t: 36, h: cls.hash }]);
  });

  test('a tap on a sponsor banner opens its dialog once the app is there, with the click recorded', async ({ page }) => {
    const events = (await posted(page, 'ad-event')) as { a: number; e: number }[];
    const adId = (await (await page.request.get('/api/ondemand?page=0')).json()).mobileAds.banners[0].adId as number;
    await page.goto('/ondemand');
    await expect(page.locator('.app[data-prerendered]')).toHaveCount(1);
    await page.locator('main button.ad-banner').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect.poll(() => events.filter((e) => e.a === adId && e.e === 2).length).toBe(1);
  });

  test('a keyword typed in the search field is kept in the app’s field, with the focus, and searched', async ({ page }) => {
    await page.goto('/ondemand');
    await expect(page.locator('.app[data-prerendered]')).toHaveCount(1);
    const field = page.getByRole('searchbox', { name: 'Search' });
    await field.click();
    await page.keyboard.type('perio');
    await screenReady(page);
    await expect(field).toHaveValue('perio');
    await expect(field).toBeFocused();
    await expect(page).toHaveURL(/[?&]q=perio\b/);
  });
});
