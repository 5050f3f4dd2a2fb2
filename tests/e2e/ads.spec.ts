// Sponsor ads among the rows of a list (spec §2, §9), the ad dialog (spec §4, §5) and the featured-content click log
// (spec §7): where the banners sit, which design each shows, the view and click records, the offer asked for logged
// out and logged in. Everything expected comes from the demo pack (ads, adPlacements, featured), never from the page.
import type { Locator, Page } from '@playwright/test';
import { demo, expect, expectAccessible, screenReady, test } from './fixtures.ts';

const PASSWORD = 'ce-pass-demo';
/** the banner designs' widths, in adUrls order (pack-schema.ts) */
const DESIGN_WIDTHS = [320, 480, 768, 1024];

const placement = demo.adPlacements.find((p) => p.list === 'ondemand')!;
const ad = demo.ads[0]!;
const company = demo.companies.find((c) => c.key === ad.company)!.name;

/** spec §9, written out: first ad at indexStart, then every interval rows, up to the number of banners, each before a row */
const expectedLayout = (rows: number): string[] => {
  const before = new Set<number>();
  for (let k = 0; k < demo.ads.length; k++) {
    const at = placement.indexStart + k * placement.interval;
    if (at >= rows || (k > 0 && placement.interval <= 0)) break;
    before.add(at);
  }
  return Array.from({ length: rows }, (_, i) => (before.has(i) ? ['ad', 'row'] : ['row'])).flat();
};

/** the items of the paged list (not the featured row above it), as 'ad' or 'row' */
const listItems = (page: Page) => page.locator('.paged-list > ul.rows').last().locator(':scope > li');

/** the ad-event calls the page makes, as the bodies it sends (they pass on to the server unchanged) */
async function adEvents(page: Page): Promise<Array<{ a: number; e: number }>> {
  const events: Array<{ a: number; e: number }> = [];
  // a route, not a request listener: Chromium only shows a fetch's streamed body to an interception
  await page.route('**/api/ad-event', async (route) => {
    events.push(route.request().postDataJSON());
    await route.continue();
  });
  return events;
}

async function firstBanner(page: Page): Promise<Locator> {
  await page.goto('/ondemand');
  await screenReady(page);
  return listItems(page).locator('button.ad-banner').first();
}

test.describe('sponsor ads and featured content', () => {
  test('on /ondemand the banners sit where the placement rule puts them, in the pack’s order, each drawn at a width it fits @desktop', async ({ page }) => {
    const api = await (await page.request.get('/api/ondemand?page=0')).json();
    expect(api.mobileAds.indexStart).toBe(placement.indexStart);
    expect(api.mobileAds.interval).toBe(placement.interval);

    await page.goto('/ondemand');
    await screenReady(page);
    const items = listItems(page);
    const kinds = await items.evaluateAll((lis) => lis.map((li) => (li.querySelector('button.ad-banner') ? 'ad' : 'row')));
    const rows = kinds.filter((k) => k === 'row').length;
    expect(rows).toBeGreaterThan(placement.indexStart);
    expect(kinds).toEqual(expectedLayout(rows));

    const banners = items.locator('button.ad-banner img');
    const count = await banners.count();
    for (let k = 0; k < count; k++) {
      const img = banners.nth(k);
      await img.scrollIntoViewIfNeeded();
      await expect(img).toHaveAttribute('alt', /^Sponsored/);
      // and to the eye, whatever the sponsor's design says
      await expect(items.filter({ has: page.locator('button.ad-banner') }).nth(k).locator('.ad-label')).toHaveText('Sponsored');
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      const { src, width } = await img.evaluate((el: HTMLImageElement) => ({ src: new URL(el.currentSrc).pathname, width: el.getBoundingClientRect().width }));
      // the k-th slot shows the k-th ad of the pack
      const design = demo.ads[k]!.banners.findIndex((b) => src === `/media/${b}`);
      expect(design, `banner ${k} shows one of ${demo.ads[k]!.key}'s designs (${src})`).toBeGreaterThanOrEqual(0);
      // the widest design that fits: never shrunk below the size its text was drawn for
      const fits = DESIGN_WIDTHS.filter((w) => w <= Math.round(width));
      expect(DESIGN_WIDTHS[design], `design for a ${width}px column`).toBe(fits.length ? fits[fits.length - 1] : DESIGN_WIDTHS[0]);
    }
  });

  test('a banner records one view when it comes into sight and a click when tapped; logged out the offer needs a valid e-mail', async ({ page }) => {
    const events = await adEvents(page);
    const banner = await firstBanner(page);
    const adId = (await (await page.request.get('/api/ondemand?page=0')).json()).mobileAds.banners[0].adId as number;
    await expect(banner).toHaveAccessibleName('Sponsored message');

    await banner.scrollIntoViewIfNeeded();
    await expect.poll(() => events.filter((e) => e.a === adId && e.e === 1).length).toBe(1);
    await banner.click();
    await expect.poll(() => events.filter((e) => e.a === adId && e.e === 2).length).toBe(1);

    const dialog = page.getByRole('dialog', { name: company });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(ad.blurb)).toBeVisible();
    const email = dialog.getByRole('textbox', { name: 'Email' });
    const send = dialog.getByRole('button', { name: ad.buttonText, exact: true });

    await send.click();
    await expect(dialog.getByText('Email is required.')).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText('Correct errors and resubmit.');
    await expect(email).toBeFocused();

    await email.fill('jordan@example');
    await send.click();
    await expect(dialog.getByText('Enter valid email address.')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, '/ondemand with the ad dialog open, e-mail refused');

    await email.fill('  visitor@example.com ');
    await send.click();
    const confirmed = page.getByRole('dialog', { name: ad.confirmationTitle });
    await expect(confirmed).toBeVisible();
    await expect(confirmed.getByText(ad.confirmationMessage)).toBeVisible();
    await expectAccessible(page, '/ondemand with the ad confirmation');
    // the confirmation's own Close button (the × at the dialog's top is named Close too)
    await confirmed.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(banner).toBeFocused();
    // the dialog loaded the sponsor's name, so the banner now says whose it is
    await expect(banner).toHaveAccessibleName(`Sponsored: ${company}`);

    // closing reset it: the offer again, with an empty field; Escape closes it too
    await banner.click();
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveValue('');
    await expect(dialog.getByText('Email is required.')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // one view per banner shown, however often it is seen again
    expect(events.filter((e) => e.a === adId && e.e === 1)).toHaveLength(1);
  });

  test('logged in, the student asks for the offer with one button and no e-mail field', async ({ page }) => {
    await page.goto(`/login?rurl=${encodeURIComponent('/ondemand')}`);
    await screenReady(page);
    await page.getByLabel('Username').fill(demo.student.username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/ondemand$/);
    await screenReady(page);

    await listItems(page).locator('button.ad-banner').first().click();
    const dialog = page.getByRole('dialog', { name: company });
    await expect(dialog.getByText(ad.blurb)).toBeVisible();
    await expect(dialog.getByRole('textbox')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: ad.buttonText, exact: true })).toBeVisible();
    await expectAccessible(page, '/ondemand with the ad dialog open, logged in');

    await dialog.getByRole('button', { name: ad.buttonText, exact: true }).click();
    const confirmed = page.getByRole('dialog', { name: ad.confirmationTitle });
    await expect(confirmed.getByText(ad.confirmationMessage)).toBeVisible();
    // the confirmation's own Close button (the × at the dialog's top is named Close too)
    await confirmed.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a featured item’s click is logged with its slot type, and the page opens without waiting for the log', async ({ page }) => {
    const cls = demo.classes.find((c) => c.hash === demo.featured.class)!;
    const show = demo.shows.find((s) => s.episodes.some((e) => e.hash === demo.featured.podcast))!;
    const episode = show.episodes.find((e) => e.hash === demo.featured.podcast)!;
    const clicks: unknown[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // the log is held unanswered: navigation must not need its answer
    await page.route('**/api/featuredcontent-click', async (route) => {
      clicks.push(route.request().postDataJSON());
      await held;
      await route.continue();
    });

    await page.goto('/ondemand');
    await screenReady(page);
    await page.getByRole('main').getByRole('link', { name: cls.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/classroom/${cls.hash}$`));
    expect(clicks).toEqual([{ t: 36, h: cls.hash }]);

    await page.goto('/podcasts');
    await screenReady(page);
    await page.getByRole('main').getByRole('link', { name: episode.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/podcast/${show.hash}/${episode.hash}$`));
    expect(clicks).toEqual([
      { t: 36, h: cls.hash },
      { t: 37, h: episode.hash },
    ]);
    release();
  });
});
