// Watch Later with podcast episodes (issue 14; docs/decisions/0016): queued on the server, so another device
// sees them; listed first on /queue with their own Remove and a link to the episode, counted with the classes.
import type { APIResponse } from '@playwright/test';
import { demo, expect, expectAccessible, logIn, newStudent, screenReady, test } from './fixtures.ts';

async function ok(res: Promise<APIResponse>) {
  const r = await res;
  expect(r.status(), `${r.url()}: ${await r.text()}`).toBe(200);
  return r.json();
}

const show = demo.shows[0]!;
const [episode, other] = show.episodes;
const cls = demo.classes.find((c) => c.kind === 'video')!;

test('Watch Later lists queued episodes beside the classes, each with Remove and a link to the episode @desktop', async ({ page, playwright, baseURL }) => {
  // two accessibility scans and eight steps: more than the default 30 s on a busy 2-core machine
  test.setTimeout(60_000);
  const s = await newStudent(playwright, baseURL, 'qe');
  // queued from "another device": the student's own API session
  await ok(s.api.post('/api/queue-add', { data: { p: episode!.hash } }));
  await ok(s.api.post('/api/queue-add', { data: { p: other!.hash } }));
  await ok(s.api.post('/api/queue-add', { data: { c: cls.hash } }));

  await logIn(page, s, '/queue');
  await screenReady(page);
  const main = page.getByRole('main');
  await expect(main.getByText('Watch later: 3')).toBeVisible();
  await expect(main.getByText("Your account's list of classes and episodes to take later, on every device you log in on.")).toBeVisible();
  const episodes = main.getByRole('region', { name: 'Podcast episodes' });
  await expect(episodes.getByRole('heading', { level: 3 })).toHaveText([other!.title, episode!.title]);
  await expect(main.getByRole('heading', { name: 'Classes', level: 2 })).toBeVisible();
  await expect(main.getByRole('link', { name: cls.title, exact: true })).toBeVisible();
  await expectAccessible(page, '/queue with episodes and a class');

  // Remove takes the episode off here and on the server; the count follows and the keyboard lands on it
  await main.getByRole('button', { name: `Remove from Watch Later: ${other!.title}` }).click();
  await expect(main.getByText('Watch later: 2')).toBeVisible();
  await expect(main.getByText('Watch later: 2')).toBeFocused();
  await expect(episodes.getByRole('link', { name: other!.title, exact: true })).toHaveCount(0);
  const queue = await ok(page.request.get('/api/queue?page=0'));
  expect(queue.podcasts.data.map((p: { hash: string }) => p.hash)).toEqual([episode!.hash]);

  // with the class gone, the episode alone is still a list, not the empty text
  await main.getByRole('button', { name: `Remove from Watch Later: ${cls.title}` }).click();
  await expect(main.getByText('Watch later: 1')).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Classes' })).toHaveCount(0);
  await expect(main.getByText(/Your watch later list is empty/)).toHaveCount(0);
  await expectAccessible(page, '/queue with an episode only');

  // the row opens the episode on its series page
  await episodes.getByRole('link', { name: episode!.title, exact: true }).click();
  await expect(page).toHaveURL((u) => u.pathname === `/podcast/${show.hash}/${episode!.hash}`);
  await screenReady(page);

  await page.goto('/queue');
  await screenReady(page);
  await page.getByRole('button', { name: `Remove from Watch Later: ${episode!.title}` }).click();
  await expect(page.getByText('Your watch later list is empty. Add to this list by tapping the + button after selecting a webinar or product video.')).toBeVisible();
  await expect(page.getByText('Watch later: 0')).toBeVisible();
});
