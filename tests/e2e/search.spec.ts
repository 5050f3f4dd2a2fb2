// Search (spec §2 and §4, with docs/decisions/0012-search-while-typing.md). The field searches as the user types:
// grouped results on /search (from /home too), a list narrowed in place; earlier requests are cancelled; Back
// leaves the search in one step. The panel (Filters): a category narrows /search and a company /podcasts;
// choosing one filter clears the others; 'Include All Content' goes to /search; clear resets; a keyword the
// server would drop (spec §5) is refused. The expected results come from the demo pack and the server's own
// answers, never from numbers written here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { demo, expect, expectAccessible, screenReady, test } from './fixtures.ts';

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, 'content/demo', file), 'utf8'));
const pack = readJson('pack.json') as {
  categories: { key: string; name: string }[];
  companies: { key: string; name: string }[];
  classes: { hash: string; kind: string; title: string; company: string | null }[];
};
const pods = readJson('podcasts.json') as { podcastShows: { company: string | null }[] };

const PLACEHOLDER = 'Search by topic, speaker or company';
const field = (page: Page) => page.getByRole('searchbox', { name: 'Search' });
const companyName = (key: string) => pack.companies.find((c) => c.key === key)!.name;

/** a word of an on-demand class title (the longest), which the keyword search must find */
const ondemandClass = demo.classes.find((c) => c.kind === 'video')!;
const keyword = ondemandClass.title.split(/[^A-Za-z]+/).reduce((a, b) => (b.length > a.length ? b : a), '');

async function searchItems(request: APIRequestContext) {
  return (await (await request.get('/api/search-items')).json()) as { catList: { categoryID: number; categoryName: string }[]; companyList: { companyID: number; companyName: string }[] };
}

async function totalRows(request: APIRequestContext, list: string, query = ''): Promise<number> {
  return (await (await request.get(`/api/${list}?page=0${query}`)).json()).totalRows;
}

async function openPanel(page: Page) {
  await page.getByRole('search').getByRole('button', { name: 'Filters' }).click();
  const panel = page.getByRole('dialog', { name: 'Search' });
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('search bar and panel @desktop', () => {
  test('a keyword typed in the field narrows /ondemand in place, without pressing Search', async ({ page, request }) => {
    const all = await totalRows(request, 'ondemand');
    const found = await totalRows(request, 'ondemand', `&q=${encodeURIComponent(keyword)}`);
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(all);

    await page.goto('/ondemand');
    await screenReady(page);
    await expect(field(page)).toHaveAttribute('placeholder', PLACEHOLDER);
    await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(0);
    await field(page).pressSequentially(keyword, { delay: 20 });

    await expect(page).toHaveURL((u) => u.pathname === '/ondemand' && u.searchParams.get('q') === keyword);
    await screenReady(page);
    await expect(field(page)).toHaveValue(keyword);
    await expect(field(page)).toBeFocused();
    await expect(page.getByText(`On-demand courses: ${found}`, { exact: true })).toBeVisible();
    await expect(page.getByText(ondemandClass.title, { exact: true }).first()).toBeVisible();
  });

  test('a category narrows /search, where the panel has no Include All Content', async ({ page, request }) => {
    const category = pack.categories[0]!;
    const cid = (await searchItems(request)).catList.find((c) => c.categoryName === category.name)!.categoryID;
    const results = await (await request.get(`/api/search?cid=${cid}`)).json();
    expect(results.classes.totalRows).toBeLessThan(await totalRows(request, 'ondemand'));

    await page.goto('/search');
    await screenReady(page);
    const panel = await openPanel(page);
    await expect(panel.getByLabel('Include All Content')).toHaveCount(0);
    await panel.getByLabel('Category').selectOption({ label: category.name });
    await panel.getByRole('button', { name: 'Search', exact: true }).click();

    await expect(page).toHaveURL((u) => u.pathname === '/search' && u.search === `?cid=${cid}`);
    await screenReady(page);
    await expect(page.getByRole('search')).toContainText(`Category: ${category.name}`);
    await expect(field(page)).toHaveValue('');
    await expect(page.getByRole('heading', { name: `On-Demand (${results.classes.totalRows})` })).toBeVisible();
    if (results.podcasts.totalRows > 0) await expect(page.getByRole('heading', { name: `Podcasts (${results.podcasts.totalRows})` })).toBeVisible();
    await expectAccessible(page, '/search with a category');
  });

  test('a company narrows /podcasts and stays on the list', async ({ page, request }) => {
    const name = companyName(pods.podcastShows.find((s) => s.company)!.company!);
    const coid = (await searchItems(request)).companyList.find((c) => c.companyName === name)!.companyID;
    const found = await totalRows(request, 'podcasts', `&coid=${coid}`);
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(await totalRows(request, 'podcasts'));

    await page.goto('/podcasts');
    await screenReady(page);
    const panel = await openPanel(page);
    await panel.getByLabel('Company').selectOption({ label: name });
    await panel.getByRole('button', { name: 'Search', exact: true }).click();

    await expect(page).toHaveURL((u) => u.pathname === '/podcasts' && u.search === `?coid=${coid}`);
    await screenReady(page);
    await expect(page.getByRole('search')).toContainText(`Company: ${name}`);
    await expect(page.getByText(`Podcast episodes: ${found}`, { exact: true })).toBeVisible();
  });

  test('one filter at a time: a category clears keyword and company, a company the category, a keyword both', async ({ page }) => {
    await page.goto('/ondemand');
    await screenReady(page);
    const panel = await openPanel(page);
    const [kw, category, company] = [panel.getByLabel('Keyword'), panel.getByLabel('Category'), panel.getByLabel('Company')];
    await kw.fill(keyword);
    await category.selectOption({ label: pack.categories[1]!.name });
    await expect(kw).toHaveValue('');
    await expect(company).toHaveValue('');
    await company.selectOption({ label: pack.companies[1]!.name });
    await expect(category).toHaveValue('');
    await expect(kw).toHaveValue('');
    await kw.fill(keyword);
    await expect(company).toHaveValue('');
    await expect(category).toHaveValue('');
    await category.selectOption({ label: pack.categories[2]!.name });
    await expect(kw).toHaveValue('');
  });

  test('clear resets the bar and shows the whole list', async ({ page }) => {
    await page.goto(`/ondemand/2?q=${encodeURIComponent(keyword)}`);
    await screenReady(page);
    await expect(field(page)).toHaveValue(keyword);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page).toHaveURL((u) => u.pathname === '/ondemand' && u.search === '');
    await screenReady(page);
    await expect(field(page)).toHaveValue('');
    await expect(field(page)).toBeFocused();
    await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(0);
  });

  test('a keyword the server would drop is refused in the panel; 3m is searched', async ({ page }) => {
    await page.goto('/home');
    await screenReady(page);
    const panel = await openPanel(page);
    const kw = panel.getByLabel('Keyword');
    await expect(kw).toHaveAttribute('maxlength', '30');
    await kw.fill('ab');
    await panel.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(panel.getByText('Enter at least 3 characters.')).toBeVisible();
    await expect(kw).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL((u) => u.pathname === '/home' && u.search === '');
    await kw.fill('3m');
    await expect(panel.getByText('Enter at least 3 characters.')).toHaveCount(0);
    await kw.press('Enter');
    await expect(page).toHaveURL((u) => u.pathname === '/search' && u.searchParams.get('q') === '3m');
    await screenReady(page);
    await expect(field(page)).toHaveValue('3m');
  });

  test('/tutorials: a filter offers Show All Related Content, and Include All Content goes to /search', async ({ page, request }) => {
    const tutorial = pack.classes.find((c) => c.kind === 'tutorial' && c.company)!;
    const name = companyName(tutorial.company!);
    const coid = (await searchItems(request)).companyList.find((c) => c.companyName === name)!.companyID;

    await page.goto('/tutorials');
    await screenReady(page);
    await expect(page.getByRole('link', { name: 'Show All Related Content »' })).toHaveCount(0);
    let panel = await openPanel(page);
    await panel.getByLabel('Company').selectOption({ label: name });
    await panel.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL((u) => u.pathname === '/tutorials' && u.search === `?coid=${coid}`);
    await screenReady(page);
    await expect(page.getByText(tutorial.title, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Show All Related Content »' })).toHaveAttribute('href', `/search?coid=${coid}`);

    panel = await openPanel(page);
    await expect(panel.getByLabel('Company')).toHaveValue(String(coid));
    await panel.getByLabel('Include All Content').check();
    await panel.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL((u) => u.pathname === '/search' && u.search === `?coid=${coid}`);
    await screenReady(page);
    await expect(page.getByRole('search')).toContainText(`Company: ${name}`);
  });

  test('the panel is a labelled modal: keyboard in, Escape out to Filters, accessible, sized to the screen', async ({ page }) => {
    await page.goto('/webinars');
    await screenReady(page);
    const bar = page.getByRole('search').getByRole('button', { name: 'Filters' });
    await bar.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Search' });
    await expect(panel).toBeVisible();
    await expect(panel.getByLabel('Keyword')).toBeFocused();
    await expect(bar).toHaveAttribute('aria-expanded', 'true');

    const viewport = page.viewportSize()!;
    const box = (await panel.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(viewport.height - 1);
    if (viewport.width < 600) expect(box.width).toBeGreaterThanOrEqual(viewport.width - 1);
    else expect(box.x + box.width).toBeGreaterThanOrEqual(viewport.width - 1);
    for (const control of [panel.getByLabel('Category'), panel.getByLabel('Company'), panel.getByRole('button', { name: 'Search', exact: true })]) {
      expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    }
    await expectAccessible(page, 'search panel open');

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(bar).toBeFocused();
    await expect(bar).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
    await expect(bar).toBeFocused();

    // on a desktop the page shows beside the panel, and a click there closes it
    if (viewport.width >= 600) {
      await bar.click();
      await expect(panel).toBeVisible();
      await page.mouse.click(10, viewport.height / 2);
      await expect(panel).toBeHidden();
    }
  });
});

/** the server's own answer for a keyword: what the screen must show */
async function searchAnswer(request: APIRequestContext, q: string) {
  return (await (await request.get(`/api/search?q=${encodeURIComponent(q)}`)).json()) as Record<'webinars' | 'classes' | 'podcasts' | 'tutorials' | 'ebooks', { totalRows: number; data: { className?: string; title?: string }[] }>;
}
const KINDS = [
  ['webinars', 'Live Webinars'],
  ['classes', 'On-Demand'],
  ['podcasts', 'Podcasts'],
  ['tutorials', 'Product Training'],
  ['ebooks', 'eBooks'],
] as const;

/** every kind's heading with its count, as the server counted them, and no heading for a kind it did not find */
async function expectGroups(page: Page, answer: Awaited<ReturnType<typeof searchAnswer>>, q: string, timeout?: number) {
  const total = KINDS.reduce((sum, [kind]) => sum + answer[kind].totalRows, 0);
  await expect(page.locator('.search-summary')).toHaveText(`${total} results for “${q}”`, { timeout });
  for (const [kind, title] of KINDS) {
    const heading = page.getByRole('heading', { name: new RegExp(`^${title} \\(\\d+\\)$`) });
    if (answer[kind].totalRows === 0) await expect(heading).toHaveCount(0);
    else await expect(heading).toHaveText(`${title} (${answer[kind].totalRows})`);
  }
}

/** the /api/search keywords the page asks for, and those whose request was abandoned */
function watchSearches(page: Page) {
  const asked: string[] = [];
  const cancelled: { q: string; error: string }[] = [];
  const q = (url: string) => new URL(url).searchParams.get('q') ?? '';
  const isSearch = (url: string) => new URL(url).pathname === '/api/search';
  page.on('request', (r) => isSearch(r.url()) && asked.push(q(r.url())));
  page.on('requestfailed', (r) => isSearch(r.url()) && cancelled.push({ q: q(r.url()), error: r.failure()?.errorText ?? '' }));
  return { asked, cancelled };
}

test.describe('search while typing @desktop', () => {
  test("typing 'fluo' on home shows the results grouped by kind without pressing Search, e-books and product training too", async ({ page, request }) => {
    const answer = await searchAnswer(request, 'fluo');
    expect(answer.ebooks.totalRows, 'the demo has an e-book about fluoride').toBeGreaterThan(0);
    expect(answer.tutorials.totalRows, 'and a tutorial').toBeGreaterThan(0);
    const featured = demo.classes.find((c) => c.hash === demo.featured.class)!;

    await page.goto('/home');
    await screenReady(page);
    const main = page.locator('main');
    await expect(main.getByText(featured.title, { exact: true }).first()).toBeVisible();
    const { asked } = watchSearches(page);
    await field(page).pressSequentially('fluo', { delay: 40 });

    await expect(page).toHaveURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'fluo');
    await screenReady(page);
    // the typing goes on in the same field on the new screen
    await expect(field(page)).toBeFocused();
    await expect(field(page)).toHaveValue('fluo');
    await expectGroups(page, answer, 'fluo');
    const books = page.locator('section', { has: page.getByRole('heading', { name: /^eBooks/ }) });
    await expect(books.getByRole('heading', { name: answer.ebooks.data[0]!.title! })).toBeVisible();
    const training = page.locator('section', { has: page.getByRole('heading', { name: /^Product Training/ }) });
    await expect(training.getByRole('link', { name: answer.tutorials.data[0]!.className! })).toBeVisible();
    // the featured course does not match 'fluo': it is not shown above the results (a wide screen's side column
    // still lists it under Featured CE, outside the results)
    await expect(main.getByText(featured.title, { exact: true })).toHaveCount(0);
    // a keyword too short to search is never sent (spec §5), and the last one asked is the one shown
    expect(asked.filter((q) => q.length < 3)).toEqual([]);
    expect(asked.at(-1)).toBe('fluo');
    await expectAccessible(page, 'search results while typing');
  });

  test('typing on at a phone’s pace while home gives way to /search loses no letter', async ({ page }) => {
    await page.goto('/home');
    await screenReady(page);
    // a pause after 'flu' opens /search; the letters typed while it loads reach its field
    await field(page).pressSequentially('fluoride', { delay: 350 });
    await expect(page).toHaveURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'fluoride');
    await expect(field(page)).toHaveValue('fluoride');
    await expect(field(page)).toBeFocused();
  });

  test('a fast typist: the request the newer keystrokes overtook is cancelled, and the results are the last keyword’s', async ({ page, request, context }) => {
    const answer = await searchAnswer(request, 'fluo');
    const implant = await searchAnswer(request, 'implant');
    const implantOnly = implant.classes.data.map((c) => c.className!).find((t) => !answer.classes.data.some((c) => c.className === t))!;
    expect(implantOnly).toBeTruthy();

    await page.goto('/search');
    await screenReady(page);
    // a slow connection, as on a phone in a clinic's basement: an answer takes 4 s to come (long enough that
    // the next keystrokes overtake it even on a loaded CI machine)
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 4000, downloadThroughput: -1, uploadThroughput: -1 });
    const { asked, cancelled } = watchSearches(page);

    await field(page).fill('implant');
    // the typing paused: 'implant' is asked for, and is still on its way when the typist goes on
    await expect.poll(() => asked, { intervals: [50] }).toEqual(['implant']);
    await field(page).fill('fluo');

    await expectGroups(page, answer, 'fluo', 15_000);
    expect(asked).toEqual(['implant', 'fluo']);
    expect(cancelled).toEqual([{ q: 'implant', error: expect.stringMatching(/ABORTED/) }]);
    await expect(page.getByText(implantOnly, { exact: true })).toHaveCount(0);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  });

  test('the URL follows the field without a history entry per keystroke: Back leaves the search in one step', async ({ page }) => {
    await page.goto('/home');
    await screenReady(page);
    await field(page).pressSequentially('fluo', { delay: 40 });
    await expect(page).toHaveURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'fluo');
    await screenReady(page);
    // a pause, more letters, another pause: each one replaces the entry
    await field(page).pressSequentially('ride', { delay: 40 });
    await expect(page).toHaveURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'fluoride');
    await expect(page.locator('.search-summary')).toHaveText(/results for “fluoride”/);
    await field(page).press('Backspace');
    await expect(page).toHaveURL((u) => u.searchParams.get('q') === 'fluorid');
    await page.goBack();
    await expect(page).toHaveURL((u) => u.pathname === '/home' && u.search === '');
    await screenReady(page);
  });

  test('Enter searches at once, Escape clears the field and the search', async ({ page, request }) => {
    const answer = await searchAnswer(request, 'implant');
    await page.goto('/search');
    await screenReady(page);
    await field(page).fill('implant');
    await field(page).press('Enter');
    // no waiting for a pause: the URL changed in the key press itself
    expect(await page.evaluate(() => window.location.search)).toBe('?q=implant');
    await expectGroups(page, answer, 'implant');
    // on a phone Search puts the keyboard away, so the results it covered can be seen
    if (test.info().project.name === 'phone') await expect(field(page)).not.toBeFocused();

    await field(page).focus();
    await field(page).press('Escape');
    await expect(field(page)).toHaveValue('');
    await expect(page).toHaveURL((u) => u.pathname === '/search' && u.search === '');
    await expect(page.locator('.search-summary')).toHaveText(/^\d+ results$/);
  });

  test('a keyword too short to search, and one that finds nothing, say so quietly and pass axe and the 44 px audit', async ({ page }) => {
    await page.goto('/search');
    await screenReady(page);
    const { asked } = watchSearches(page);
    await field(page).fill('fl');
    const hint = page.getByText('Enter at least 3 characters.');
    await expect(hint).toBeVisible();
    await expect(field(page)).toHaveAttribute('aria-describedby', new RegExp(`\\b${await hint.getAttribute('id')}\\b`));
    await expect(page).toHaveURL((u) => u.searchParams.get('q') === 'fl');
    await expect(page.locator('main').getByRole('heading', { level: 2 })).toHaveCount(0);
    await expectAccessible(page, 'search: keyword too short');

    await field(page).fill('xylophone');
    await expect(page.getByText('No results found for this search.')).toBeVisible();
    await expect(hint).toBeHidden();
    await expectAccessible(page, 'search: nothing found');
    expect(asked).toEqual(['xylophone']);
  });
});

test('a webinar under way says LIVE NOW in search results too', async ({ page, request }) => {
  const upcoming = (await (await request.get('/api/upcoming?page=0')).json()) as { data: { className: string; inProgress: boolean }[] };
  const live = upcoming.data.find((w) => w.inProgress)!;
  expect(live, 'the demo has a webinar under way').toBeTruthy();
  const word = live.className.split(/[^A-Za-z]+/).reduce((a, b) => (b.length > a.length ? b : a), '');

  await page.goto('/search');
  await screenReady(page);
  await field(page).fill(word);
  const row = page.locator('main').getByRole('listitem').filter({ has: page.getByRole('heading', { name: live.className }) });
  await expect(row.getByText('LIVE NOW', { exact: true })).toBeVisible();
});
