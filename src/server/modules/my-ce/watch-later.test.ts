// Watch Later by last writer wins (issue 16; docs/decisions/0020-idempotency.md), as a caller sees it: adds
// and removals that arrive late and out of order end as the one done last on the device; removed items are in
// no list and no badge; a device clock ahead cannot pin an item; `at` is checked; old removals are pruned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import * as classes from '#shared/api/classes';
import * as myCe from '#shared/api/my-ce';
import * as podcasts from '#shared/api/podcasts';
import { CLASS_TYPE } from '#shared/domain/constants';
import { buildTestApp, createStudents, json, type TestApp } from '../../test-support.ts';
import { WATCH_LATER_REMOVALS_KEPT_MS } from './watch-later.service.ts';

let t: TestApp;
type Student = Awaited<ReturnType<typeof createStudents>>[number];
let onDemand: { id: number; hash: string }[];
let episodes: { id: number; hash: string }[];

beforeAll(async () => {
  t = await buildTestApp();
  const now = new Date(t.clock.now()).toISOString();
  onDemand = await t.database.db.selectFrom('classes').select(['id', 'hash']).where('typeId', '!=', CLASS_TYPE.LIVE).where('releaseDate', '<=', now).orderBy('id').execute();
  episodes = await t.database.db.selectFrom('podcasts').select(['id', 'hash']).where('releaseDate', '<=', now).orderBy('id').execute();
  expect(onDemand.length).toBeGreaterThan(3);
  expect(episodes.length).toBeGreaterThan(1);
});
afterAll(async () => t?.close());

const post = (s: Student, url: 'queue-add' | 'remove-queue', payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, headers: { 'content-type': 'application/json', cookie: s.cookie }, payload });
async function act(s: Student, url: 'queue-add' | 'remove-queue', payload: { c?: string; p?: string; at?: number }) {
  const res = await post(s, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return v.parse(url === 'queue-add' ? classes.postQueueAdd.response : classes.postRemoveQueue.response, json(res));
}
const get = async <S extends v.GenericSchema>(schema: S, url: string, s: Student): Promise<v.InferOutput<S>> => {
  const res = await t.app.inject({ url, headers: { cookie: s.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return v.parse(schema, json(res));
};
/** what the student sees: Watch Later's classes and episodes, and each badge */
const listed = async (s: Student) => {
  const q = await get(myCe.getQueue.response, '/api/queue', s);
  return { classes: q.data.map((r) => r.hash), totalRows: q.totalRows, episodes: q.podcasts.data.map((r) => r.hash), episodeRows: q.podcasts.totalRows };
};
const classBadge = async (s: Student, c: string) => (await get(classes.getClass.response, `/api/class?c=${c}`, s)).studentData!.inqueue;
const episodeBadge = async (s: Student, p: string) => (await get(podcasts.getPodcast.response, `/api/podcast?p=${p}`, s)).studentData!.inqueue;

describe('Watch Later: last writer wins by the time of the action on the device', () => {
  it('an add done after a removal that arrives later stays added; the removal answers the item still queued', async () => {
    const [s] = await createStudents(t, 1, 'lww-add-wins');
    const c = onDemand[0]!;
    const base = t.clock.now() - 10 * 60_000;
    const added = await act(s!, 'queue-add', { c: c.hash, at: base + 2000 });
    expect(added.queueId).toBeGreaterThan(0);
    const late = await act(s!, 'remove-queue', { c: c.hash, at: base + 1000 });
    expect(late).toEqual({ status: true, classObj: { status: true, hash: c.hash }, queueId: added.queueId });
    expect((await listed(s!)).classes).toEqual([c.hash]);
    expect(await classBadge(s!, c.hash)).toBe(added.queueId);
  });

  it('a removal done after an add that arrives later stays removed, in every list and badge', async () => {
    const [s] = await createStudents(t, 1, 'lww-remove-wins');
    const [c, other] = onDemand;
    const ep = episodes[0]!;
    const base = t.clock.now() - 10 * 60_000;
    await act(s!, 'queue-add', { c: other!.hash, at: base });
    // removed on the device before the server ever saw the add
    expect(await act(s!, 'remove-queue', { c: c!.hash, at: base + 3000 })).toEqual({ status: true, classObj: { status: true, hash: c!.hash }, queueId: 0 });
    expect(await act(s!, 'remove-queue', { p: ep.hash, at: base + 3000 })).toEqual({ status: true, podcastObj: { status: true, hash: ep.hash }, queueId: 0 });
    const lateClass = await act(s!, 'queue-add', { c: c!.hash, at: base + 2000 });
    const lateEpisode = await act(s!, 'queue-add', { p: ep.hash, at: base + 2000 });
    // acknowledged, changing nothing: the answer says it is not on the list
    expect([lateClass, lateEpisode]).toEqual([{ status: true, queueId: 0 }, { status: true, queueId: 0 }]);

    expect(await listed(s!)).toEqual({ classes: [other!.hash], totalRows: 1, episodes: [], episodeRows: 0 });
    expect(await classBadge(s!, c!.hash)).toBe(0);
    expect(await episodeBadge(s!, ep.hash)).toBe(0);
    // the removal is kept (that is how the late add lost), not deleted
    const rows = await t.database.db.selectFrom('queue').select(['classId', 'removedAt']).where('studentId', '=', s!.id).orderBy('classId').execute();
    expect(rows.find((r) => r.classId === c!.id)?.removedAt).toBe(new Date(base + 3000).toISOString());

    // an add done later still puts it back, at the top of the list
    t.clock.advance(1000);
    const back = await act(s!, 'queue-add', { c: c!.hash, at: t.clock.now() });
    expect(back.queueId).toBeGreaterThan(0);
    expect((await listed(s!)).classes).toEqual([c!.hash, other!.hash]);
    expect(await classBadge(s!, c!.hash)).toBe(back.queueId);
    // and an older removal arriving after it changes nothing
    expect((await act(s!, 'remove-queue', { c: c!.hash, at: base + 4000 })).queueId).toBe(back.queueId);
    expect((await listed(s!)).totalRows).toBe(2);
  });

  it('without `at` the server\'s now is the time: old clients work as before', async () => {
    const [s] = await createStudents(t, 1, 'lww-no-at');
    const c = onDemand[1]!;
    const ep = episodes[1]!;
    const first = await act(s!, 'queue-add', { c: c.hash });
    expect(first.queueId).toBeGreaterThan(0);
    expect((await act(s!, 'queue-add', { c: c.hash })).queueId).toBe(first.queueId);
    // a removal done on a device a minute ago, arriving now, is older than the add the server just made
    expect((await act(s!, 'remove-queue', { c: c.hash, at: t.clock.now() - 60_000 })).queueId).toBe(first.queueId);
    t.clock.advance(1000);
    expect((await act(s!, 'remove-queue', { c: c.hash })).queueId).toBe(0);
    expect((await act(s!, 'remove-queue', { c: c.hash })).queueId).toBe(0);
    expect(await classBadge(s!, c.hash)).toBe(0);

    const queued = await act(s!, 'queue-add', { p: ep.hash });
    expect((await listed(s!)).episodes).toEqual([ep.hash]);
    expect(await episodeBadge(s!, ep.hash)).toBe(queued.queueId);
    t.clock.advance(1000);
    await act(s!, 'remove-queue', { p: ep.hash });
    expect(await listed(s!)).toEqual({ classes: [], totalRows: 0, episodes: [], episodeRows: 0 });
  });

  it('a device clock ahead cannot pin an item: its time counts as the server\'s now', async () => {
    const [s] = await createStudents(t, 1, 'lww-ahead');
    const c = onDemand[2]!;
    await act(s!, 'queue-add', { c: c.hash, at: t.clock.now() + 3600_000 });
    t.clock.advance(1000);
    expect((await act(s!, 'remove-queue', { c: c.hash })).queueId).toBe(0);
    expect(await classBadge(s!, c.hash)).toBe(0);
  });

  it('refuses an `at` that is not a time in milliseconds, in plain words, and changes nothing', async () => {
    const [s] = await createStudents(t, 1, 'lww-bad-at');
    const c = onDemand[0]!;
    for (const [at, msg] of [
      ['2026-11-22T15:00:00Z', 'at must be a time in milliseconds'],
      [1_700_000_000_000.5, 'at must be a whole number of milliseconds'],
      [1_700_000_000, 'at must be a time in milliseconds since 1970, after 2020'],
      [5_000_000_000_000, 'at must be a time in milliseconds since 1970, before 2100'],
    ] as const) {
      for (const url of ['queue-add', 'remove-queue'] as const) {
        const res = await post(s!, url, { c: c.hash, at });
        expect(res.statusCode, `${url} ${at}`).toBe(400);
        expect(json(res)).toEqual({ status: false, errorMsg: msg });
      }
    }
    expect(await t.database.db.selectFrom('queue').select('id').where('studentId', '=', s!.id).execute()).toEqual([]);
  });

  it('the retention job prunes removals older than 30 days, and nothing on the list', async () => {
    const [s] = await createStudents(t, 1, 'lww-prune');
    const [kept, gone, recent] = onDemand;
    const ep = episodes[0]!;
    await act(s!, 'queue-add', { c: kept!.hash });
    await act(s!, 'remove-queue', { c: gone!.hash });
    await act(s!, 'remove-queue', { p: ep.hash });
    t.clock.advance(WATCH_LATER_REMOVALS_KEPT_MS - 60_000);
    // the student came back: the session is kept alive as by use (the test's clock jumped a month)
    const now = new Date(t.clock.now()).toISOString();
    await t.database.db.updateTable('sessions').set({ lastSeenAt: now, expiresAt: new Date(t.clock.now() + 86_400_000).toISOString() }).where('studentId', '=', s!.id).execute();
    await act(s!, 'remove-queue', { c: recent!.hash });
    const rowsOf = async () => ({
      classes: (await t.database.db.selectFrom('queue').select('classId').where('studentId', '=', s!.id).orderBy('classId').execute()).map((r) => r.classId),
      episodes: (await t.database.db.selectFrom('podcastQueue').select('podcastId').where('studentId', '=', s!.id).execute()).map((r) => r.podcastId),
    });
    await t.retention.runOnce();
    expect(await rowsOf()).toEqual({ classes: [kept!.id, gone!.id, recent!.id].sort((a, b) => a - b), episodes: [ep.id] });

    t.clock.advance(2 * 60_000);
    const pruned = await t.retention.runOnce();
    expect(pruned.queue).toBeGreaterThanOrEqual(1);
    expect(pruned.podcastQueue).toBeGreaterThanOrEqual(1);
    expect(await rowsOf()).toEqual({ classes: [kept!.id, recent!.id].sort((a, b) => a - b), episodes: [] });
  });
});
