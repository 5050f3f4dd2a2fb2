// Every logged-in screen, as the demo student logged in through the form (a real server session in an
// HttpOnly cookie; the device keeps only hash, name and e-mail). Screens whose calls come with later
// issues still render their heading and the server's message. And the way in and out: login, logout.
import type { Page } from '@playwright/test';
import { demo, expect, expectAccessible, screenReady, test } from './fixtures.ts';

const student = demo.student;
const PASSWORD = 'ce-pass-demo';

async function logIn(page: Page, rurl = '/about'): Promise<void> {
  await page.goto(`/login?rurl=${encodeURIComponent(rurl)}`);
  await screenReady(page);
  await page.getByLabel('Username').fill(student.username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL((u) => `${u.pathname}${u.search}` === rurl);
  await screenReady(page);
}

test.describe('login and logout', () => {
  test('a wrong password is refused in the spec’s words, and nothing is stored', async ({ page }) => {
    await page.goto('/login?rurl=%2Fseats');
    await screenReady(page);
    await page.getByLabel('Username').fill(student.username);
    await page.getByLabel('Password').fill('not-my-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid login - please try again.' })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?rurl=%2Fseats$/);
    expect((await page.context().cookies()).filter((c) => c.name === 'sid')).toEqual([]);
    await expectAccessible(page, '/login with an error');
  });

  test('an auth route sends the student to log in, then back to it; logout ends the session', async ({ page }) => {
    await page.goto('/seats');
    await expect(page).toHaveURL(/\/login\?rurl=%2Fseats$/);
    await page.getByLabel('Username').fill(student.username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/seats$/);
    await screenReady(page);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(await page.evaluate(() => document.cookie)).not.toContain('sid=');

    await page.goto('/logout');
    await screenReady(page);
    await expect(page.getByText('Are you sure you want to log out?')).toBeVisible();
    await expectAccessible(page, '/logout');
    await page.getByRole('button', { name: /log out/i }).click();
    await expect(page).toHaveURL(/\/login/);
    // the server session is gone, not only the device's record
    const res = await page.request.get('/api/student', { headers: { cookie: `sid=${cookie.value}` } });
    expect(res.status()).toBe(401);
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login\?rurl=%2Faccount$/);
  });
});

const reserved = student.seats.find((s) => !s.waiting)!.class;
const waiting = student.seats.find((s) => s.waiting)!.class;
const inProgress = student.inProgress[0]!.class;
const episode = demo.shows[0]!.episodes[0]!.hash;

const SCREENS: [string, RegExp][] = [
  ['/account', /^Account · CE Pass$/],
  ['/gdpr', /^GDPR Request · CE Pass$/],
  ['/seats', /^Reserved Seats · CE Pass$/],
  ['/queue', /^Watch Later · CE Pass$/],
  ['/pending', /^CE in Progress · CE Pass$/],
  ['/completed', /^CE Completed · CE Pass$/],
  ['/tutorial-history', /^Viewed Tutorials · CE Pass$/],
  ['/my-license', /^My license · CE Pass$/],
  ['/my-license/add', /^Add a license · CE Pass$/],
  ['/ce-elsewhere', /^CE earned elsewhere · CE Pass$/],
  ['/ce-elsewhere/add', /^CE earned elsewhere · CE Pass$/],
  [`/classroom-live/${reserved}`, / · CE Pass$/],
  [`/classroom-affidavit/${reserved}`, / · CE Pass$/],
  [`/eval/${inProgress}`, / · CE Pass$/],
  [`/sva/${inProgress}`, / · CE Pass$/],
  [`/survey/${inProgress}`, / · CE Pass$/],
  [`/exam/${inProgress}`, / · CE Pass$/],
  [`/eval-podcast/${episode}`, / · CE Pass$/],
  [`/exam-podcast/${episode}`, / · CE Pass$/],
  [`/done/${inProgress}`, /^Done · CE Pass$/],
];

test.describe('logged in as the demo student', () => {
  test.beforeEach(async ({ page }) => logIn(page));

  test('the menu is the logged-in one, and webinars carry the student’s RESERVED and WAITLIST badges', async ({ page }) => {
    await page.goto('/webinars');
    await screenReady(page);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const nav = page.getByRole('navigation', { name: /main|menu/i });
    for (const name of ['Reserved Seats', 'Watch Later', 'CE in Progress', 'CE Completed', 'Viewed Tutorials', 'Account', 'Logout']) {
      await expect(nav.getByRole('link', { name, exact: true }).or(nav.getByRole('button', { name, exact: true }))).toBeVisible();
    }
    await page.keyboard.press('Escape');
    const title = (hash: string) => demo.classes.find((c) => c.hash === hash)!.title;
    await expect(page.getByRole('listitem').filter({ hasText: title(reserved) }).getByText('RESERVED', { exact: true })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: title(waiting) }).getByText('WAITLIST', { exact: true })).toBeVisible();
    await expectAccessible(page, '/webinars logged in');
  });

  for (const [url, title] of SCREENS) {
    test(`${url} renders for the student`, async ({ page }) => {
      await page.goto(url);
      await expect(page).not.toHaveURL(/\/login/);
      await screenReady(page);
      await expect(page).toHaveTitle(title);
      await expect(page.getByText('Page Not Found')).toHaveCount(0);
      await expectAccessible(page, `${url} logged in`);
    });
  }
});
