// My license (issue 19), the "Done when" journey at 390 × 844 as the demo student walks it: she adds a Texas RDH
// license from its preset and sees each rule's source and the day it was checked, with "Confirm with your board";
// an impossible rule is refused in plain words; a self-study cap below her self-study hours makes the counted hours
// drop; a CPR course taken elsewhere, recorded with a real phone photo, satisfies the CPR/BLS rule and changes the
// totals (the photo reaches the server upright, under 2 MB, without the camera's metadata); and the audit pack's
// ZIP and transcript PDF say what they must. Axe and 44 px targets on every screen of it.
import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { auditPackFileName, type LicenseView, type Preset } from '#shared/api/license';
import { CONFIRM_WITH_BOARD, SELF_REPORTED } from '#shared/domain/license';
import { RULE_MESSAGES } from '#shared/domain/license-rules';
import { pdfText } from '../../src/server/pdf-text.test-support.ts';
import { formatDay, formatHours } from '../../src/client/features/license/format.ts';
import { demo, expect, expectAccessible, logIn, screenReady, test } from './fixtures.ts';
import { hasExif, jpegSize, phonePhoto } from './license-photo.ts';

test.use({ viewport: { width: 390, height: 844 } });

const DEMO = { username: demo.student.username, password: 'ce-pass-demo' };
const demoName = `${demo.student.firstname} ${demo.student.lastname}`;
const CPR = { title: 'BLS Provider Renewal (CPR and AED)', provider: 'American Red Cross' };

const flat = (text: string) => text.replace(/\s+/g, ' ');
const json = async <T,>(page: Page, url: string): Promise<T> => {
  const res = await page.request.get(url);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
};
const bytesOf = async (download: Download) => new Uint8Array(readFileSync(await download.path()));

/** a year from today, on the calendar (the renewal date of the license added) */
const inAYear = (): string => {
  const d = new Date();
  return `${d.getFullYear() + 1}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** the progress table's "Counts" cell of a row (Live, Self-study, Total) */
const counts = (page: Page, row: string) => page.locator('table.license-split tr').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${row}`) }) }).locator('td').nth(1);
const earned = (page: Page, row: string) => page.locator('table.license-split tr').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${row}`) }) }).locator('td').nth(0);

test('the demo student tracks her Texas RDH renewal: preset rules with sources, a self-study cap, a CPR course from elsewhere with its photo, the audit pack', async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, DEMO, '/my-ce');
  await screenReady(page);
  await page.getByRole('link', { name: /^My license/ }).click();
  await expect(page).toHaveURL(/\/my-license$/);
  await screenReady(page);
  await expect(page.getByText(/^No license yet\./)).toBeVisible();
  await expectAccessible(page, 'My license, no license yet');

  // ---- a license from the Texas preset: every rule with its source, its date and "Confirm with your board"
  await page.getByRole('link', { name: 'Add a license' }).click();
  await screenReady(page);
  const { presets } = await json<{ presets: Preset[] }>(page, '/api/license-presets');
  const texas = presets.find((p) => p.jurisdiction === 'Texas' && p.licenseType === 'RDH')!;
  await page.getByRole('radio', { name: /^Texas · RDH/ }).check();
  const preview = page.getByRole('region', { name: /^The rules you start with: Texas’s/ });
  for (const rule of texas.rules) {
    const item = preview.getByRole('listitem').filter({ has: page.getByRole('link', { name: new RegExp(`^${escape(rule.source.label)}`) }) });
    await expect(item.first()).toContainText(`checked ${formatDay(rule.source.checkedOn)}`);
    await expect(item.first()).toContainText(CONFIRM_WITH_BOARD);
  }
  await expect(preview.getByText('Secondary source', { exact: true })).toHaveCount(texas.rules.filter((r) => r.source.secondary).length);
  await expect(page.getByLabel('State or jurisdiction')).toHaveValue('Texas');
  // its rules are a hygienist's: the preset makes an RDH license only, and says so
  await expect(page.getByRole('combobox', { name: 'License type' }).locator('option')).toHaveText(['RDH (dental hygienist)']);
  await expect(page.getByText('This starting point is for RDH licenses. For another license type, start from scratch.')).toBeVisible();
  // a year typed wrong (a date already passed) is said where it is typed, with the renewal it comes to
  const lastYear = `${new Date().getUTCFullYear() - 1}-01-31`;
  await page.getByLabel('Next renewal date').fill(lastYear);
  const note = page.getByRole('status').filter({ hasText: 'This date has passed' });
  const cycle = texas.cycleYears === 1 ? '1-year cycles' : `${texas.cycleYears}-year cycles`;
  await expect(note).toHaveText(new RegExp(`^This date has passed: with ${cycle} the next renewal is \\w{3} Jan 31, 20\\d\\d\\. If that is not right, check the year\\.$`));
  await expectAccessible(page, 'Add a license, a renewal date already passed');
  await page.getByLabel('Next renewal date').fill(inAYear());
  await expect(note).toHaveCount(0);
  await expectAccessible(page, 'Add a license, Texas preset chosen');
  await page.getByRole('button', { name: 'Add license' }).click();
  await expect(page).toHaveURL(/\/my-license\/\d+$/);
  await screenReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Texas · RDH' })).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const before = await json<LicenseView>(page, `/api/license?id=${id}`);
  expect(before.rules).toHaveLength(texas.rules.length);
  const rules = page.getByRole('region', { name: 'Requirements' });
  for (const rule of before.rules) {
    const source = rule.preset!.source;
    const item = rules.getByRole('listitem').filter({ has: page.getByRole('link', { name: new RegExp(`^${escape(source.label)}`) }) }).first();
    await expect(item).toContainText(`checked ${formatDay(source.checkedOn)}`);
    await expect(item).toContainText(CONFIRM_WITH_BOARD);
  }
  // the CPR/BLS rule is missing before the course from elsewhere; the total, with her certificates toward it, is partly met
  const bls = rules.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^CPR\/BLS/ }) });
  await expect(bls.getByText('Missing', { exact: true })).toBeVisible();
  const totalRule = rules.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '24 h in the cycle' }) });
  await expect(totalRule.getByText('Partly met', { exact: true })).toBeVisible();
  await expect(totalRule).toContainText(`Partly met ${before.progress.counted} of 24 h`);
  // what's left says what the hours are for
  const left = page.getByRole('region', { name: 'What’s left' });
  await expect(left.getByText(`${formatHours(24 - before.progress.counted)} more CE in this cycle`, { exact: true })).toBeVisible();
  await expect(left.getByText('A course on CPR/BLS, any length', { exact: true })).toBeVisible();
  await expect(page.getByText(`${formatHours(before.progress.counted)} of ${formatHours(24)} counted`)).toBeVisible();
  await expectAccessible(page, 'a license from the Texas preset');

  // ---- an impossible rule is refused in plain words; a self-study cap below her self-study hours counts less
  const selfStudy = before.progress.selfStudy.earned;
  expect(selfStudy, 'the demo student has self-study certificates in the cycle').toBeGreaterThan(1);
  const cap = Math.floor(selfStudy / 2);
  await page.getByRole('link', { name: 'Add a rule' }).click();
  await screenReady(page);
  await page.getByRole('combobox', { name: 'Rule', exact: true }).selectOption('self-study-maximum');
  await page.getByRole('radio', { name: 'In hours' }).check();
  const hours = page.getByRole('textbox', { name: 'Hours', exact: true });
  await hours.fill('-2');
  await page.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByText('Hours cannot be negative.')).toBeVisible();
  await hours.fill('30');
  await expect(page.getByText(RULE_MESSAGES.aboveTotal('self-study limit', 30, 24))).toBeVisible();
  await expectAccessible(page, 'the rule form refusing a cap above the total');
  await hours.fill(String(cap));
  await expect(page.getByText(`would count in this cycle (now ${formatHours(before.progress.counted)})`)).toBeVisible();
  await page.getByRole('button', { name: 'Save rule' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-license/${id}$`));
  await screenReady(page);
  await expect(page.getByText('Rule saved.')).toBeVisible();
  await expect(earned(page, 'Self-study')).toHaveText(formatHours(selfStudy));
  await expect(counts(page, 'Self-study')).toHaveText(formatHours(cap));
  const capped = before.progress.counted - (selfStudy - cap);
  await expect(counts(page, 'Total')).toHaveText(formatHours(capped));
  await expect(page.getByText(`${formatHours(capped)} of ${formatHours(24)} counted`)).toBeVisible();
  await expect(left.getByText(`${formatHours(24 - capped)} more CE in this cycle, all live: self-study is at its limit`, { exact: true })).toBeVisible();

  // ---- a CPR course taken elsewhere, with a photo from the phone's camera
  await page.getByRole('link', { name: 'Record CE earned elsewhere' }).click();
  await expect(page).toHaveURL(new RegExp(`/ce-elsewhere/add\\?license=${id}$`));
  await screenReady(page);
  await page.getByLabel('Course title').fill(CPR.title);
  await page.getByLabel('Provider').fill(CPR.provider);
  await page.getByLabel('Hours').fill('4');
  await page.getByRole('radio', { name: /^Live/ }).check();
  await page.getByRole('checkbox', { name: 'CPR/BLS' }).check();
  const photo = await phonePhoto(page, CPR.title);
  expect(photo.length, 'the camera’s photo is larger than what the app sends').toBeGreaterThan(2 * 1024 * 1024);
  await page.getByLabel('Take a photo').setInputFiles({ name: 'IMG_0412.JPG', mimeType: 'image/jpeg', buffer: photo });
  const chosen = page.getByText(/^Photo: IMG_0412\.jpg, (\d+(\.\d)?) (MB|KB)$/);
  await expect(chosen).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'The photo as it will be sent' })).toBeVisible();
  await expectAccessible(page, 'CE earned elsewhere with its photo');
  await page.getByRole('button', { name: 'Record course' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-license/${id}$`));
  await screenReady(page);
  await expect(page.getByText(/^Recorded as self-reported\./)).toBeVisible();
  await expect(bls.getByText('Met', { exact: true })).toBeVisible();
  await expect(left.getByText(/^A course on CPR\/BLS/)).toHaveCount(0);
  await expect(earned(page, 'Live')).toHaveText(formatHours(before.progress.live.earned + 4));
  await expect(counts(page, 'Total')).toHaveText(formatHours(capped + 4));
  const course = page.getByRole('region', { name: 'Courses in this cycle' }).getByRole('listitem').filter({ hasText: CPR.title });
  await expect(course.getByText(SELF_REPORTED, { exact: true })).toBeVisible();
  await expect(course.getByRole('link', { name: `Download proof of ${CPR.title}` })).toBeVisible();
  await expectAccessible(page, 'the license with the course from elsewhere');

  // ---- the audit pack: the ZIP's files and the transcript's words
  const after = await json<LicenseView>(page, `/api/license?id=${id}`);
  const [zipDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download audit pack (ZIP)' }).click()]);
  expect(zipDownload.suggestedFilename()).toBe(auditPackFileName(after.license, after.cycle.end, 'zip'));
  const files = unzipSync(await bytesOf(zipDownload));
  const names = Object.keys(files);
  const transcriptName = auditPackFileName(after.license, after.cycle.end, 'pdf');
  expect(names).toContain(transcriptName);
  const certificates = after.entries.filter((e) => e.source === 'ce-pass' && e.date >= after.cycle.start && e.date <= after.cycle.end);
  expect(names.filter((n) => n.endsWith('.pdf') && n !== transcriptName)).toHaveLength(certificates.length);
  const proofs = names.filter((n) => /\.jpe?g$/i.test(n));
  expect(proofs).toHaveLength(1);
  // the photo as the server keeps it: a JPEG under 2 MB, upright (the camera stored it sideways), no EXIF
  const kept = files[proofs[0]!]!;
  expect(kept.length).toBeLessThanOrEqual(2 * 1024 * 1024);
  const size = jpegSize(kept)!;
  expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(2400);
  expect(size.height / size.width).toBeCloseTo(4 / 3, 2);
  expect(hasExif(kept)).toBe(false);
  const transcript = flat(await pdfText(files[transcriptName]!));
  for (const words of [demoName, 'License: Texas RDH', CPR.title, CPR.provider, SELF_REPORTED]) expect(transcript).toContain(words);
  // each CE Pass certificate of the cycle, with its verification link
  for (const c of certificates) expect(transcript).toContain(`${c.certificateCode}: ${c.verifyUrl}`);

  const [pdfDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download transcript (PDF)' }).click()]);
  expect(pdfDownload.suggestedFilename()).toBe(transcriptName);
  expect(flat(await pdfText(await bytesOf(pdfDownload)))).toContain(CPR.title);

  // ---- the list: the license at a glance, and the course among those recorded elsewhere
  await page.goto('/my-license');
  await screenReady(page);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Texas · RDH' }) });
  await expect(card).toContainText(`${formatHours(capped + 4)} of ${formatHours(24)} counted`);
  await expectAccessible(page, 'My license with one license');

  // ---- the license's own details changed, then the license removed: the course from elsewhere stays hers
  await page.getByRole('link', { name: 'Texas · RDH' }).click();
  await screenReady(page);
  await page.getByRole('link', { name: 'Change license details' }).click();
  await screenReady(page);
  await page.getByLabel('License number (optional)').fill('RDH 012345');
  await expectAccessible(page, 'Change license details');
  await page.getByRole('button', { name: 'Save license' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-license/${id}$`));
  await expect(page.getByText('License saved.')).toBeVisible();
  await expect(page.getByText('RDH · RDH 012345')).toBeVisible();
  await page.getByRole('link', { name: 'Change license details' }).click();
  await screenReady(page);
  await page.getByRole('button', { name: 'Remove license' }).click();
  await page.getByRole('button', { name: 'Remove Texas · RDH for good' }).click();
  await expect(page).toHaveURL(/\/my-license$/);
  await expect(page.getByText(/^License removed\./)).toBeVisible();
  await expect(page.getByText(/^No license yet\./)).toBeVisible();
  await page.getByRole('link', { name: 'CE earned elsewhere' }).click();
  await screenReady(page);
  await expect(page.getByRole('listitem').filter({ hasText: CPR.title }).getByText(SELF_REPORTED, { exact: true })).toBeVisible();
  await expectAccessible(page, 'CE earned elsewhere');

  // ---- a course recorded before its certificate came gets its proof later, from its row
  await page.getByRole('link', { name: 'Record a course' }).click();
  await screenReady(page);
  await page.getByLabel('Course title').fill('Nitrous Oxide Monitoring');
  await page.getByLabel('Provider').fill('State Dental Society');
  await page.getByLabel('Hours').fill('3');
  await page.getByRole('radio', { name: /^Live/ }).check();
  await page.getByRole('button', { name: 'Record course' }).click();
  await expect(page).toHaveURL(/\/ce-elsewhere$/);
  const later = page.getByRole('listitem').filter({ hasText: 'Nitrous Oxide Monitoring' });
  await expect(later.getByText('No proof attached')).toBeVisible();
  await later.getByRole('button', { name: 'Add proof of Nitrous Oxide Monitoring' }).click();
  await later.getByLabel('Choose a file').setInputFiles({ name: 'n2o-certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n') });
  await expect(later.getByText(/^PDF: n2o-certificate\.pdf/)).toBeVisible();
  await expectAccessible(page, 'CE earned elsewhere, adding a proof');
  await later.getByRole('button', { name: 'Attach proof' }).click();
  await expect(later.getByText('Proof attached.')).toBeVisible();
  await expect(later.getByRole('link', { name: 'Download proof of Nitrous Oxide Monitoring' })).toBeVisible();
  const { courses } = await json<{ courses: { title: string; proof: { name: string; type: string } | null }[] }>(page, '/api/reported-courses');
  expect(courses.find((c) => c.title === 'Nitrous Oxide Monitoring')?.proof).toMatchObject({ name: 'n2o-certificate.pdf', type: 'application/pdf' });
});

/** a label as a literal in a RegExp */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
