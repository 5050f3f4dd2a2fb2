// A course taken elsewhere, recorded with its photo in a tunnel (issue 19, offline-and-audio.md §6), with the server
// process stopped: the record and its photo wait on the phone through a reload, said as waiting, and when the server
// is back they are sent by themselves and recorded exactly once, the photo with them.
import type { ReportedCourse } from '#shared/api/license';
import { SELF_REPORTED } from '#shared/domain/license';
import { expect, expectAccessible, logIn, newStudent, screenReady, test } from './fixtures.ts';
import { coldStart, outboxActions, untilControlled } from './offline-helpers.ts';
import { phonePhoto } from './license-photo.ts';
import { OWN_SERVER_SLOTS, ownServerFor } from './own-server.ts';

const server = ownServerFor(OWN_SERVER_SLOTS.license);

test.use({ viewport: { width: 390, height: 844 } });

const TITLE = 'Infection Control Update (state-required)';
const PROVIDER = 'State Dental Association Continuing Education Program of Greater Houston';

test('a course from elsewhere recorded offline with its photo is kept through a reload and recorded once when the server is back', async ({ page, context, playwright }) => {
  test.setTimeout(180_000);
  const student = await newStudent(playwright, server.url, 'lic');
  await logIn(page, student, '/ce-elsewhere');
  await untilControlled(page);
  await screenReady(page);
  const photo = await phonePhoto(page, TITLE);

  await server.stop();
  let offline = await coldStart(context);
  await offline.goto('/ce-elsewhere/add');
  await screenReady(offline);
  await offline.getByLabel('Course title').fill(TITLE);
  // a provider's name as long as real ones get: once recorded it wraps, never pushes the row past the phone's edge
  await offline.getByLabel('Provider').fill(PROVIDER);
  await offline.getByLabel('Hours').fill('2');
  await offline.getByRole('radio', { name: /^Self-study/ }).check();
  await offline.getByRole('checkbox', { name: 'Infection control' }).check();
  await offline.getByLabel('Take a photo').setInputFiles({ name: 'IMG_0977.JPG', mimeType: 'image/jpeg', buffer: photo });
  await expect(offline.getByText(/^Photo: IMG_0977\.jpg, /)).toBeVisible({ timeout: 30_000 });
  await offline.getByRole('button', { name: 'Record course' }).click();
  await expect(offline).toHaveURL((u) => u.pathname === '/ce-elsewhere');
  await expect(offline.getByText('Saved on this device with its proof. It will be sent when you are back online.')).toBeVisible();
  const waiting = offline.getByRole('region', { name: 'Waiting to be sent' });
  await expect(waiting.getByText(TITLE)).toBeVisible();
  await expect(offline.getByText(/^1 action waiting to be sent$/)).toBeVisible();
  await expectAccessible(offline, 'CE earned elsewhere, offline, with a course waiting');

  // a reload in the tunnel: the record and its photo are still on the phone
  offline = await coldStart(context);
  await offline.goto('/ce-elsewhere');
  await expect(offline.getByRole('region', { name: 'Waiting to be sent' }).getByText(/with its proof/)).toBeVisible();
  // (page views wait there too, as bookkeeping)
  const kept = (await outboxActions(offline)).filter((a) => a.path === 'reported-course-add');
  expect(kept).toHaveLength(1);
  expect(kept[0]!.fileBytes).toBeGreaterThan(10_000);
  expect(kept[0]!.fileBytes).toBeLessThanOrEqual(2 * 1024 * 1024);

  // the server is back: sent by itself, once, with the photo
  await server.start();
  await expect.poll(async () => (await outboxActions(offline)).length, { timeout: 45_000 }).toBe(0);
  await offline.reload();
  await screenReady(offline);
  const row = offline.getByRole('listitem').filter({ hasText: TITLE });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(SELF_REPORTED, { exact: true })).toBeVisible();
  await expect(row).toContainText(PROVIDER);
  expect(await offline.evaluate(() => document.documentElement.scrollWidth), 'the list fits the phone’s width').toBeLessThanOrEqual(390);
  await expect(offline.getByRole('region', { name: 'Waiting to be sent' })).toHaveCount(0);
  const answer = (await (await student.api.get('/api/reported-courses')).json()) as { courses: ReportedCourse[] };
  const recorded = answer.courses.filter((c) => c.title === TITLE);
  expect(recorded).toHaveLength(1);
  expect(recorded[0]!.proof).toMatchObject({ type: 'image/jpeg', bytes: kept[0]!.fileBytes });
  await student.api.dispose();
});
