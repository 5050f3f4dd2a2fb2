// What a student does in a tunnel is kept and applied once (issue 16), with the server process stopped: Watch
// Later added and removed, a downloaded episode played, its exam submitted, all kept through a reload offline;
// when the server is back each is applied exactly once (counted in its database) and the exam's result is
// told. And a student's actions never reach the server under another student's session.
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { demo, expect, logIn, newStudent, screenReady, test } from './fixtures.ts';
import { coldStart, outboxActions, untilControlled, untilKept } from './offline-helpers.ts';
import { OWN_SERVER_SLOTS, ownServerFor } from './own-server.ts';
import shows from '../../content/demo/podcasts.json' with { type: 'json' };

const server = ownServerFor(OWN_SERVER_SLOTS.outbox);

interface PackEpisode {
  hash: string;
  title: string;
  exam?: { questions: { question: string; options: string[]; correct: number }[] };
}
const show = shows.podcastShows.find((s) => s.episodes.some((e) => (e as PackEpisode).exam))!;
const episode = show.episodes.find((e) => (e as PackEpisode).exam) as PackEpisode;
const [classA, classB] = demo.classes.filter((c) => c.kind === 'video') as [(typeof demo.classes)[number], (typeof demo.classes)[number]];

/** the server's own record, read from its database file (WAL: readable while it runs) */
function database<T>(read: (db: Database.Database) => T): T {
  const db = new Database(path.join(server.dataDir, 'ce-pass.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}
const studentId = (username: string) => database((db) => (db.prepare('select id from students where username = ?').get(username) as { id: number }).id);
const count = (sql: string, ...args: unknown[]) => database((db) => (db.prepare(sql).get(...args) as { n: number }).n);

/** what the outbox holds on this device, by path */
const outboxPaths = async (page: Page) => (await outboxActions(page)).map((r) => `${r.path}${r.state === 'pending' ? '' : ` (${r.state})`}`);

const watchLater = (page: Page, action: 'Add to' | 'Remove from') => page.getByRole('button', { name: new RegExp(`${action} Watch Later`) });

test('what is done in a tunnel survives a reload and is applied once when the server is back, with the exam result told', async ({ page, context, playwright }) => {
  test.setTimeout(180_000);
  const student = await newStudent(playwright, server.url, 'obx');
  // online: the episode played and evaluated (the exam's gate), downloaded for the tunnel, the classes seen
  await logIn(page, student, `/podcast/${show.hash}/${episode.hash}`);
  await untilControlled(page);
  await page.getByRole('button', { name: `Play ${episode.title}`, exact: true }).first().click();
  await expect(page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Pause', exact: true })).toBeVisible({ timeout: 15_000 });
  // stopped, so the play in the tunnel is a new start (a play log), not the resume of the episode the player kept
  await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: `Open the player: ${episode.title}` }).click();
  await page.getByRole('dialog', { name: 'Now Playing' }).getByRole('button', { name: 'Stop and close player' }).click();
  await expect(page.getByRole('region', { name: 'Player' })).toHaveCount(0);
  await page.goto(`/eval-podcast/${episode.hash}`);
  const excellent = page.getByRole('radio', { name: 'Excellent' });
  await expect(excellent.first()).toBeVisible();
  for (let i = 0; i < (await excellent.count()); i++) await excellent.nth(i).check();
  await page.getByRole('button', { name: 'Submit Evaluation' }).click();
  await expect(page).toHaveURL((u) => u.pathname === `/exam-podcast/${episode.hash}`, { timeout: 15_000 });
  await page.goto(`/podcast/${show.hash}/${episode.hash}`);
  await page.getByRole('button', { name: `Download ${episode.title}` }).click();
  await expect(page.getByText(/^Downloaded · /)).toBeVisible({ timeout: 30_000 });
  // the episode page and its exam are kept with the download
  await untilKept(page, ['podcast', 'exam']);
  for (const c of [classA, classB]) {
    const opened = Date.now();
    await page.goto(`/classroom/${c.hash}`);
    await expect(watchLater(page, 'Add to')).toBeVisible();
    await untilKept(page, ['class'], opened);
  }
  // classB is on the list before the tunnel, to be taken off in it
  const added = Date.now();
  await watchLater(page, 'Add to').click();
  await expect(watchLater(page, 'Remove from')).toBeVisible();
  await expect.poll(() => outboxPaths(page)).toEqual([]);
  // the classroom's answer after the add, and still the download's pages
  await untilKept(page, ['podcast', 'exam']);
  await untilKept(page, ['class'], added);
  const id = studentId(student.username);
  const viewsBefore = count("select count(*) n from view_events where student_id = ? and kind = 'play' and podcast_id is not null", id);

  await server.stop();
  let offline = await coldStart(context);
  // Watch Later: classA added, classB removed, the episode added then removed
  await offline.goto(`/classroom/${classA.hash}`);
  await watchLater(offline, 'Add to').click();
  await expect(watchLater(offline, 'Remove from')).toBeVisible();
  await offline.goto(`/classroom/${classB.hash}`);
  await watchLater(offline, 'Remove from').click();
  await expect(watchLater(offline, 'Add to')).toBeVisible();
  await offline.goto(`/podcast/${show.hash}/${episode.hash}`);
  await watchLater(offline, 'Add to').click();
  await watchLater(offline, 'Remove from').click();
  await expect(watchLater(offline, 'Add to')).toBeVisible();
  // the downloaded episode plays (a play log), then its exam, kept with the download, is submitted
  await offline.getByRole('button', { name: `Play ${episode.title}`, exact: true }).first().click();
  await expect(offline.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Pause', exact: true })).toBeVisible({ timeout: 15_000 });
  await offline.goto(`/exam-podcast/${episode.hash}`);
  for (const [i, q] of episode.exam!.questions.entries()) {
    await offline.getByRole('group', { name: `${i + 1}. ${q.question}`, exact: true }).getByRole('radio', { name: q.options[q.correct - 1], exact: true }).check();
  }
  await offline.getByRole('button', { name: 'Submit Exam' }).click();
  await expect(offline.getByText(/^Saved on this device\. Your exam will be graded when you are back online/)).toBeVisible();

  // a reload while still offline keeps every action, in order, and says so
  offline = await coldStart(context);
  await offline.goto('/home');
  await expect(offline.getByText(/^5 actions waiting to be sent$/)).toBeVisible();
  const kept = await outboxPaths(offline);
  expect(kept.filter((p) => p === 'queue-add' || p === 'remove-queue')).toEqual(['queue-add', 'remove-queue', 'queue-add', 'remove-queue']);
  expect(kept).toContain('podcast-view');
  // (the page views of the screens opened offline wait too, quietly, between them)
  expect(kept.filter((p) => p !== 'page-view').at(-1)).toBe('grade-exam');
  await expect(watchLater(offline, 'Add to')).toHaveCount(0);
  await offline.goto('/queue');
  await expect(offline.getByRole('heading', { name: 'Added on this device' })).toBeVisible();
  await expect(offline.getByRole('link', { name: classA.title })).toBeVisible();

  // the server is back: the app replays on its own (the backoff timer, or the next call), each action once
  await server.start();
  await offline.goto('/home');
  await expect(offline.getByText(`Your exam “${episode.title}” was graded: `, { exact: false })).toBeVisible({ timeout: 30_000 });
  await expect(offline.getByRole('link', { name: /View Certificate/ })).toBeVisible();
  await expect.poll(() => outboxPaths(offline), { timeout: 15_000 }).toEqual([]);
  await expect(offline.getByText(/waiting to be sent$/)).toHaveCount(0);

  const classId = (hash: string) => database((db) => (db.prepare('select id from classes where hash = ?').get(hash) as { id: number }).id);
  const podcastId = database((db) => (db.prepare('select id from podcasts where hash = ?').get(episode.hash) as { id: number }).id);
  expect(count('select count(*) n from queue where student_id = ? and class_id = ? and removed_at is null', id, classId(classA.hash))).toBe(1);
  expect(count('select count(*) n from queue where student_id = ? and class_id = ? and removed_at is null', id, classId(classB.hash))).toBe(0);
  expect(count('select count(*) n from podcast_queue where student_id = ? and podcast_id = ? and removed_at is null', id, podcastId)).toBe(0);
  expect(count("select count(*) n from view_events where student_id = ? and kind = 'play' and podcast_id is not null", id)).toBe(viewsBefore + 1);
  expect(count('select count(*) n from exam_attempts a join exams e on e.id = a.exam_id where a.student_id = ? and e.podcast_id = ?', id, podcastId)).toBe(1);
  expect(count('select count(*) n from evaluations where student_id = ? and podcast_id = ?', id, podcastId)).toBe(1);
  // and what the screens show is the server's truth
  await offline.goto('/queue');
  await expect(offline.getByRole('heading', { name: classA.title })).toBeVisible();
  await expect(offline.getByRole('heading', { name: classB.title })).toHaveCount(0);
  await student.api.dispose();
});

test("a student's actions left on the device are never sent under another student's session", async ({ page, context, playwright }) => {
  test.setTimeout(120_000);
  const a = await newStudent(playwright, server.url, 'oba');
  const b = await newStudent(playwright, server.url, 'obb');
  await logIn(page, a, `/classroom/${classA.hash}`);
  await untilControlled(page);
  await expect(watchLater(page, 'Add to')).toBeVisible();

  await server.stop();
  await watchLater(page, 'Add to').click();
  await expect(watchLater(page, 'Remove from')).toBeVisible();
  // A logs out offline, keeping the action for A's next login
  await page.goto('/logout');
  await expect(page.getByRole('group', { name: '1 action saved on this device is not sent yet.' })).toBeVisible();
  await page.getByRole('radio', { name: 'Keep them on this device for my next login' }).check();
  await page.getByRole('button', { name: 'Yes, Log Out' }).click();
  await expect(page).toHaveURL((u) => u.pathname === '/login');

  // B logs in on the same device: A's action stays on the device and is not sent
  await server.start();
  const offline = await coldStart(context);
  await logIn(offline, b, '/queue');
  await screenReady(offline);
  // (with it, quietly, the page view of A's offline /logout: A's too)
  await expect.poll(async () => (await outboxPaths(offline)).filter((p) => p !== 'page-view')).toEqual(['queue-add']);
  await offline.waitForTimeout(2500);
  const cls = database((db) => (db.prepare('select id from classes where hash = ?').get(classA.hash) as { id: number }).id);
  expect(count('select count(*) n from queue where student_id = ? and class_id = ?', studentId(b.username), cls)).toBe(0);
  expect(count('select count(*) n from queue where student_id = ? and class_id = ?', studentId(a.username), cls)).toBe(0);
  await expect(offline.getByText(/saved on this device/)).toHaveCount(0);

  // A logs in again: A's action goes, for A
  await offline.goto('/logout');
  await offline.getByRole('button', { name: 'Yes, Log Out' }).click();
  await expect(offline).toHaveURL((u) => u.pathname === '/login');
  await logIn(offline, a, '/queue');
  await expect.poll(() => outboxPaths(offline), { timeout: 15_000 }).toEqual([]);
  expect(count('select count(*) n from queue where student_id = ? and class_id = ? and removed_at is null', studentId(a.username), cls)).toBe(1);
  expect(count('select count(*) n from queue where student_id = ? and class_id = ?', studentId(b.username), cls)).toBe(0);
  await a.api.dispose();
  await b.api.dispose();
});

test('out of a tunnel the screen and the actions waiting recover by themselves: no tap, no navigation, though the browser never said it was offline', async ({ page, context, playwright }) => {
  test.setTimeout(120_000);
  const student = await newStudent(playwright, server.url, 'obt');
  const opened = Date.now();
  await logIn(page, student, `/classroom/${classB.hash}`);
  await untilControlled(page);
  await expect(watchLater(page, 'Add to')).toBeVisible();
  await untilKept(page, ['class'], opened);

  // the tunnel: the server cannot be reached, while the browser still says it is online (no 'online' event will come)
  await server.stop();
  const tunnel = await coldStart(context);
  await tunnel.goto(`/classroom/${classB.hash}`);
  const banner = tunnel.getByText(/^Offline — showing what you saw at \d{1,2}:\d{2}/);
  await expect(banner).toBeVisible({ timeout: 15_000 });
  expect(await tunnel.evaluate(() => navigator.onLine)).toBe(true);
  // every try of the screen's load has given up (the button is not "Trying…")
  await expect(tunnel.getByRole('button', { name: 'Try again' })).toBeEnabled({ timeout: 15_000 });
  await tunnel.waitForTimeout(1000);
  await expect(tunnel.getByRole('button', { name: 'Try again' })).toBeEnabled();
  // out of it, nothing waiting to be sent: the screen comes back to the server's answer while the student only looks
  await server.start();
  await expect(banner).toHaveCount(0, { timeout: 25_000 });

  // in again, with an action taken there: it goes by itself too, once out
  await server.stop();
  await watchLater(tunnel, 'Add to').click();
  await expect(tunnel.getByText(/^1 action waiting to be sent$/)).toBeVisible({ timeout: 15_000 });
  await server.start();
  await expect(tunnel.getByText(/waiting to be sent$/)).toHaveCount(0, { timeout: 35_000 });
  await expect(watchLater(tunnel, 'Remove from')).toBeVisible();
  const cls = database((db) => (db.prepare('select id from classes where hash = ?').get(classB.hash) as { id: number }).id);
  expect(count('select count(*) n from queue where student_id = ? and class_id = ? and removed_at is null', studentId(student.username), cls)).toBe(1);
  await student.api.dispose();
});
