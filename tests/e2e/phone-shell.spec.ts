// The phone shell of issue 12 at 390×844: the bottom tab bar reaches the five tabs (visitor and student), every
// screen below a tab has a Back button that works when opened directly and after in-app steps, and each is scanned.
import type { Page } from '@playwright/test';
import { demo, expect, expectAccessible, logIn, newStudent, screenReady, test, type Student } from './fixtures.ts';

const video = demo.classes.find((c) => c.kind === 'video')!;
const live = demo.classes.find((c) => c.kind === 'live' && c.meetingCode)!;
const show = demo.shows[0]!;
const episode = show.episodes[0]!;

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Sections' });
const backButton = (page: Page) => page.getByRole('button', { name: 'Back', exact: true });

/** the element is a tap target of at least 44×44 CSS pixels */
async function expectTapSize(page: Page, selector: string, what: string): Promise<void> {
  const sizes = await page.locator(selector).evaluateAll((els) => els.map((e) => ({ w: e.getBoundingClientRect().width, h: e.getBoundingClientRect().height, name: e.textContent?.trim() })));
  expect(sizes.length, `${what} present`).toBeGreaterThan(0);
  expect(sizes.filter((s) => s.w < 44 || s.h < 44), `${what} under 44×44`).toEqual([]);
}

/** the tab links in order, and which one is marked current */
async function tabs(page: Page): Promise<{ names: string[]; current: string[] }> {
  const links = tabBar(page).getByRole('link');
  const names = (await links.allInnerTexts()).map((t) => t.trim());
  const current = (await tabBar(page).locator('a[aria-current="page"]').allInnerTexts()).map((t) => t.trim());
  return { names, current };
}

test.describe('bottom tab bar', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a visitor reaches the five tabs; My CE asks to log in first', async ({ page }) => {
    // six screens, each scanned by axe and measured
    test.slow();
    await page.goto('/home');
    await screenReady(page);
    expect(await tabs(page)).toEqual({ names: ['Home', 'Learn', 'Podcasts', 'My CE', 'Login'], current: ['Home'] });
    await expectTapSize(page, '.tab-bar a', 'tab');
    await expectAccessible(page, '/home with the tab bar');

    const visits: [string, (u: URL) => boolean, string][] = [
      ['Learn', (u) => u.pathname === '/learn', 'Learn'],
      ['Podcasts', (u) => u.pathname === '/podcasts', 'Podcasts'],
      ['My CE', (u) => u.pathname === '/login' && u.searchParams.get('rurl') === '/my-ce', 'Login'],
      ['Login', (u) => u.pathname === '/login' && !u.search, 'Login'],
      ['Home', (u) => u.pathname === '/home', 'Home'],
    ];
    for (const [name, at, marked] of visits) {
      await tabBar(page).getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(at);
      await screenReady(page);
      expect((await tabs(page)).current, `${name} leads to a screen under ${marked}`).toEqual([marked]);
      await expectAccessible(page, `tab ${name} (visitor)`);
    }
  });

  test('the Learn hub opens each list, and the list keeps Learn marked', async ({ page }) => {
    test.slow();
    await page.goto('/learn');
    await screenReady(page);
    await expect(page).toHaveTitle('Learn · CE Pass');
    await expect(backButton(page)).toHaveCount(0);
    await expectTapSize(page, '.hub-row', 'hub row');
    const rows: [string, string, RegExp][] = [
      ['Upcoming Webinars', '/webinars', /^(Upcoming|Live) Webinars · CE Pass$/],
      ['On-Demand Webinars', '/ondemand', /^On-Demand Webinars · CE Pass$/],
      ['Podcasts', '/podcasts', /^Podcasts · CE Pass$/],
      ['Product Training', '/tutorials', /^Product Training · CE Pass$/],
      ['Dental eBooks', '/ebooks', /^Dental eBooks · CE Pass$/],
    ];
    for (const [name, path, title] of rows) {
      await page.getByRole('main').getByRole('link', { name: new RegExp(`^${name}`) }).click();
      await expect(page).toHaveURL((u) => u.pathname === path);
      await screenReady(page);
      await expect(page).toHaveTitle(title);
      expect((await tabs(page)).current).toEqual([path === '/podcasts' ? 'Podcasts' : 'Learn']);
      await page.goBack();
      await screenReady(page);
    }
  });

  test('a student reaches the five tabs and the My CE hub’s lists', async ({ page, playwright, baseURL }) => {
    test.slow();
    const s = await newStudent(playwright, baseURL, 'tabs');
    await logIn(page, s, '/home');
    await screenReady(page);
    expect(await tabs(page)).toEqual({ names: ['Home', 'Learn', 'Podcasts', 'My CE', 'Account'], current: ['Home'] });
    await tabBar(page).getByRole('link', { name: 'Account', exact: true }).click();
    await expect(page).toHaveURL(/\/account$/);
    await screenReady(page);
    expect((await tabs(page)).current).toEqual(['Account']);
    await expectAccessible(page, '/account with the tab bar');

    await tabBar(page).getByRole('link', { name: 'My CE', exact: true }).click();
    await expect(page).toHaveURL(/\/my-ce$/);
    await screenReady(page);
    await expect(page).toHaveTitle('My CE · CE Pass');
    await expectTapSize(page, '.hub-row', 'hub row');
    await expectAccessible(page, '/my-ce');
    const rows: [string, string][] = [
      ['CE in Progress', '/pending'],
      ['CE Completed', '/completed'],
      ['Watch Later', '/queue'],
      ['Reserved Seats', '/seats'],
      ['Viewed Tutorials', '/tutorial-history'],
    ];
    for (const [name, path] of rows) {
      await page.getByRole('main').getByRole('link', { name: new RegExp(`^${name}`) }).click();
      await expect(page).toHaveURL((u) => u.pathname === path);
      await screenReady(page);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      expect((await tabs(page)).current, `${path} is under My CE`).toEqual(['My CE']);
      // in-app history: Back returns to the hub the row was tapped on
      await backButton(page).click();
      await expect(page).toHaveURL(/\/my-ce$/);
      await screenReady(page);
    }
  });

  test('the page keeps room for the bar and the mini player, so its end is never under the bar', async ({ page }) => {
    await page.goto('/about');
    await screenReady(page);
    const gap = async () =>
      page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        const bar = document.querySelector('.tab-bar')!.getBoundingClientRect();
        const footer = document.querySelector('.site-footer')!.getBoundingClientRect();
        return { barTop: bar.top, footerBottom: footer.bottom, barBottom: bar.bottom, viewport: window.innerHeight };
      });
    const plain = await gap();
    expect(plain.barBottom).toBe(plain.viewport);
    expect(plain.footerBottom).toBeLessThanOrEqual(plain.barTop + 0.5);
    // the player issue's mini player sets this custom property; the page grows its reserve to match
    await page.evaluate(() => document.documentElement.style.setProperty('--mini-player-height', '64px'));
    const withPlayer = await gap();
    expect(withPlayer.footerBottom).toBeLessThanOrEqual(withPlayer.barTop - 64 + 0.5);
  });

  test('the drawer still holds the rest of the spec’s menu, and the bar is out of reach while it is open', async ({ page }) => {
    await page.goto('/learn');
    await screenReady(page);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const drawer = page.getByRole('navigation', { name: 'Main menu' });
    for (const name of ['Home', 'Login', 'Webinars', 'On-Demand', 'Podcasts', 'eBooks', 'Product Training', 'Downloads', 'Support']) await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(page.locator('.tab-bar')).toHaveAttribute('inert', '');
    await expectAccessible(page, 'drawer open over the tab bar');
  });
});

/** screens below a tab, opened directly, and the screen their Back button leads up to */
const VISITOR_PARENTS: [string, string][] = [
  ['/webinars', '/learn'],
  ['/ondemand', '/learn'],
  ['/ondemand/2', '/learn'],
  ['/tutorials', '/learn'],
  ['/ebooks', '/learn'],
  [`/classroom/${video.hash}`, '/ondemand'],
  [`/classroom-reserve/${live.hash}`, '/webinars'],
  [`/podcast/${show.hash}/${episode.hash}`, '/podcasts'],
  ['/search?q=implant', '/home'],
  ['/about', '/home'],
  ['/faculty', '/home'],
  ['/terms', '/home'],
  ['/privacy', '/home'],
  ['/support', '/home'],
  ['/cancel-seat/abcdefgh1234', '/webinars'],
  ['/register', '/login'],
  ['/recover', '/login'],
  ['/no/such/page', '/home'],
];

const STUDENT_PARENTS: [string, string][] = [
  ['/seats', '/my-ce'],
  ['/pending', '/my-ce'],
  ['/queue', '/my-ce'],
  ['/completed', '/my-ce'],
  ['/tutorial-history', '/my-ce'],
  ['/gdpr', '/account'],
  // a new student's evaluation and exam redirect to the classroom (spec §4); Done shows, and belongs to its class
  [`/done/${video.hash}`, `/classroom/${video.hash}`],
  [`/exam-podcast/${episode.hash}`, '/podcasts'],
];

/** opened with page.goto (no history in the app): Back goes up to the parent and leaves no way "down" again */
async function expectBackToParent(page: Page, url: string, parent: string): Promise<void> {
  await page.goto(url);
  await screenReady(page);
  // a guard may send the student on (a new student's podcast exam → the episode): measure where it settles
  await page.waitForLoadState('networkidle');
  await screenReady(page);
  await expect(backButton(page)).toBeVisible();
  await expectTapSize(page, '.app-bar button', 'app bar button');
  // exactly one h1, in the app bar beside Back
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('.app-bar h1')).toHaveCount(1);
  await expectAccessible(page, `${url} with its app bar`);
  await backButton(page).click();
  await expect(page).toHaveURL((u) => `${u.pathname}${u.search}` === parent);
  await screenReady(page);
}

test.describe('Back on a screen opened directly @desktop', () => {
  for (const [url, parent] of VISITOR_PARENTS) {
    test(`${url} goes up to ${parent}`, async ({ page }) => {
      await expectBackToParent(page, url, parent);
    });
  }

  test.describe('as a student', () => {
    let student: Student;
    test.beforeAll(async ({ playwright, baseURL }) => {
      student = await newStudent(playwright, baseURL, 'back');
    });
    for (const [url, parent] of STUDENT_PARENTS) {
      test(`${url} goes up to ${parent}`, async ({ page }) => {
        await logIn(page, student, '/home');
        await expectBackToParent(page, url, parent);
      });
    }
  });

  test('a course step goes up to its class, a live page to the webinars', async ({ page }) => {
    // the demo student's own class in progress and reserved seat: the evaluation opens instead of redirecting,
    // and the live page reserves nothing new
    const inProgress = demo.student.inProgress[0]!.class;
    const reserved = demo.student.seats.find((seat) => !seat.waiting)!.class;
    await logIn(page, { username: demo.student.username, password: 'ce-pass-demo' }, '/home');
    await expectBackToParent(page, `/eval/${inProgress}`, `/classroom/${inProgress}`);
    await expectBackToParent(page, `/classroom-live/${reserved}`, '/webinars');
  });

  test('the tab roots have no Back button', async ({ page }) => {
    for (const url of ['/home', '/learn', '/podcasts', '/login']) {
      await page.goto(url);
      await screenReady(page);
      await expect(backButton(page)).toHaveCount(0);
    }
  });
});

test.describe('Back after in-app steps @desktop', () => {
  test('goes back through the app’s history, not up to the parent', async ({ page, request }) => {
    const home = await (await request.get('/api/home')).json();
    await page.goto('/home');
    await screenReady(page);
    // a class opened from home: its parent is /ondemand, but the way back is home
    await page.getByRole('main').getByText(home.classes.data[0].className, { exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/classroom/${home.classes.data[0].hash}$`));
    await screenReady(page);
    await backButton(page).click();
    await expect(page).toHaveURL(/\/home$/);
    await screenReady(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

    // two steps in, two steps back; then the directly opened first screen goes up, replacing itself
    await page.goto('/about');
    await screenReady(page);
    await page.goto('/webinars');
    await screenReady(page);
    await page.locator('main a[href^="/classroom-reserve/"]').first().click();
    await expect(page).toHaveURL(/\/classroom-reserve\//);
    await screenReady(page);
    await page.reload();
    await screenReady(page);
    // a reload keeps the entry's place in the app
    await backButton(page).click();
    await expect(page).toHaveURL(/\/webinars$/);
    await screenReady(page);
    await backButton(page).click();
    await expect(page).toHaveURL(/\/learn$/);
    await screenReady(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
  });
});
