// Makes the web app manifest's pictures from the real running app (vite.config.ts → manifest):
//   public/screenshots/home-narrow.png   780 × 1688 (a 390 × 844 phone at 2×), form_factor 'narrow'
//   public/screenshots/home-wide.png     1280 × 800, form_factor 'wide'
//   public/icons/shortcut-{podcasts,my-ce,watch-later}-96.png   the shortcuts' icons, the app's own line icons
// It builds nothing and starts nothing: it drives a server that is already running, logged in as the demo
// student (a fresh data folder imports the demo pack), in Debian's Chromium.
//
//   npx vite build --outDir dist-shots/client --emptyOutDir && node scripts/build-server.mjs
//   PORT=4455 HOST=127.0.0.1 DATA_DIR=/tmp/shots-data CLIENT_DIR=$PWD/dist-shots/client node dist/server/main.js &
//   BASE_URL=http://127.0.0.1:4455 node scripts/make-screenshots.mjs
//
// Then rebuild the client so the new files are in it. The sizes written here are the manifest's `sizes`:
// change both together. Options (environment): CHROMIUM_PATH (default /usr/bin/chromium), DEMO_USER and
// DEMO_PASSWORD (default the demo student).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const baseURL = process.env.BASE_URL;
if (!baseURL) throw new Error('BASE_URL is required: the address of a running CE Pass server (see the header of this script).');
const user = process.env.DEMO_USER ?? 'demostudent';
const password = process.env.DEMO_PASSWORD ?? 'ce-pass-demo';
const brand = '#0b5cab';

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });

/** a context of the given size, logged in through the login form, on /home with everything on screen loaded */
async function homeAt(options) {
  const context = await browser.newContext({ baseURL, ...options });
  const page = await context.newPage();
  await page.goto('/login?rurl=%2Fhome');
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/home');
  await settle(page);
  return { context, page };
}

/** the screen's h1 is up, no loading indicator remains, and the images on screen have arrived */
async function settle(page) {
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    // only the images on screen: a lazy one off screen (below, or further along a carousel) never loads
    const seen = (r) => r.top < innerHeight && r.bottom > 0 && r.left < innerWidth && r.right > 0;
    const onScreen = Array.from(document.images).filter((img) => !img.complete && seen(img.getBoundingClientRect()));
    await Promise.all(onScreen.map((img) => new Promise((done) => { img.addEventListener('load', done); img.addEventListener('error', done); })));
    window.scrollTo(0, 0);
    (document.activeElement instanceof HTMLElement ? document.activeElement : null)?.blur();
  });
  // no hover left over from the login click (the mouse rests on the header's empty middle)
  await page.mouse.move(page.viewportSize().width / 2, 20);
}

mkdirSync(path.join(root, 'public/screenshots'), { recursive: true });

// the phone: home, and the icons of the tab bar and the My CE hub, which the shortcuts open
const phone = await homeAt({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
await phone.page.screenshot({ path: path.join(root, 'public/screenshots/home-narrow.png') });
const glyphs = {
  podcasts: await phone.page.locator('.tab-bar a[href="/podcasts"] svg').evaluate((svg) => svg.outerHTML),
  'my-ce': await phone.page.locator('.tab-bar a[href="/my-ce"] svg').evaluate((svg) => svg.outerHTML),
};
await phone.page.goto('/my-ce');
await settle(phone.page);
glyphs['watch-later'] = await phone.page.locator('.hub-row[href="/queue"] svg').first().evaluate((svg) => svg.outerHTML);
await phone.context.close();

// the computer: home with the menu column
const wide = await homeAt({ viewport: { width: 1280, height: 800 } });
await wide.page.screenshot({ path: path.join(root, 'public/screenshots/home-wide.png') });
await wide.context.close();

// each shortcut's icon: the app's white line icon on a brand disc, 96 × 96 with transparent corners
const iconPage = await browser.newPage({ viewport: { width: 96, height: 96 } });
for (const [name, svg] of Object.entries(glyphs)) {
  await iconPage.setContent(`<!doctype html><style>
    html, body { margin: 0; background: transparent; }
    .disc { display: flex; align-items: center; justify-content: center; width: 96px; height: 96px; border-radius: 50%; background: ${brand}; color: #fff; }
    .disc svg { width: 52px; height: 52px; }
  </style><div class="disc">${svg}</div>`);
  await iconPage.locator('.disc').screenshot({ path: path.join(root, `public/icons/shortcut-${name}-96.png`), omitBackground: true });
}

await browser.close();
console.log('wrote public/screenshots/home-{narrow,wide}.png and public/icons/shortcut-*-96.png');
