// The search bar and side panel of spec §2 and §4: a keyword narrows /ondemand, a category /search and a
// company /podcasts; choosing one filter clears the others; 'Include All Content' goes to /search; clear
// resets; a keyword the server would drop (spec §5) is refused in the panel. The expected results come from
// the demo pack and the server's own answers, never from numbers written here.
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
  await page.getByRole('search').getByRole('button').first().click();
  const panel = page.getByRole('dialog', { name: 'Search' });
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('search bar and panel @desktop', () => {
  test('a keyword narrows /ondemand and the bar shows it', async ({ page, request }) => {
    const all = await totalRows(request, 'ondemand');
    const found = await totalRows(request, 'ondemand', `&q=${encodeURIComponent(keyword)}`);
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(all);

    await page.goto('/ondemand');
    await screenReady(page);
    await expect(page.getByRole('search').getByRole('button', { name: PLACEHOLDER })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(0);
    const panel = await openPanel(page);
    await expect(panel.getByLabel('Keyword')).toBeFocused();
    await expect(panel.getByLabel('Include All Content')).not.toBeChecked();
    await panel.getByLabel('Keyword').fill(keyword);
    await panel.getByRole('button', { name: 'Search', exact: true }).click();

    await expect(panel).toBeHidden();
    await expect(page).toHaveURL((u) => u.pathname === '/ondemand' && u.searchParams.get('q') === keyword);
    await screenReady(page);
    await expect(page.getByRole('search')).toContainText(keyword);
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
    await expect(page.getByRole('search')).toContainText(keyword);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page).toHaveURL((u) => u.pathname === '/ondemand' && u.search === '');
    await screenReady(page);
    await expect(page.getByRole('search').getByRole('button', { name: PLACEHOLDER })).toBeVisible();
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
    await expect(page.getByRole('search')).toContainText('3m');
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

  test('the panel is a labelled modal: keyboard in, Escape out to the bar, accessible, sized to the screen', async ({ page }) => {
    await page.goto('/webinars');
    await screenReady(page);
    const bar = page.getByRole('search').getByRole('button', { name: PLACEHOLDER });
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
