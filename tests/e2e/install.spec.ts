// Installing the app (issue 13, docs/decisions/0014-install.md): the Install button where the browser offers
// one (a synthetic beforeinstallprompt whose prompt() counts its calls), home's card from the second visit
// until dismissed or installed, the iOS Share-sheet hint, a manifest Chrome finds installable with screenshots
// and shortcuts, and the logged-out home's call to register.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { expect, expectAccessible, logIn, newStudent, screenReady, test } from './fixtures.ts';

type Spied = Window & { installPrompts?: number; pitchSeen?: boolean };

/** the browser offers to install, as Chrome does once the page has loaded; prompt() counts its calls and
 * the user answers `outcome` ('accepted' or 'dismissed') */
function offerInstall(outcome: string) {
  addEventListener('DOMContentLoaded', () => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<unknown> };
    event.prompt = () => {
      const w = window as Spied;
      w.installPrompts = (w.installPrompts ?? 0) + 1;
      return Promise.resolve();
    };
    event.userChoice = Promise.resolve({ outcome, platform: 'web' });
    dispatchEvent(event);
  });
}

const prompts = (page: Page) => page.evaluate(() => (window as Spied).installPrompts ?? 0);
const card = (page: Page) => page.getByRole('region', { name: 'Get the CE Pass app' });
const menuInstall = (page: Page) => page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Install the app' });

/** a visit: a new tab (its own sessionStorage) on /home; a reload is the same visit */
async function visitHome(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/home');
  await screenReady(page);
  return page;
}

test.describe('installing the app', () => {
  test('the drawer offers Install where the browser does, and it opens the browser dialog', async ({ page }) => {
    await page.addInitScript(offerInstall, 'dismissed');
    await page.goto('/home');
    await screenReady(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(menuInstall(page)).toBeVisible();
    await expectAccessible(page, 'the drawer with Install');
    await menuInstall(page).click();
    await expect.poll(() => prompts(page)).toBe(1);
    // an offer is good for one dialog: the button goes until the browser offers again
    await expect(menuInstall(page)).toHaveCount(0);
  });

  test('home offers the app from the second visit, and never again once dismissed', async ({ context }) => {
    await context.addInitScript(offerInstall, 'dismissed');
    const first = await visitHome(context);
    await expect(first.getByRole('heading', { name: 'Featured Course' })).toBeVisible();
    await expect(card(first)).toHaveCount(0);
    await first.reload();
    await screenReady(first);
    await expect(card(first)).toHaveCount(0);
    await first.close();

    const second = await visitHome(context);
    await expect(card(second)).toBeVisible();
    await expect(card(second)).toContainText('One tap to your CE, like any app.');
    await expectAccessible(second, 'home with the install card');
    await card(second).getByRole('button', { name: 'Not now' }).click();
    await expect(card(second)).toHaveCount(0);
    await second.reload();
    await screenReady(second);
    await expect(card(second)).toHaveCount(0);
    await second.close();

    const third = await visitHome(context);
    await expect(card(third)).toHaveCount(0);
    // the menu keeps its button: dismissing the card is not refusing the app
    await third.getByRole('button', { name: 'Menu' }).click();
    await expect(menuInstall(third)).toBeVisible();
  });

  test("the card's Install opens the browser dialog; once installed, nothing offers it again", async ({ context }) => {
    await context.addInitScript(offerInstall, 'accepted');
    (await visitHome(context)).close();
    const second = await visitHome(context);
    await card(second).getByRole('button', { name: 'Install', exact: true }).click();
    await expect.poll(() => prompts(second)).toBe(1);
    await expect(card(second)).toHaveCount(0);
    await second.close();

    const third = await visitHome(context);
    await expect(card(third)).toHaveCount(0);
    await third.getByRole('button', { name: 'Menu' }).click();
    await expect(third.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Support' })).toBeVisible();
    await expect(menuInstall(third)).toHaveCount(0);
  });

  test.describe('on an iPhone', () => {
    test.use({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1' });

    test('Safari has no install dialog: the drawer and the card say Share, then Add to Home Screen', async ({ context }) => {
      const hint = 'To install, tap Share, then Add to Home Screen.';
      const first = await visitHome(context);
      await expect(card(first)).toHaveCount(0);
      await first.getByRole('button', { name: 'Menu' }).click();
      await expect(first.getByRole('navigation', { name: 'Main menu' }).getByText(hint)).toBeVisible();
      await first.close();

      const second = await visitHome(context);
      await expect(card(second)).toContainText(hint);
      await expect(card(second).getByRole('button', { name: 'Install' })).toHaveCount(0);
      await expectAccessible(second, 'home with the iOS install hint');
      await card(second).getByRole('button', { name: 'Not now' }).click();
      await expect(card(second)).toHaveCount(0);
    });
  });

  // runs once (phone project): the manifest and Chrome's verdict do not depend on the viewport
  test('the manifest is installable, with narrow and wide screenshots and three shortcuts', async ({ request }) => {
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ id: '/', start_url: '/home', scope: '/', display: 'standalone' });
    const screenshots = manifest.screenshots as { src: string; sizes: string; form_factor: string; label: string }[];
    expect(screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const shot of screenshots) {
      const res = await request.get(shot.src);
      expect(res.status(), shot.src).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
      const png = await res.body();
      // the PNG header's width and height are what the manifest says
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, shot.src).toBe(shot.sizes);
      expect(shot.label.length).toBeGreaterThan(10);
    }
    const shortcuts = manifest.shortcuts as { name: string; url: string; icons: { src: string }[] }[];
    expect(shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Podcasts', '/podcasts'],
      ['My CE', '/my-ce'],
      ['Watch Later', '/queue'],
    ]);
    for (const icon of shortcuts.flatMap((s) => s.icons)) expect((await request.get(icon.src)).status(), icon.src).toBe(200);

    // Playwright's contexts are incognito, which Chrome never installs from: a real profile
    const profile = mkdtempSync(path.join(tmpdir(), 'ce-pass-install-'));
    const context = await chromium.launchPersistentContext(profile, { ...test.info().project.use.launchOptions, headless: true, baseURL: test.info().project.use.baseURL });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/home');
      await screenReady(page);
      const cdp = await context.newCDPSession(page);
      await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
      const { errors } = await cdp.send('Page.getAppManifest');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

test.describe('the logged-out home @desktop', () => {
  test('says what a free account gives, with a Register button that leads to /register', async ({ page }) => {
    await page.goto('/home');
    await screenReady(page);
    const pitch = page.getByRole('region', { name: 'Free account' });
    await expect(pitch).toHaveText(/A free account gives you CE credits, certificates and podcast exams\.\s*Register/);
    await expectAccessible(page, 'the logged-out home');
    if (test.info().project.name === 'phone') {
      // compact: one short card, not a hero that pushes the lists off the first screen
      expect((await pitch.boundingBox())!.height).toBeLessThanOrEqual(110);
    }
    await pitch.getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL((u) => u.pathname === '/register');
    await screenReady(page);
  });

  test('a student never sees it, not even while the stored session is read', async ({ page, playwright, baseURL }) => {
    const student = await newStudent(playwright, baseURL, 'pitch');
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('.register-pitch')) (window as Spied).pitchSeen = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await logIn(page, student, '/home');
    await page.reload();
    await screenReady(page);
    await expect(page.getByRole('heading', { name: 'Featured Course' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Free account' })).toHaveCount(0);
    expect(await page.evaluate(() => (window as Spied).pitchSeen ?? false)).toBe(false);
  });
});
