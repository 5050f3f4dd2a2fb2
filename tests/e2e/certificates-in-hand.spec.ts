// Certificates in hand and documents that keep the app (issue 13), through the running app with the demo student's
// completed CE: the certificate PDF downloaded from the Proof of CE dialog (its text names the student and the
// course), shared as a file where the device can share files (navigator.share stubbed to record what it is given)
// and downloaded where it cannot, refused to anyone but its owner; the dialog's Close at its top and its buttons in
// view at its foot; Download and Share beside the classroom's Proof of CE; an e-book opening in a new page while
// the library stays where it was.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Download, Page } from '@playwright/test';
import { pdfText } from '../../src/server/pdf-text.test-support.ts';
import { demo, expect, expectAccessible, logIn, newStudent, screenReady, test } from './fixtures.ts';

const root = path.resolve(import.meta.dirname, '../..');
const pack = JSON.parse(readFileSync(path.join(root, 'content/demo/pack.json'), 'utf8')) as {
  students: { username: string; completed: { class?: string; podcast?: string }[] }[];
};
const DEMO = { username: demo.student.username, password: 'ce-pass-demo' };
const demoName = `${demo.student.firstname} ${demo.student.lastname}`;
/** the demo student's most recent completed class: the first row of CE Completed */
const completedHash = pack.students.find((s) => s.username === DEMO.username)!.completed.find((c) => c.class)!.class!;
const completed = demo.classes.find((c) => c.hash === completedHash)!;

const flat = (text: string) => text.replace(/\s+/g, ' ');

async function downloadedText(download: Download): Promise<{ name: string; text: string }> {
  const file = await download.path();
  const bytes = new Uint8Array(readFileSync(file));
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  return { name: download.suggestedFilename(), text: flat(await pdfText(bytes)) };
}

/** the Proof of CE dialog of the demo's completed class, opened from its row on CE Completed */
async function openProof(page: Page) {
  await page.goto('/completed');
  await screenReady(page);
  await page.getByRole('button', { name: `Proof of CE: ${completed.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Proof of CE' });
  await expect(dialog.getByText(completed.title).first()).toBeVisible();
  return dialog;
}

/** a device that can share files: what navigator.share was given, with the file's bytes */
const SHARE_STUB = () => {
  const w = window as unknown as { __shared: unknown[] };
  w.__shared = [];
  Object.defineProperty(navigator, 'canShare', { configurable: true, value: (data?: ShareData) => Boolean(data?.files?.length) });
  Object.defineProperty(navigator, 'share', {
    configurable: true,
    value: async (data: ShareData) => {
      const files = await Promise.all((data.files ?? []).map(async (f) => ({ name: f.name, type: f.type, bytes: Array.from(new Uint8Array(await f.arrayBuffer())) })));
      w.__shared.push({ title: data.title, files });
    },
  });
};

test('the certificate PDF downloads from the Proof of CE dialog, whose Close is at its top and whose buttons stay in view @desktop', async ({ page, baseURL, playwright }) => {
  await logIn(page, DEMO, '/completed');
  const dialog = await openProof(page);

  // Close at the top, the buttons at the foot, both on screen while the certificate between them is longer than it
  const close = dialog.locator('.dialog-head').getByRole('button', { name: 'Close', exact: true });
  const download = dialog.getByRole('link', { name: 'Download PDF of the certificate' });
  const share = dialog.getByRole('button', { name: 'Share certificate' });
  for (const control of [close, download, share, dialog.getByRole('button', { name: 'Email to Me' })]) await expect(control).toBeInViewport();
  const body = await dialog.evaluate((d) => ({ scrollHeight: d.scrollHeight, clientHeight: d.clientHeight }));
  if (test.info().project.name === 'phone') expect(body.scrollHeight, 'the certificate is longer than the phone screen').toBeGreaterThan(body.clientHeight);
  await dialog.evaluate((d) => d.scrollTo(0, d.scrollHeight / 2));
  await expect(close).toBeInViewport();
  await expect(download).toBeInViewport();
  await expectAccessible(page, '/completed with the Proof of CE dialog, Download and Share');

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const { certificate } = await (await page.request.get(`/api/certificate?c=${completed.hash}`)).json();
  const { name, text } = await downloadedText(file);
  expect(name).toBe(`ce-pass-certificate-${certificate.code}.pdf`);
  expect(text).toContain(demoName);
  expect(text).toContain(completed.title);
  expect(text).toContain(`Certificate number ${certificate.code}`);
  // the app stayed where it was, dialog and all
  await expect(page).toHaveURL((u) => u.pathname === '/completed');
  await expect(dialog).toBeVisible();

  // the × at the top closes it
  await close.click();
  await expect(dialog).toHaveCount(0);

  // the PDF is its owner's alone: another student gets no certificate for the class, a visitor must log in
  const other = await newStudent(playwright, baseURL, 'h');
  const refused = await other.api.get(`/api/certificate-pdf?c=${completed.hash}`);
  expect(refused.status()).toBe(404);
  expect(await refused.json()).toEqual({ status: false, errorMsg: 'No certificate for this course.' });
  // ... and naming the owner's hash does not help (the session decides who asks)
  const visitor = await playwright.request.newContext({ baseURL });
  const { hash: demoHash } = await (await visitor.post('/api/login', { data: { u: DEMO.username, p: DEMO.password } })).json();
  await visitor.post('/api/logout', { data: {} });
  const theirs = await other.api.get(`/api/certificate-pdf?c=${completed.hash}&s=${demoHash}`);
  expect(theirs.status()).toBe(403);
  expect((await theirs.json()).errorMsg).toBe('This record belongs to another student.');
  const anonymous = await visitor.get(`/api/certificate-pdf?c=${completed.hash}`);
  expect(anonymous.status()).toBe(401);
  expect((await anonymous.json()).errorMsg).toBe('Please log in to continue.');
  await visitor.dispose();
});

test('Share hands the certificate PDF to the share sheet where the device can share files', async ({ page }) => {
  await page.addInitScript(SHARE_STUB);
  await logIn(page, DEMO, '/completed');
  const dialog = await openProof(page);
  await dialog.getByRole('button', { name: 'Share certificate' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared.length)).toBe(1);
  const [shared] = (await page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared)) as { title: string; files: { name: string; type: string; bytes: number[] }[] }[];
  expect(shared!.title).toBe(`CE certificate: ${completed.title}`);
  expect(shared!.files).toHaveLength(1);
  const [pdf] = shared!.files;
  expect(pdf!.type).toBe('application/pdf');
  expect(pdf!.name).toMatch(/^ce-pass-certificate-[A-Za-z0-9_-]+\.pdf$/);
  const text = flat(await pdfText(new Uint8Array(pdf!.bytes)));
  expect(text).toContain(demoName);
  expect(text).toContain(completed.title);
  await expect(dialog.getByRole('button', { name: 'Share certificate' })).toBeEnabled();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});

test('Share downloads the certificate where the device cannot share files, and says so', async ({ page }) => {
  // Chromium on Linux has no Web Share API; say so explicitly, whatever the build
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: undefined });
    Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
  });
  await logIn(page, DEMO, '/completed');
  const dialog = await openProof(page);
  const [file] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Share certificate' }).click()]);
  const { name, text } = await downloadedText(file);
  expect(name).toMatch(/^ce-pass-certificate-[A-Za-z0-9_-]+\.pdf$/);
  expect(text).toContain(demoName);
  await expect(dialog.getByText('This device cannot share files, so the certificate was downloaded.')).toBeVisible();
});

test('the classroom of a completed class has Download and Share beside Proof of CE, which opens the dialog in place @desktop', async ({ page }) => {
  await logIn(page, DEMO, `/classroom/${completed.hash}`);
  await screenReady(page);
  const banner = page.locator('.banner-success');
  await expect(banner).toContainText('Exam completed');
  await expect(banner.getByRole('link', { name: 'Download PDF of the certificate' })).toHaveAttribute('href', `/api/certificate-pdf?c=${completed.hash}`);
  await expect(banner.getByRole('button', { name: 'Share certificate' })).toBeVisible();
  await expectAccessible(page, '/classroom with the certificate buttons');

  const [file] = await Promise.all([page.waitForEvent('download'), banner.getByRole('link', { name: 'Download PDF of the certificate' }).click()]);
  expect((await downloadedText(file)).text).toContain(completed.title);

  await banner.getByRole('button', { name: 'Proof of CE' }).click();
  const dialog = page.getByRole('dialog', { name: 'Proof of CE' });
  await expect(dialog).toContainText(demoName);
  await expect(page).toHaveURL((u) => u.pathname === `/classroom/${completed.hash}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(banner.getByRole('button', { name: 'Proof of CE' })).toBeFocused();
});

test('an e-book opens in a new page, and the library stays where it was @desktop', async ({ page, context }) => {
  const book = demo.ebooks.at(-1)!;
  await logIn(page, DEMO, '/ebooks');
  await screenReady(page);
  // headless Chromium's PDF viewer never lets the context close: the new page gets a stand-in once the real
  // server has answered the PDF (routed on the context, where the new page opens)
  let served: { status: number; type: string } | null = null;
  await context.route(`**/media/${book.pdf}`, async (route) => {
    const res = await route.fetch();
    served = { status: res.status(), type: res.headers()['content-type'] ?? '' };
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>PDF</title><p>The PDF arrived.</p>' });
  });
  const link = page.getByRole('link', { name: new RegExp(`: ${book.title}$`) });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await link.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  const recorded = page.waitForResponse((r) => r.url().endsWith('/api/book-response-mvp') && r.request().method() === 'POST');
  const [pdfPage] = await Promise.all([context.waitForEvent('page'), link.click()]);
  expect((await recorded).status()).toBe(200);
  await expect(pdfPage).toHaveURL(new RegExp(`/media/${book.pdf}$`));
  await expect(pdfPage.getByText('The PDF arrived.')).toBeVisible();
  expect(served).toEqual({ status: 200, type: 'application/pdf' });
  // the app's page is where it was: the library, scrolled to the same book, with no error
  await expect(page).toHaveURL((u) => u.pathname === '/ebooks');
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(link).toBeInViewport();
  await expect(page.getByText('System Error from Save Book Response.')).toHaveCount(0);
  await pdfPage.close();
});
