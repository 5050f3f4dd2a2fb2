// The student's own lists as a caller sees them: the demo student's lists answer what the demo pack says,
// and fresh students fill and empty their own through queue-add, remove-queue, class-view and podcast-view.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import * as classes from '#shared/api/classes';
import * as myCe from '#shared/api/my-ce';
import * as podcasts from '#shared/api/podcasts';
import { CLASS_TYPE } from '#shared/domain/constants';
import { loadPack } from '../../content/load-pack.ts';
import type { Pack } from '../../content/pack-schema.ts';
import { hashToken } from '../../plugins/session.ts';
import { buildTestApp, createStudents, json, type TestApp } from '../../test-support.ts';
import { PAGE_SIZE } from '../catalog/catalog.routes.ts';
import { LIVE_VIEW } from '../learning/course-gate.service.ts';

let t: TestApp;
let pack: Pack;
let demo: NonNullable<Pack['students']>[number];
let demoId: number;
const DEMO_TOKEN = 'my-ce-test-session-token';
const demoCookie = `sid=${DEMO_TOKEN}`;

beforeAll(async () => {
  t = await buildTestApp();
  pack = (await loadPack(path.resolve('content/demo/pack.json'))).pack;
  demo = pack.students!.find((s) => s.username === 'demostudent')!;
  // a session for the demo student, as login creates it
  demoId = (await t.database.db.selectFrom('students').select('id').where('username', '=', 'demostudent').executeTakeFirstOrThrow()).id;
  const now = new Date(t.clock.now()).toISOString();
  const later = new Date(t.clock.now() + 7 * 86_400_000).toISOString();
  await t.database.db.insertInto('sessions').values({ tokenHash: hashToken(DEMO_TOKEN), studentId: demoId, createdAt: now, lastSeenAt: now, expiresAt: later, userAgent: null }).execute();
});
afterAll(async () => t?.close());

const get = async <S extends v.GenericSchema>(schema: S, url: string, cookie: string): Promise<v.InferOutput<S>> => {
  const res = await t.app.inject({ url, headers: { cookie } });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  return v.parse(schema, json(res));
};
const post = (url: string, payload: object, cookie: string) => t.app.inject({ method: 'POST', url: `/api/${url}`, headers: { 'content-type': 'application/json', cookie }, payload });
const postOk = async <S extends v.GenericSchema>(schema: S, url: string, payload: object, cookie: string): Promise<v.InferOutput<S>> => {
  const res = await post(url, payload, cookie);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  return v.parse(schema, json(res));
};

const pending = (cookie: string, page = 0) => get(myCe.getPending.response, `/api/pending?page=${page}`, cookie);
const queue = (cookie: string, page = 0) => get(myCe.getQueue.response, `/api/queue?page=${page}`, cookie);
const completedWebinars = (cookie: string, page = 0) => get(myCe.getCompletedWebinars.response, `/api/completed-webinars?page=${page}`, cookie);
const completedPodcasts = (cookie: string, page = 0) => get(myCe.getCompletedPodcasts.response, `/api/completed-podcasts?page=${page}`, cookie);
const counts = async (cookie: string) => (await get(myCe.getCompleted.response, '/api/completed', cookie)).data[0]!;
const tutorialHistory = (cookie: string, page = 0) => get(myCe.getTutorialHistory.response, `/api/tutorial-history?page=${page}`, cookie);
const classView = (c: string, cookie: string) => postOk(classes.postClassView.response, 'class-view', { c }, cookie);
const queueAdd = (c: string, cookie: string) => postOk(classes.postQueueAdd.response, 'queue-add', { c }, cookie);
const hashes = (list: { data: { hash: string }[] }) => list.data.map((r) => r.hash);

/** released on-demand classes with an exam: what a student can start and complete */
const examClasses = () =>
  t.database.db
    .selectFrom('classes as c')
    .innerJoin('exams as e', 'e.classId', 'c.id')
    .select(['c.id', 'c.hash'])
    .where('c.typeId', '<>', CLASS_TYPE.LIVE)
    .where('c.isTutorial', '=', 0)
    .where('c.releaseDate', '<=', new Date(t.clock.now()).toISOString())
    .orderBy('c.id')
    .execute();
const tutorials = () => t.database.db.selectFrom('classes').select(['id', 'hash']).where('isTutorial', '=', 1).where('releaseDate', '<=', new Date(t.clock.now()).toISOString()).orderBy('id').execute();

/** what a passed exam leaves behind (the exam itself is another module's): the pass and the certificate */
async function complete(studentId: number, classId: number) {
  const at = new Date(t.clock.now()).toISOString();
  const g = await t.database.db.selectFrom('gradebook').select('id').where('studentId', '=', studentId).where('classId', '=', classId).executeTakeFirstOrThrow();
  await t.database.db.updateTable('gradebook').set({ examTakenAt: at, examScore: 100, credits: 1, ceTypeId: 1, updatedAt: at }).where('id', '=', g.id).execute();
  await t.database.db
    .insertInto('certificates')
    .values({ code: randomUUID().slice(0, 12), studentId, gradebookId: g.id, studentName: 'Load Student', title: 'A class', speakerName: null, credits: 1, ceTypeId: 1, agdCode: null, completedAt: at, completedOn: at.slice(0, 10), issuedAt: at })
    .execute();
}

describe('the demo student’s lists answer what the demo pack says', () => {
  it('CE in Progress holds her classes in progress, not the completed ones nor the viewed tutorials', async () => {
    const body = await pending(demoCookie);
    expect(hashes(body).sort()).toEqual(demo.inProgress!.map((p) => p.class).sort());
    expect(body.totalRows).toBe(demo.inProgress!.length);
    expect(body.pageSize).toBe(PAGE_SIZE);
    expect(body.data.every((r) => !r.examTaken && r.creditName !== '')).toBe(true);
  });

  it('Watch Later holds her queued classes, each with the queue id the class page shows', async () => {
    const body = await queue(demoCookie);
    expect(hashes(body).sort()).toEqual([...demo.watchLater!].sort());
    expect(body.totalRows).toBe(demo.watchLater!.length);
    expect(new Set(body.data.map((r) => r.queueId)).size).toBe(body.data.length);
    const first = body.data[0]!;
    const cls = await get(classes.getClass.response, `/api/class?c=${first.hash}`, demoCookie);
    expect(cls.studentData!.inqueue).toBe(first.queueId);
  });

  it('CE Completed counts and lists her completed classes and podcasts, newest first', async () => {
    const doneClasses = demo.completed!.filter((d) => d.class).sort((a, b) => a.daysAgo - b.daysAgo);
    const donePodcasts = demo.completed!.filter((d) => d.podcast).sort((a, b) => a.daysAgo - b.daysAgo);
    expect(await counts(demoCookie)).toEqual({ cntWebinars: doneClasses.length, cntPodcasts: donePodcasts.length });

    const webinars = await completedWebinars(demoCookie);
    expect(hashes(webinars)).toEqual(doneClasses.map((d) => d.class));
    expect(webinars.totalRows).toBe(doneClasses.length);
    expect(webinars.data.every((r) => r.examTaken && r.examDate !== null)).toBe(true);

    const pods = await completedPodcasts(demoCookie);
    expect(hashes(pods)).toEqual(donePodcasts.map((d) => d.podcast));
    expect(pods.data.every((r) => r.examTaken && r.podcastShowHash !== '')).toBe(true);
  });

  it('Viewed Tutorials holds her viewed tutorials, with the ads placed as the pack says', async () => {
    const body = await tutorialHistory(demoCookie);
    expect(hashes(body).sort()).toEqual([...demo.viewedTutorials!].sort());
    const placement = pack.adPlacements!.find((p) => p.list === 'tutorial-history')!;
    expect(body.mobileAds).toMatchObject({ indexStart: placement.indexStart, interval: placement.interval, rows: body.rowCount });
    expect(body.mobileAds!.banners.length).toBeGreaterThan(0);
  });
});

describe('paging', () => {
  it('serves PAGE_SIZE rows a page and clamps a page past the end to the last page', async () => {
    const [s] = await createStudents(t, 1, 'paging');
    const cls = (await examClasses()).slice(0, PAGE_SIZE + 3);
    expect(cls).toHaveLength(PAGE_SIZE + 3);
    for (const c of cls) await queueAdd(c.hash, s!.cookie);

    const first = await queue(s!.cookie, 0);
    expect(first).toMatchObject({ page: 0, rowCount: PAGE_SIZE, totalRows: PAGE_SIZE + 3, pageSize: PAGE_SIZE });
    const second = await queue(s!.cookie, 1);
    expect(second).toMatchObject({ page: 1, rowCount: 3, totalRows: PAGE_SIZE + 3 });
    expect([...hashes(first), ...hashes(second)].sort()).toEqual(cls.map((c) => c.hash).sort());
    const past = await queue(s!.cookie, 99);
    expect(past.page).toBe(1);
    expect(hashes(past)).toEqual(hashes(second));
  });

  it('an empty list answers page 0 with no rows, whatever page is asked', async () => {
    const [s] = await createStudents(t, 1, 'empty');
    for (const list of ['pending', 'queue', 'completed-webinars', 'completed-podcasts', 'tutorial-history']) {
      const res = await t.app.inject({ url: `/api/${list}?page=3`, headers: { cookie: s!.cookie } });
      expect(res.statusCode).toBe(200);
      expect(json(res), list).toMatchObject({ status: true, page: 0, rowCount: 0, totalRows: 0, data: [] });
    }
    expect(await counts(s!.cookie)).toEqual({ cntWebinars: 0, cntPodcasts: 0 });
  });
});

describe('watch later', () => {
  it('adding twice keeps one row and answers the same queue id; removing drops it, twice is fine', async () => {
    const [s] = await createStudents(t, 1, 'queue');
    const [c] = await examClasses();
    const a = await queueAdd(c!.hash, s!.cookie);
    const b = await queueAdd(c!.hash, s!.cookie);
    expect(a.queueId).toBeGreaterThan(0);
    expect(b.queueId).toBe(a.queueId);
    const rows = await t.database.db.selectFrom('queue').select('id').where('studentId', '=', s!.id).execute();
    expect(rows).toEqual([{ id: a.queueId }]);
    expect((await queue(s!.cookie)).data.map((r) => [r.hash, r.queueId])).toEqual([[c!.hash, a.queueId]]);

    const removed = await postOk(classes.postRemoveQueue.response, 'remove-queue', { c: c!.hash }, s!.cookie);
    expect(removed).toEqual({ status: true, classObj: { status: true, hash: c!.hash }, queueId: 0 });
    expect((await queue(s!.cookie)).totalRows).toBe(0);
    expect((await get(classes.getClass.response, `/api/class?c=${c!.hash}`, s!.cookie)).studentData!.inqueue).toBe(0);
    expect((await post('remove-queue', { c: c!.hash }, s!.cookie)).statusCode).toBe(200);
  });

  it('refuses a class that does not exist', async () => {
    const [s] = await createStudents(t, 1, 'queue404');
    for (const url of ['queue-add', 'remove-queue']) {
      const res = await post(url, { c: 'no-such-class' }, s!.cookie);
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({ status: false, errorMsg: 'No class selected.' });
    }
  });
});

describe('class views', () => {
  it('count each view and put the class on CE in Progress, newest activity first', async () => {
    const [s] = await createStudents(t, 1, 'viewer');
    const [x, y] = await examClasses();
    const first = await classView(x!.hash, s!.cookie);
    const again = await classView(x!.hash, s!.cookie);
    expect(first.gradebookId).toBeGreaterThan(0);
    expect(again.gradebookId).toBe(first.gradebookId);
    expect((await get(classes.getClass.response, `/api/class?c=${x!.hash}`, s!.cookie)).studentData).toMatchObject({ classViewCount: 2, gradebookId: first.gradebookId });
    const events = await t.database.db.selectFrom('viewEvents').select('kind').where('studentId', '=', s!.id).where('classId', '=', x!.id).execute();
    expect(events).toEqual([{ kind: 'view' }, { kind: 'view' }]);
    expect(hashes(await pending(s!.cookie))).toEqual([x!.hash]);

    t.clock.advance(60_000);
    await classView(y!.hash, s!.cookie);
    expect(hashes(await pending(s!.cookie))).toEqual([y!.hash, x!.hash]);
    t.clock.advance(60_000);
    await classView(x!.hash, s!.cookie);
    expect(hashes(await pending(s!.cookie))).toEqual([x!.hash, y!.hash]);
  });

  it('each row says the first step not done: the evaluation, the sponsored video and the survey the class has, then the exam', async () => {
    const [s] = await createStudents(t, 1, 'steps');
    const c = await t.database.db
      .selectFrom('classes')
      .select(['id', 'hash'])
      .where('svaId', 'is not', null)
      .where('surveyId', 'is not', null)
      .where('typeId', '<>', CLASS_TYPE.LIVE)
      .where('releaseDate', '<=', new Date(t.clock.now()).toISOString())
      .where((eb) => eb.exists(eb.selectFrom('exams as e').select('e.id').whereRef('e.classId', '=', 'classes.id')))
      .executeTakeFirstOrThrow();
    const nextOf = async () => (await pending(s!.cookie)).data.map((r) => [r.hash, r.next]);
    await classView(c.hash, s!.cookie);
    expect(await nextOf()).toEqual([[c.hash, 'evaluation']]);
    const a = Object.fromEntries(['courseObjectives', 'courseUseful', 'courseAppropriate', 'courseLogical', 'instructorCommunication', 'instructorPreparedness', 'instructorEffectiveness', 'sitePresentation', 'siteNavigation', 'siteComparison'].map((k) => [k, 4]));
    expect((await post('save-eval', { c: c.hash, a }, s!.cookie)).statusCode).toBe(200);
    expect(await nextOf()).toEqual([[c.hash, 'sva']]);
    const sva = json(await t.app.inject({ url: `/api/sva?c=${c.hash}`, headers: { cookie: s!.cookie } }));
    expect((await post('save-sva-response', { c: c.hash, v: sva.data[0].id, e: 3 }, s!.cookie)).statusCode).toBe(200);
    expect(await nextOf()).toEqual([[c.hash, 'survey']]);
    const survey = json(await t.app.inject({ url: `/api/survey?c=${c.hash}`, headers: { cookie: s!.cookie } })).data[0];
    for (const [i, q] of survey.questions.entries()) {
      const sent = await post('save-survey-response', { c: c.hash, sh: survey.hash, q: q.hash, choices: [q.buttons[0].hash], sessionHash: survey.sessionHash, isLast: i === survey.questions.length - 1 }, s!.cookie);
      expect(sent.statusCode, sent.body).toBe(200);
    }
    expect(await nextOf()).toEqual([[c.hash, 'exam']]);
  });

  it('a completed class is on CE Completed and no longer in progress', async () => {
    const [s] = await createStudents(t, 1, 'done');
    const [x, y] = await examClasses();
    await classView(x!.hash, s!.cookie);
    await classView(y!.hash, s!.cookie);
    await complete(s!.id, x!.id);
    expect(hashes(await pending(s!.cookie))).toEqual([y!.hash]);
    expect(hashes(await completedWebinars(s!.cookie))).toEqual([x!.hash]);
    expect(await counts(s!.cookie)).toEqual({ cntWebinars: 1, cntPodcasts: 0 });
  });

  it('a viewed tutorial is on Viewed Tutorials, not in progress (it has no exam)', async () => {
    const [s] = await createStudents(t, 1, 'tutor');
    const [a, b] = await tutorials();
    await classView(a!.hash, s!.cookie);
    t.clock.advance(60_000);
    await classView(b!.hash, s!.cookie);
    const body = await tutorialHistory(s!.cookie);
    expect(hashes(body)).toEqual([b!.hash, a!.hash]);
    expect(body.data.every((r) => r.typeId !== CLASS_TYPE.LIVE)).toBe(true);
    expect((await pending(s!.cookie)).totalRows).toBe(0);
  });

  it('a live webinar before its start answers 409 and records nothing; an unknown class 404', async () => {
    const [s] = await createStudents(t, 1, 'early');
    const live = await t.database.db.selectFrom('classes').select(['id', 'hash']).where('typeId', '=', CLASS_TYPE.LIVE).where('releaseDate', '>', new Date(t.clock.now()).toISOString()).executeTakeFirstOrThrow();
    const res = await post('class-view', { c: live.hash }, s!.cookie);
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({ status: false, errorMsg: LIVE_VIEW });
    expect(await t.database.db.selectFrom('gradebook').select('id').where('studentId', '=', s!.id).execute()).toEqual([]);
    expect((await post('class-view', { c: 'no-such-class' }, s!.cookie)).statusCode).toBe(404);
  });
});

describe('podcast plays', () => {
  const playCount = async (p: string, cookie: string) => (await get(podcasts.getPodcast.response, `/api/podcast?p=${p}`, cookie)).studentData!.playCount;
  const firstPodcast = () => t.database.db.selectFrom('podcasts').select(['id', 'hash']).where('releaseDate', '<=', new Date(t.clock.now()).toISOString()).orderBy('id').executeTakeFirstOrThrow();

  it('count every play; a replayed client event id counts once, even when the replays race', async () => {
    const [s] = await createStudents(t, 1, 'listener');
    const p = await firstPodcast();
    const e = randomUUID();
    const replies = await Promise.all(Array.from({ length: 5 }, () => post('podcast-view', { p: p.hash, e }, s!.cookie)));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await playCount(p.hash, s!.cookie)).toBe(1);
    await postOk(podcasts.postPodcastView.response, 'podcast-view', { p: p.hash, e: randomUUID() }, s!.cookie);
    await postOk(podcasts.postPodcastView.response, 'podcast-view', { p: p.hash }, s!.cookie);
    await postOk(podcasts.postPodcastView.response, 'podcast-view', { p: p.hash }, s!.cookie);
    expect(await playCount(p.hash, s!.cookie)).toBe(4);
    const g = await t.database.db.selectFrom('gradebook').select('viewCount').where('studentId', '=', s!.id).where('podcastId', '=', p.id).executeTakeFirstOrThrow();
    expect(g.viewCount).toBe(4);
  });

  it('refuses an unknown episode', async () => {
    const [s] = await createStudents(t, 1, 'listener404');
    const res = await post('podcast-view', { p: 'no-such-episode' }, s!.cookie);
    expect(res.statusCode).toBe(404);
  });
});

describe('whose rows', () => {
  it('one student never sees another’s rows', async () => {
    const [a, b] = await createStudents(t, 2, 'apart');
    const [x, y] = await examClasses();
    const [tut] = await tutorials();
    await queueAdd(x!.hash, a!.cookie);
    await classView(y!.hash, a!.cookie);
    await classView(tut!.hash, a!.cookie);
    await complete(a!.id, y!.id);
    await classView(x!.hash, a!.cookie);

    expect((await queue(a!.cookie)).totalRows).toBe(1);
    expect((await pending(a!.cookie)).totalRows).toBe(1);
    expect((await tutorialHistory(a!.cookie)).totalRows).toBe(1);
    expect(await counts(a!.cookie)).toEqual({ cntWebinars: 1, cntPodcasts: 0 });
    for (const list of [queue, pending, tutorialHistory, completedWebinars, completedPodcasts]) expect((await list(b!.cookie)).totalRows).toBe(0);
    expect(await counts(b!.cookie)).toEqual({ cntWebinars: 0, cntPodcasts: 0 });
    // nor the demo student's
    expect(hashes(await queue(b!.cookie))).toEqual([]);

    // removing from one list leaves the other student's row alone
    await queueAdd(x!.hash, b!.cookie);
    await postOk(classes.postRemoveQueue.response, 'remove-queue', { c: x!.hash }, b!.cookie);
    expect((await queue(a!.cookie)).totalRows).toBe(1);
  });

  it('asks for a session, and refuses another student’s s', async () => {
    const [a, b] = await createStudents(t, 2, 'who');
    expect((await t.app.inject({ url: '/api/pending?page=0' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/queue-add', headers: { 'content-type': 'application/json' }, payload: { c: 'x' } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/queue?page=0&s=${a!.hash}`, headers: { cookie: b!.cookie } })).statusCode).toBe(403);
    expect((await post('class-view', { c: 'x', s: a!.hash }, b!.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/queue?page=0&s=${b!.hash}`, headers: { cookie: b!.cookie } })).statusCode).toBe(200);
  });
});
