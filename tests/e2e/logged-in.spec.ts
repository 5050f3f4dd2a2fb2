// Every logged-in screen, as the demo student: a real server session (written straight into the
// server's database, as login will once the accounts issue lands) and the device's stored profile.
// Screens whose calls are not built yet must still render their heading and the server's message.
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { dataDir } from '../playwright.config.ts';
import { demo, expect, expectAccessible, screenReady, test } from './fixtures.ts';

const student = demo.student;

async function logInAsDemo(page: Page, baseURL: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const db = new Database(path.join(dataDir, 'ce-pass.sqlite'), { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const row = db.prepare('select id, hash from students where username = ?').get(student.username) as { id: number; hash: string };
  const now = new Date().toISOString();
  db.prepare('insert into sessions (token_hash, student_id, created_at, last_seen_at, expires_at, user_agent) values (?, ?, ?, ?, ?, null)').run(
    createHash('sha256').update(token).digest('hex'),
    row.id,
    now,
    now,
    new Date(Date.now() + 86_400_000).toISOString(),
  );
  db.close();
  await page.context().addCookies([{ name: 'sid', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
  await page.goto('/about');
  await screenReady(page);
  // the device's record of who is logged in, where the app's persisted store keeps it (idb-keyval's default store)
  await page.evaluate(
    ({ hash, name, email }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onupgradeneeded = () => open.result.createObjectStore('keyval');
        open.onsuccess = () => {
          const tx = open.result.transaction('keyval', 'readwrite');
          tx.objectStore('keyval').put({ state: { hash, name, email }, version: 1 }, 'cepass.session');
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      }),
    { hash: row.hash, name: `${student.firstname} ${student.lastname}`, email: student.email },
  );
}

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
  test.beforeEach(async ({ page, baseURL }) => logInAsDemo(page, baseURL!));

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
