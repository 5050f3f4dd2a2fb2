// The listening record and episodes in Watch Later as a caller sees them (issue 14; docs/decisions/0016):
// heard ranges merged once per batch id, the heard share and played at 95 %, the last position, "Continue
// listening", and queue-add / remove-queue / queue with episodes.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import * as classes from '#shared/api/classes';
import * as myCe from '#shared/api/my-ce';
import * as podcasts from '#shared/api/podcasts';
import { buildTestApp, createStudents, json, type TestApp } from '../../test-support.ts';
import { NO_PODCAST } from '../learning/course-gate.service.ts';
import { CONTINUE_LISTENING_ROWS, END_SLACK_SECONDS, EVENT_REUSED } from './listening.service.ts';

let t: TestApp;
type Student = Awaited<ReturnType<typeof createStudents>>[number];
/** released episodes, newest first, with their length */
let episodes: { id: number; hash: string; durationSec: number; showHash: string }[];

beforeAll(async () => {
  t = await buildTestApp();
  episodes = await t.database.db
    .selectFrom('podcasts as p')
    .innerJoin('podcastShows as ps', 'ps.id', 'p.showId')
    .select(['p.id', 'p.hash', 'p.durationSec', 'ps.hash as showHash'])
    .where('p.releaseDate', '<=', new Date(t.clock.now()).toISOString())
    .orderBy('p.releaseDate', 'desc')
    .execute();
  expect(episodes.length).toBeGreaterThan(CONTINUE_LISTENING_ROWS);
});
afterAll(async () => t?.close());

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload });
const postOk = async <S extends v.GenericSchema>(schema: S, url: string, payload: object, cookie: string): Promise<v.InferOutput<S>> => {
  const res = await post(url, payload, cookie);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  return v.parse(schema, json(res));
};
const get = async <S extends v.GenericSchema>(schema: S, url: string, cookie?: string): Promise<v.InferOutput<S>> => {
  const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  return v.parse(schema, json(res));
};

const listen = (s: Student, p: string, ranges: number[][], position: number, extra: { e?: string; at?: string } = {}) =>
  postOk(podcasts.postPodcastListen.response, 'podcast-listen', { p, e: extra.e ?? randomUUID(), ranges, position, ...(extra.at ? { at: extra.at } : {}) }, s.cookie);
const episodePage = (p: string, cookie?: string) => get(podcasts.getPodcast.response, `/api/podcast?p=${p}`, cookie);
const heardOf = async (s: Student, podcastId: number) =>
  (await t.database.db.selectFrom('listening').select(['heard', 'heardSec', 'positionSec']).where('studentId', '=', s.id).where('podcastId', '=', podcastId).executeTakeFirst()) ?? null;
const continueListening = (s: Student) => get(podcasts.getListening.response, '/api/listening', s.cookie);
const queue = (s: Student, page = 0) => get(myCe.getQueue.response, `/api/queue?page=${page}`, s.cookie);

describe('POST /api/podcast-listen', () => {
  it('merges overlapping and adjacent ranges into the record and answers the heard share and the last position', async () => {
    const [s] = await createStudents(t, 1, 'merge');
    const ep = episodes[0]!;
    const first = await listen(s!, ep.hash, [[0, 10], [10, 20]], 20);
    expect(first).toEqual({ status: true, heardShare: Math.round((20 / ep.durationSec) * 1000) / 1000, position: 20, played: false });
    // overlapping the first, and a range that starts a fraction of a second after it (a batch boundary)
    const second = await listen(s!, ep.hash, [[15, 30], [30.4, 40]], 40);
    expect(second.heardShare).toBe(Math.round((40 / ep.durationSec) * 1000) / 1000);
    expect(second.position).toBe(40);
    // a skipped stretch stays out
    await listen(s!, ep.hash, [[50, 60]], 60);
    expect(await heardOf(s!, ep.id)).toEqual({ heard: JSON.stringify([[0, 40], [50, 60]]), heardSec: 50, positionSec: 60 });

    const page = await episodePage(ep.hash, s!.cookie);
    expect(page.studentData).toMatchObject({ heardShare: Math.round((50 / ep.durationSec) * 1000) / 1000, position: 60, played: false });
  });

  it('a replayed batch id changes nothing and answers the record, even when the replays race', async () => {
    const [s] = await createStudents(t, 1, 'replay');
    const ep = episodes[1]!;
    const e = randomUUID();
    const body = { p: ep.hash, e, ranges: [[0, 30]], position: 30 };
    const replies = await Promise.all(Array.from({ length: 5 }, () => post('podcast-listen', body, s!.cookie)));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const answers = replies.map((r) => json(r));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await t.database.db.selectFrom('listeningEvents').select('id').where('studentId', '=', s!.id).execute()).toHaveLength(1);

    // the student moves on; the old batch arrives again from the outbox and does not pull the position back
    await listen(s!, ep.hash, [[30, 50]], 50);
    const again = await post('podcast-listen', body, s!.cookie);
    expect(again.statusCode).toBe(200);
    expect(json(again)).toMatchObject({ position: 50, heardShare: Math.round((50 / ep.durationSec) * 1000) / 1000 });
    expect(await heardOf(s!, ep.id)).toMatchObject({ heardSec: 50, positionSec: 50 });
  });

  it('the same batch id with another body is refused (422), and changes nothing', async () => {
    const [s] = await createStudents(t, 1, 'reuse');
    const ep = episodes[2]!;
    const e = randomUUID();
    await listen(s!, ep.hash, [[0, 10]], 10, { e });
    const other = await post('podcast-listen', { p: ep.hash, e, ranges: [[0, 40]], position: 40 }, s!.cookie);
    expect(other.statusCode).toBe(422);
    expect(json(other)).toEqual({ status: false, errorMsg: EVENT_REUSED });
    const otherEpisode = await post('podcast-listen', { p: episodes[3]!.hash, e, ranges: [[0, 10]], position: 10 }, s!.cookie);
    expect(otherEpisode.statusCode).toBe(422);
    expect(await heardOf(s!, ep.id)).toMatchObject({ heardSec: 10, positionSec: 10 });
    expect(await heardOf(s!, episodes[3]!.id)).toBeNull();
  });

  it('an episode heard to 95 % is played, and stays played', async () => {
    const [s] = await createStudents(t, 1, 'played');
    const ep = episodes[4]!;
    const d = ep.durationSec;
    const almost = Math.floor(d * 0.95 * 10) / 10 - 0.2;
    expect((await listen(s!, ep.hash, [[0, almost]], almost)).played).toBe(false);
    const done = await listen(s!, ep.hash, [[almost, d * 0.95]], d * 0.95);
    expect(done.played).toBe(true);
    expect(done.heardShare).toBeGreaterThanOrEqual(0.95);
    // listening again from the start keeps it played, and the position follows the listener
    expect(await listen(s!, ep.hash, [[0, 5]], 5)).toMatchObject({ played: true, position: 5 });
    expect((await episodePage(ep.hash, s!.cookie)).studentData).toMatchObject({ played: true, position: 5 });
  });

  it('keeps the newest position by when it was true on the device, not by when it arrived', async () => {
    const [s] = await createStudents(t, 1, 'position');
    const ep = episodes[5]!;
    const now = t.clock.now();
    await listen(s!, ep.hash, [[0, 40]], 40, { at: new Date(now - 60_000).toISOString() });
    // a batch that waited offline from earlier: its ranges count, its position does not
    const late = await listen(s!, ep.hash, [[50, 60]], 60, { at: new Date(now - 600_000).toISOString() });
    expect(late.position).toBe(40);
    expect(late.heardShare).toBe(Math.round((50 / ep.durationSec) * 1000) / 1000);
    // a device clock in the future is read as now: a later batch still moves the position
    await listen(s!, ep.hash, [], 45, { at: new Date(now + 86_400_000).toISOString() });
    t.clock.advance(1000);
    expect((await listen(s!, ep.hash, [], 30)).position).toBe(30);
  });

  it('refuses ranges that make no sense (400) and records nothing', async () => {
    const [s] = await createStudents(t, 1, 'bad');
    const ep = episodes[6]!;
    const bad: [unknown, string][] = [
      [[[10, 5]], 'ranges.0 must start before it ends'],
      [[[5, 5]], 'ranges.0 must start before it ends'],
      [[[-1, 5]], 'ranges.0.0 must not be negative'],
      [[[0, 5, 9]], 'ranges.0.2 must be [fromSec, toSec]'],
      [[['0', 5]], 'ranges.0.0 must be a number of seconds'],
      ['0-5', 'ranges must be a list of [fromSec, toSec]'],
      [Array.from({ length: podcasts.MAX_HEARD_RANGES + 1 }, (_, i) => [i, i + 0.5]), `ranges must hold at most ${podcasts.MAX_HEARD_RANGES} ranges`],
      [[[0, ep.durationSec + END_SLACK_SECONDS + 1]], `ranges.0 must end within the episode (${ep.durationSec} s)`],
    ];
    for (const [ranges, message] of bad) {
      const res = await post('podcast-listen', { p: ep.hash, e: randomUUID(), ranges, position: 1 }, s!.cookie);
      expect(res.statusCode, JSON.stringify(ranges).slice(0, 80)).toBe(400);
      expect(json(res).errorMsg).toBe(message);
    }
    const badPosition = await post('podcast-listen', { p: ep.hash, e: randomUUID(), ranges: [], position: ep.durationSec + END_SLACK_SECONDS + 1 }, s!.cookie);
    expect(badPosition.statusCode).toBe(400);
    expect((await post('podcast-listen', { p: ep.hash, e: 'not-a-uuid', ranges: [], position: 1 }, s!.cookie)).statusCode).toBe(400);
    expect(await heardOf(s!, ep.id)).toBeNull();
    // a range a little past the stated length (the audio file's own is longer) is taken, and clipped
    const slack = await listen(s!, ep.hash, [[0, ep.durationSec + 5]], ep.durationSec + 5);
    expect(slack).toMatchObject({ heardShare: 1, position: ep.durationSec, played: true });
  });

  it('a visitor is asked to log in (401); another student’s s is refused (403); an unknown episode is 404', async () => {
    const [a, b] = await createStudents(t, 2, 'who');
    const ep = episodes[7]!;
    const body = { p: ep.hash, e: randomUUID(), ranges: [[0, 10]], position: 10 };
    expect((await post('podcast-listen', body)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/listening' })).statusCode).toBe(401);
    const theirs = await post('podcast-listen', { ...body, s: b!.hash }, a!.cookie);
    expect(theirs.statusCode).toBe(403);
    expect(await heardOf(a!, ep.id)).toBeNull();
    expect(await heardOf(b!, ep.id)).toBeNull();
    expect((await post('podcast-listen', { ...body, s: a!.hash }, a!.cookie)).statusCode).toBe(200);
    const unknown = await post('podcast-listen', { ...body, e: randomUUID(), p: 'no-such-episode' }, a!.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).errorMsg).toBe(NO_PODCAST);
    // one student's record is never another's
    expect((await episodePage(ep.hash, b!.cookie)).studentData).toMatchObject({ heardShare: 0, position: 0, played: false });
  });
});

describe('GET /api/podcast and GET /api/listening', () => {
  it('an episode never listened to answers nothing heard; a visitor gets no student data', async () => {
    const [s] = await createStudents(t, 1, 'fresh');
    const ep = episodes[8]!;
    expect((await episodePage(ep.hash, s!.cookie)).studentData).toMatchObject({ heardShare: 0, position: 0, played: false, inqueue: 0 });
    expect((await episodePage(ep.hash)).studentData).toBeNull();
  });

  it('"Continue listening" holds started episodes not yet played, newest listening first, at most 10', async () => {
    const [s] = await createStudents(t, 1, 'continue');
    expect((await continueListening(s!)).data).toEqual([]);
    // twelve started, one of them then played; a position alone (no range yet) counts as started
    for (const [i, ep] of episodes.slice(0, 12).entries()) {
      t.clock.advance(1000);
      await (i === 3 ? listen(s!, ep.hash, [], 12) : listen(s!, ep.hash, [[0, 10]], 10));
    }
    t.clock.advance(1000);
    await listen(s!, episodes[11]!.hash, [[0, episodes[11]!.durationSec]], episodes[11]!.durationSec);
    const list = await continueListening(s!);
    expect(list.data.map((r) => r.hash)).toEqual(episodes.slice(1, 11).map((e) => e.hash).reverse());
    const fourth = list.data.find((r) => r.hash === episodes[3]!.hash)!;
    expect(fourth).toMatchObject({ heardShare: 0, position: 12, podcastShowHash: episodes[3]!.showHash, hasExam: true });
    const other = list.data.find((r) => r.hash === episodes[5]!.hash)!;
    expect(other).toMatchObject({ heardShare: Math.round((10 / episodes[5]!.durationSec) * 1000) / 1000, position: 10 });
  });
});

describe('hasExam', () => {
  it('says whether the episode has an exam, in lists and on its page', async () => {
    const ep = episodes[9]!;
    const other = episodes[10]!;
    await t.database.db.deleteFrom('exams').where('podcastId', '=', ep.id).execute();
    expect((await episodePage(ep.hash)).podcast.hasExam).toBe(false);
    expect((await episodePage(other.hash)).podcast.hasExam).toBe(true);
    const list = await get(podcasts.getPodcastShow.response, `/api/podcast-show?ps=${ep.showHash}`);
    expect(list.podcasts.data.find((r) => r.hash === ep.hash)?.hasExam).toBe(false);
    expect(list.podcasts.data.filter((r) => r.hash !== ep.hash).every((r) => r.hasExam)).toBe(true);
  });
});

describe('Watch Later with episodes', () => {
  const add = (s: Student, body: object) => post('queue-add', body, s.cookie);
  const remove = (s: Student, body: object) => post('remove-queue', body, s.cookie);

  it('adding twice keeps one; the queue lists it beside the classes; removing drops it, twice is fine', async () => {
    const [s] = await createStudents(t, 1, 'qpod');
    const [ep, ep2] = [episodes[0]!, episodes[1]!];
    const a = await postOk(classes.postQueueAdd.response, 'queue-add', { p: ep.hash }, s!.cookie);
    const b = await postOk(classes.postQueueAdd.response, 'queue-add', { p: ep.hash }, s!.cookie);
    expect(a.queueId).toBeGreaterThan(0);
    expect(b.queueId).toBe(a.queueId);
    t.clock.advance(1000);
    await postOk(classes.postQueueAdd.response, 'queue-add', { p: ep2.hash }, s!.cookie);
    const cls = await t.database.db.selectFrom('classes').select('hash').where('typeId', '<>', 20).where('releaseDate', '<=', new Date(t.clock.now()).toISOString()).executeTakeFirstOrThrow();
    await postOk(classes.postQueueAdd.response, 'queue-add', { c: cls.hash }, s!.cookie);

    const q = await queue(s!);
    // the classes stay the paged list (and its count); the episodes come beside them, newest first
    expect(q.data.map((r) => r.hash)).toEqual([cls.hash]);
    expect(q.totalRows).toBe(1);
    expect(q.podcasts.totalRows).toBe(2);
    expect(q.podcasts.data.map((r) => [r.hash, r.podcastShowHash])).toEqual([
      [ep2.hash, ep2.showHash],
      [ep.hash, ep.showHash],
    ]);
    expect(q.podcasts.data[1]!.queueId).toBe(a.queueId);
    // every page carries the same episodes
    expect((await queue(s!, 3)).podcasts.data.map((r) => r.hash)).toEqual([ep2.hash, ep.hash]);
    expect((await episodePage(ep.hash, s!.cookie)).studentData!.inqueue).toBe(a.queueId);

    const removed = await postOk(classes.postRemoveQueue.response, 'remove-queue', { p: ep.hash }, s!.cookie);
    expect(removed).toEqual({ status: true, podcastObj: { status: true, hash: ep.hash }, queueId: 0 });
    expect((await remove(s!, { p: ep.hash })).statusCode).toBe(200);
    const after = await queue(s!);
    expect(after.podcasts).toMatchObject({ totalRows: 1, data: [{ hash: ep2.hash }] });
    expect(after.data.map((r) => r.hash)).toEqual([cls.hash]);
    expect((await episodePage(ep.hash, s!.cookie)).studentData!.inqueue).toBe(0);
    // the class still answers as the spec says, with the list's state beside it (queueId, decision 0020)
    expect(json(await remove(s!, { c: cls.hash }))).toEqual({ status: true, classObj: { status: true, hash: cls.hash }, queueId: 0 });
  });

  it('takes exactly one of c and p (400); an unknown episode is 404; a visitor 401; one student never sees another’s', async () => {
    const [s, other] = await createStudents(t, 2, 'qref');
    const cls = await t.database.db.selectFrom('classes').select('hash').executeTakeFirstOrThrow();
    for (const call of [add, remove]) {
      const both = await call(s!, { c: cls.hash, p: episodes[0]!.hash });
      expect(both.statusCode).toBe(400);
      expect(json(both).errorMsg).toBe('c (a class) or p (a podcast episode) is required, not both');
      expect((await call(s!, {})).statusCode).toBe(400);
      const unknown = await call(s!, { p: 'no-such-episode' });
      expect(unknown.statusCode).toBe(404);
      expect(json(unknown).errorMsg).toBe(NO_PODCAST);
    }
    expect((await post('queue-add', { p: episodes[0]!.hash })).statusCode).toBe(401);
    await postOk(classes.postQueueAdd.response, 'queue-add', { p: episodes[0]!.hash }, s!.cookie);
    expect((await queue(other!)).podcasts).toEqual({ totalRows: 0, data: [] });
    expect((await post('queue-add', { p: episodes[0]!.hash, s: s!.hash }, other!.cookie)).statusCode).toBe(403);
  });

  it('an episode not yet released cannot be queued', async () => {
    const [s] = await createStudents(t, 1, 'qfuture');
    // an episode moved a day ahead (the last one: no other test here uses it)
    const ep = episodes.at(-1)!;
    await t.database.db.updateTable('podcasts').set({ releaseDate: new Date(t.clock.now() + 86_400_000).toISOString() }).where('id', '=', ep.id).execute();
    const res = await add(s!, { p: ep.hash });
    expect(res.statusCode).toBe(404);
    expect(json(res).errorMsg).toBe(NO_PODCAST);
  });
});
