// Shared by the journeys: a page that fails the test on any uncaught error or CSP violation,
// an axe scan at WCAG 2.2 AA, and the demo pack (read from disk, never hard-coded).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { mailSinkUrl } from './ports.ts';

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, 'content/demo', file), 'utf8'));
const main = readJson('pack.json');
const pods = readJson('podcasts.json');

interface PackClass { hash: string; kind: string; title: string; meetingCode?: string | null }
interface PackShow { hash: string; title: string; episodes: { hash: string; title: string }[] }
interface PackStudent {
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  seats: { class: string; waiting?: boolean }[];
  inProgress: { class: string }[];
}
interface PackAd { key: string; company: string; buttonText: string; blurb: string; confirmationTitle: string; confirmationMessage: string; banners: string[] }
interface PackAdPlacement { list: string; indexStart: number; interval: number }
export const demo = {
  classes: main.classes as PackClass[],
  /** in import order, which is the order of their ids and so of `mobileAds.banners` */
  ads: main.ads as PackAd[],
  adPlacements: main.adPlacements as PackAdPlacement[],
  companies: main.companies as { key: string; name: string }[],
  /** hashes of the featured class and podcast episode */
  featured: main.featured as { class?: string; podcast?: string },
  student: (main.students as PackStudent[]).find((s) => s.username === 'demostudent')!,
  shows: pods.podcastShows as PackShow[],
  ebooks: main.ebooks as { hash: string; title: string; pdf: string; subtitle?: string | null }[],
};

export const test = base.extend<{ problems: string[] }>({
  problems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error' && /Content Security Policy|Refused to/.test(msg.text())) problems.push(`CSP: ${msg.text()}`);
      });
      await use(problems);
      expect(problems, 'no page errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** WCAG 2.2 AA, as quality-bars.md sets it: zero violations; on the phone also 44 × 44 px tap targets */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(summary, `axe on ${label}`).toEqual([]);
  if (test.info().project.name === 'phone') await expectTapTargets(page, label);
}

/** quality-bars.md: every interactive element outside running text is at least this wide and tall on a phone */
export const MIN_TARGET = 44;

/**
 * Measures every visible interactive element of the page and fails listing those under 44 × 44 px (name and
 * size). What counts as the target is what a finger hits: a link stretched over its row (a positioned ::after)
 * is its row, a checkbox or radio is itself with its label. Exempt: a link inline in a paragraph of prose
 * (text around it in its block), except in navigation, header, footer, ads and the search bar.
 */
export async function expectTapTargets(page: Page, label: string): Promise<void> {
  const offenders = await page.evaluate((min) => {
    const INTERACTIVE = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [tabindex]:not([tabindex="-1"])';
    const NEVER_PROSE = 'nav, header, footer, .ad, [role="search"], .actions, .row-actions';
    const rectOf = (el: Element): DOMRect => el.getBoundingClientRect();
    const union = (a: DOMRect, b: DOMRect): DOMRect => {
      const left = Math.min(a.left, b.left);
      const top = Math.min(a.top, b.top);
      return new DOMRect(left, top, Math.max(a.right, b.right) - left, Math.max(a.bottom, b.bottom) - top);
    };
    const inRunningText = (el: Element): boolean => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline' || el.closest(NEVER_PROSE)) return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
      if (!block || !block.matches('p, li, dd, td, blockquote, figcaption, .prose, .prose *')) return false;
      // prose: words of the block's own besides the link's
      return (block.textContent ?? '').replace(el.textContent ?? '', '').replace(/\s+/g, ' ').trim().length >= 10;
    };
    const targetOf = (el: HTMLElement): DOMRect => {
      const after = getComputedStyle(el, '::after');
      if (after.content !== 'none' && after.position === 'absolute' && el.offsetParent) return rectOf(el.offsetParent);
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') && el.labels?.length) return Array.from(el.labels).reduce((r, l) => union(r, rectOf(l)), rectOf(el));
      return rectOf(el);
    };
    const nameOf = (el: HTMLElement): string => {
      const classes = Array.from(el.classList).map((c) => `.${c}`).join('');
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? (el as HTMLInputElement).name ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes} "${text}"`;
    };
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(INTERACTIVE))) {
      if (el.closest('[hidden], [inert], [aria-hidden="true"]') || !el.checkVisibility({ visibilityProperty: true })) continue;
      const own = rectOf(el);
      // the visually-hidden pattern (1 px, clipped): nothing to tap
      if (own.width <= 1 || own.height <= 1 || inRunningText(el)) continue;
      const r = targetOf(el);
      if (Math.round(r.width) < min || Math.round(r.height) < min) found.push(`${nameOf(el)} ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return found;
  }, MIN_TARGET);
  expect(offenders, `tap targets of at least ${MIN_TARGET}×${MIN_TARGET} px on ${label}`).toEqual([]);
}

/**
 * The screen has finished loading: the app has taken over a prerendered page (decisions 0024, 0028: its shell, and
 * for a visitor its first rows, are in the HTML before any script, and React replaces them), its h1 is visible and
 * no loading indicator remains.
 */
export async function screenReady(page: Page): Promise<void> {
  await expect(page.locator('.app[data-prerendered]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
}

/**
 * Holds every request matching `pattern` until `release()`, as a network that has stopped answering would (each
 * then goes on to the server); `asked()` counts the requests held so far.
 */
export async function stallRequests(page: Page, pattern: string): Promise<{ asked: () => number; release: () => void }> {
  let stalled = true;
  let asked = 0;
  await page.route(pattern, async (route) => {
    asked++;
    while (stalled) await new Promise((r) => setTimeout(r, 50));
    await route.continue().catch(() => undefined);
  });
  return { asked: () => asked, release: () => void (stalled = false) };
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; base64: string }[];
}

/** the first mail the app delivered to the journeys' SMTP server that matches (waits for it to arrive) */
export async function waitForMail(match: (m: Mail) => boolean, timeout = 15_000): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const all = (await (await fetch(`${mailSinkUrl}/messages`)).json()) as Mail[];
        found = all.find(match);
        return found !== undefined;
      },
      { timeout, message: 'the e-mail arrives at the SMTP server' },
    )
    .toBe(true);
  return found!;
}

export interface Student {
  username: string;
  password: string;
  email: string;
  /** as the certificate prints it */
  name: string;
  /** an API client with the student's own session */
  api: APIRequestContext;
}

let serial = 0;
const run = Date.now().toString(36);

/** a fresh student, registered through the API with the server's own lookup values, so journeys never share one */
export async function newStudent(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined, tag: string): Promise<Student> {
  const api = await playwright.request.newContext({ baseURL });
  const items = await (await api.get('/api/account-items')).json();
  const first = (list: { value: string }[]) => list[0]!.value;
  const id = `${tag}${run}${serial++}`;
  const s = { username: `s${id}`, password: 'Journey.2026', email: `${id}@example.com`, name: `Avery Student${tag}` };
  const res = await api.post('/api/register', {
    data: {
      username: s.username,
      password: s.password,
      password2: s.password,
      title: first(items.titles),
      firstname: 'Avery',
      lastname: `Student${tag}`,
      jobTitle: first(items.jobTitles),
      officeName: 'Lakeside Dental Care',
      address: '88 Lakeside Drive',
      city: 'Madison',
      state: first(items.states),
      zip: '53703',
      country: first(items.countries),
      phone: '6085550123',
      email: s.email,
      certYear: String(new Date().getFullYear() - 5),
      gender: 'F',
      ageRange: first(items.ageRanges),
      officeSize: first(items.officeSizes),
      sourceHeard: first(items.sourceHeard),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { ...s, api };
}

/** through the login form, landing on `rurl` */
export async function logIn(page: Page, s: { username: string; password: string }, rurl: string): Promise<void> {
  await page.goto(`/login?rurl=${encodeURIComponent(rurl)}`);
  await screenReady(page);
  await page.getByLabel('Username').fill(s.username);
  await page.getByLabel('Password').fill(s.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL((u) => u.pathname === rurl);
}
