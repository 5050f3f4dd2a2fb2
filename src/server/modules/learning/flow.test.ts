// The learning flow after viewing (spec §4): evaluation, sponsored video, survey, as a caller sees them,
// against the demo pack. Views are written into the gradebook here until class-view and podcast-view exist.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { getSurvey, getSva } from '#shared/api/learning';
import { CLASS_TYPE } from '#shared/domain/constants';
import { loadPack } from '../../content/load-pack.ts';
import type { Pack } from '../../content/pack-schema.ts';
import { buildTestApp, createStudents, json, type TestApp } from '../../test-support.ts';

let t: TestApp;
let pack: Pack;
beforeAll(async () => {
  t = await buildTestApp();
  pack = (await loadPack(path.resolve('content/demo/pack.json'))).pack;
});
afterAll(async () => t?.close());

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload });
const get = (url: string, cookie?: string) => t.app.inject({ url: `/api/${url}`, headers: cookie ? { cookie } : {} });

const form = {
  courseObjectives: 4,
  courseUseful: 3,
  courseAppropriate: 4,
  courseLogical: 2,
  instructorCommunication: 4,
  instructorPreparedness: 4,
  instructorEffectiveness: 3,
  sitePresentation: 1,
  siteNavigation: 4,
  siteComparison: 3,
  comments: 'Clear and practical.',
  otherTopics: 'Implant maintenance',
};

/** on-demand classes of the demo pack, by what follows their evaluation */
const classWith = async (sva: boolean, survey: boolean) => {
  let q = t.database.db.selectFrom('classes').select(['id', 'hash', 'svaId', 'surveyId']).where('typeId', '<>', CLASS_TYPE.LIVE).orderBy('id');
  q = sva ? q.where('svaId', 'is not', null) : q.where('svaId', 'is', null);
  q = survey ? q.where('surveyId', 'is not', null) : q.where('surveyId', 'is', null);
  return q.executeTakeFirstOrThrow();
};
/** a webinar in progress on the test clock: it can be entered */
const liveClass = () =>
  t.database.db.selectFrom('classes').select(['id', 'hash', 'releaseDate', 'durationMin']).where('typeId', '=', CLASS_TYPE.LIVE).where('releaseDate', '<=', new Date(t.clock.now()).toISOString()).where('endDate', '>', new Date(t.clock.now()).toISOString()).orderBy('id').executeTakeFirstOrThrow();
const aPodcast = () => t.database.db.selectFrom('podcasts').select(['id', 'hash']).orderBy('id').executeTakeFirstOrThrow();

/** what class-view, class-start and podcast-view will write */
async function gradebookRow(studentId: number, ref: { classId: number } | { podcastId: number }, values: { viewCount?: number; startedAt?: string } = {}) {
  const at = new Date(t.clock.now()).toISOString();
  await t.database.db
    .insertInto('gradebook')
    .values({ studentId, classId: null, podcastId: null, ...ref, viewCount: values.viewCount ?? 0, startedAt: values.startedAt ?? null, createdAt: at, updatedAt: at })
    .execute();
}
const gradebookOf = (studentId: number, classId: number) => t.database.db.selectFrom('gradebook').selectAll().where('studentId', '=', studentId).where('classId', '=', classId).executeTakeFirstOrThrow();
const evaluationsOf = (studentId: number) => t.database.db.selectFrom('evaluations').selectAll().where('studentId', '=', studentId).execute();

/** a student who has viewed the class and taken its evaluation */
async function evaluated(classId: number, hash: string, prefix: string) {
  const [s] = await createStudents(t, 1, prefix);
  await gradebookRow(s!.id, { classId }, { viewCount: 1 });
  expect(json(await post('save-eval', { c: hash, a: form }, s!.cookie))).toEqual({ status: true });
  return s!;
}

const surveyOf = async (hash: string, cookie: string) => {
  const res = await get(`survey?c=${hash}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return v.parse(getSurvey.response, json(res));
};

describe('the guards of spec §4', () => {
  it('the evaluation needs a view of the class: a row with no view is not one', async () => {
    const cls = await classWith(true, true);
    const [s] = await createStudents(t, 1, 'guard-view');
    const none = await post('save-eval', { c: cls.hash, a: form }, s!.cookie);
    expect(none.statusCode).toBe(409);
    expect(json(none)).toEqual({ status: false, errorMsg: 'Please view class before taking exam.' });
    // watch later or a seat can make the row before any view
    await gradebookRow(s!.id, { classId: cls.id });
    expect(json(await post('save-eval', { c: cls.hash, a: form }, s!.cookie)).errorMsg).toBe('Please view class before taking exam.');
    await t.database.db.updateTable('gradebook').set({ viewCount: 1 }).where('studentId', '=', s!.id).where('classId', '=', cls.id).execute();
    expect(json(await post('save-eval', { c: cls.hash, a: form }, s!.cookie))).toEqual({ status: true });
    expect(await evaluationsOf(s!.id)).toHaveLength(1);
  });

  it('a live webinar counts as viewed once the student entered it', async () => {
    const w = await liveClass();
    const [s] = await createStudents(t, 1, 'guard-live');
    await gradebookRow(s!.id, { classId: w.id });
    expect((await post('save-eval', { c: w.hash, a: form }, s!.cookie)).statusCode).toBe(409);
    await t.database.db.updateTable('gradebook').set({ startedAt: new Date(t.clock.now()).toISOString() }).where('studentId', '=', s!.id).where('classId', '=', w.id).execute();
    // entered, and the steps after it open at the webinar's end (decision 0046)
    expect(json(await post('save-eval', { c: w.hash, a: form }, s!.cookie)).errorMsg).toBe('Exam not available.  Try again later.');
    const before = t.clock.now();
    try {
      t.clock.set(Date.parse(w.releaseDate) + w.durationMin * 60_000);
      expect(json(await post('save-eval', { c: w.hash, a: form }, s!.cookie))).toEqual({ status: true });
      expect((await gradebookOf(s!.id, w.id)).evalTakenAt).toBe(new Date(t.clock.now()).toISOString());
    } finally {
      t.clock.set(before);
    }
  });

  it('the podcast evaluation needs the podcast listened to', async () => {
    const pod = await aPodcast();
    const [s] = await createStudents(t, 1, 'guard-pod');
    const res = await post('save-eval', { p: pod.hash, a: form }, s!.cookie);
    expect(res.statusCode).toBe(409);
    expect(json(res).errorMsg).toBe('Please listen to podcast before taking exam.');
    // a row without a logged play is not a listen
    await gradebookRow(s!.id, { podcastId: pod.id });
    expect(json(await post('save-eval', { c: null, p: pod.hash, a: form }, s!.cookie)).errorMsg).toBe('Please listen to podcast before taking exam.');
    expect(json(await post('podcast-view', { p: pod.hash }, s!.cookie))).toEqual({ status: true });
    expect(json(await post('save-eval', { c: null, p: pod.hash, a: form }, s!.cookie))).toEqual({ status: true });
    const [e] = await evaluationsOf(s!.id);
    expect(e).toMatchObject({ podcastId: pod.id, classId: null, courseObjectives: 4, sitePresentation: 1, comments: 'Clear and practical.' });
    const g = await t.database.db.selectFrom('gradebook').select('evalTakenAt').where('studentId', '=', s!.id).where('podcastId', '=', pod.id).executeTakeFirstOrThrow();
    expect(g.evalTakenAt).not.toBeNull();
  });

  it('the sponsored video and the survey need the evaluation', async () => {
    const cls = await classWith(true, true);
    const [s] = await createStudents(t, 1, 'guard-eval');
    await gradebookRow(s!.id, { classId: cls.id }, { viewCount: 2 });
    const sva = await post('save-sva-response', { c: cls.hash, v: cls.svaId, e: 2 }, s!.cookie);
    expect(sva.statusCode).toBe(409);
    expect(json(sva)).toEqual({ status: false, errorMsg: 'Complete evaluation before completing exam.' });

    const survey = (await surveyOf(cls.hash, s!.cookie)).data[0]!;
    const q = survey.questions[0]!;
    const answer = await post('save-survey-response', { c: cls.hash, sh: survey.hash, q: q.hash, choices: [q.buttons[0]!.hash], sessionHash: survey.sessionHash, isLast: false }, s!.cookie);
    expect(answer.statusCode).toBe(409);
    expect(json(answer).errorMsg).toBe('Complete evaluation before completing exam.');
    expect(await t.database.db.selectFrom('svaResponses').select('id').where('studentId', '=', s!.id).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('surveyResponses').select('id').where('studentId', '=', s!.id).execute()).toEqual([]);
  });

  it('every step needs a session, and an unknown class is said so', async () => {
    const cls = await classWith(true, true);
    expect((await post('save-eval', { c: cls.hash, a: form })).statusCode).toBe(401);
    expect((await get(`sva?c=${cls.hash}`)).statusCode).toBe(401);
    expect((await get(`survey?c=${cls.hash}`)).statusCode).toBe(401);
    const [s] = await createStudents(t, 1, 'unknown');
    const res = await post('save-eval', { c: 'no-such-class', a: form }, s!.cookie);
    expect(res.statusCode).toBe(404);
    expect(json(res).errorMsg).toBe('No class selected.');
    expect((await get('sva?c=no-such-class', s!.cookie)).statusCode).toBe(404);
    expect((await post('save-eval', { a: form }, s!.cookie)).statusCode).toBe(400);
  });
});

describe('a full pass', () => {
  it('view → evaluation → sponsored video → survey marks each gradebook column, on the server’s clock', async () => {
    const cls = await classWith(true, true);
    const [s] = await createStudents(t, 1, 'full');
    await gradebookRow(s!.id, { classId: cls.id }, { viewCount: 1 });

    t.clock.advance(60_000);
    const evalAt = new Date(t.clock.now()).toISOString();
    expect(json(await post('save-eval', { c: cls.hash, a: form }, s!.cookie))).toEqual({ status: true });

    const svaRes = await get(`sva?c=${cls.hash}`, s!.cookie);
    expect(svaRes.statusCode, svaRes.body).toBe(200);
    const sva = v.parse(getSva.response, json(svaRes));
    expect(sva.rowCount).toBe(1);
    const offer = sva.data[0]!;
    const stored = await t.database.db.selectFrom('svas as x').innerJoin('companies as co', 'co.id', 'x.companyId').select(['x.id', 'x.key', 'x.headline', 'x.videoFile', 'co.name']).where('x.id', '=', cls.svaId!).executeTakeFirstOrThrow();
    const inPack = pack.sponsoredVideos!.find((x) => x.key === stored.key)!;
    expect(offer).toMatchObject({ id: cls.svaId, headline: inPack.headline, buttonTextYes: inPack.buttonYes, buttonTextNo: inPack.buttonNo, videoFile: stored.videoFile, companyName: stored.name, answered: false });
    expect(offer.headlineButtons).not.toBe('');

    t.clock.advance(60_000);
    const svaAt = new Date(t.clock.now()).toISOString();
    expect(json(await post('save-sva-response', { c: cls.hash, v: offer.id, e: 2 }, s!.cookie))).toEqual({ status: true });
    // answered: a retake of the exam goes on past it (the offer says so to this student only)
    expect(v.parse(getSva.response, json(await get(`sva?c=${cls.hash}`, s!.cookie))).data[0]!.answered).toBe(true);
    const [other] = await createStudents(t, 1, 'other');
    await gradebookRow(other!.id, { classId: cls.id }, { viewCount: 1 });
    expect(v.parse(getSva.response, json(await get(`sva?c=${cls.hash}`, other!.cookie))).data[0]!.answered).toBe(false);

    const survey = (await surveyOf(cls.hash, s!.cookie)).data[0]!;
    t.clock.advance(60_000);
    const surveyAt = new Date(t.clock.now()).toISOString();
    for (const [i, q] of survey.questions.entries()) {
      const choices = q.type === 'multi' ? q.buttons.slice(0, 2).map((b) => b.hash) : [q.buttons[q.buttons.length - 1]!.hash];
      const isLast = i === survey.questions.length - 1;
      const res = await post('save-survey-response', { c: cls.hash, sh: survey.hash, q: q.hash, choices, sessionHash: survey.sessionHash, isLast }, s!.cookie);
      expect(res.statusCode, res.body).toBe(200);
      if (!isLast) expect((await gradebookOf(s!.id, cls.id)).surveyDoneAt).toBeNull();
    }

    const g = await gradebookOf(s!.id, cls.id);
    expect(g).toMatchObject({ evalTakenAt: evalAt, svaDoneAt: svaAt, surveyDoneAt: surveyAt, examTakenAt: null });
    expect(await evaluationsOf(s!.id)).toEqual([expect.objectContaining({ classId: cls.id, podcastId: null, courseLogical: 2, otherTopics: 'Implant maintenance', createdAt: evalAt })]);
    expect(await t.database.db.selectFrom('svaResponses').select(['svaId', 'classId', 'answerCode']).where('studentId', '=', s!.id).execute()).toEqual([{ svaId: cls.svaId, classId: cls.id, answerCode: 2 }]);
    const answers = await t.database.db.selectFrom('surveyResponses').select(['questionId', 'sessionHash', 'choices', 'classId']).where('studentId', '=', s!.id).orderBy('id').execute();
    expect(answers).toHaveLength(survey.questions.length);
    expect(answers.every((a) => a.sessionHash === survey.sessionHash && a.classId === cls.id)).toBe(true);
    const multi = survey.questions.findIndex((q) => q.type === 'multi');
    if (multi >= 0) expect(JSON.parse(answers[multi]!.choices)).toEqual(survey.questions[multi]!.buttons.slice(0, 2).map((b) => b.hash));
  });

  it('a class without a sponsored video or survey answers none, so the client skips ahead', async () => {
    const [s] = await createStudents(t, 1, 'skip');
    const noSva = await classWith(false, true);
    expect(json(await get(`sva?c=${noSva.hash}`, s!.cookie))).toEqual({ status: true, rowCount: 0, data: [] });
    const live = await liveClass();
    const none = await t.database.db.selectFrom('classes').select(['hash', 'surveyId']).where('id', '=', live.id).executeTakeFirstOrThrow();
    expect(none.surveyId).toBeNull();
    expect(json(await get(`survey?c=${none.hash}`, s!.cookie))).toEqual({ status: true, rowCount: 0, data: [] });
  });

  it('resumes a survey left in the middle: the same session and the answers so far, and one answer per question whatever is sent again', async () => {
    const cls = await classWith(true, true);
    const s = await evaluated(cls.id, cls.hash, 'resume');
    const survey = (await surveyOf(cls.hash, s.cookie)).data[0]!;
    expect(survey.answered).toEqual([]);
    const [q1, q2] = survey.questions;
    const answer = (q: typeof q1, sessionHash: string, choice = 0) =>
      post('save-survey-response', { c: cls.hash, sh: survey.hash, q: q!.hash, choices: [q!.buttons[choice]!.hash], sessionHash, isLast: false }, s.cookie);
    expect((await answer(q1, survey.sessionHash)).statusCode).toBe(200);

    // a reload: the same pass, with the first question answered
    const again = (await surveyOf(cls.hash, s.cookie)).data[0]!;
    expect(again.sessionHash).toBe(survey.sessionHash);
    expect(again.answered).toEqual([{ q: q1!.hash, choices: [q1!.buttons[0]!.hash] }]);

    // the first answer sent twice (its answer lost), then changed, and the second answered: one row per question
    expect((await answer(q1, survey.sessionHash)).statusCode).toBe(200);
    expect((await answer(q1, survey.sessionHash, 1)).statusCode).toBe(200);
    expect((await answer(q2, survey.sessionHash)).statusCode).toBe(200);
    const rows = await t.database.db.selectFrom('surveyResponses').select(['questionId', 'choices']).where('studentId', '=', s.id).orderBy('questionId').execute();
    const ids = await t.database.db.selectFrom('surveyQuestions').select(['id', 'hash']).where('hash', 'in', [q1!.hash, q2!.hash]).orderBy('id').execute();
    expect(rows).toEqual(ids.map((row) => ({ questionId: row.id, choices: JSON.stringify([row.hash === q1!.hash ? q1!.buttons[1]!.hash : q2!.buttons[0]!.hash]) })));
    expect((await surveyOf(cls.hash, s.cookie)).data[0]!.answered.map((a) => a.q).sort()).toEqual([q1!.hash, q2!.hash].sort());
  });

  it('serves the survey’s questions and options in their order, with a new session per fetch until an answer is given', async () => {
    const cls = await classWith(true, true);
    const [s] = await createStudents(t, 1, 'order');
    const first = await surveyOf(cls.hash, s!.cookie);
    const second = await surveyOf(cls.hash, s!.cookie);
    expect(first.rowCount).toBe(1);
    const survey = first.data[0]!;
    expect(survey.sessionHash).not.toBe(second.data[0]!.sessionHash);
    expect(survey.sessionHash).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const key = (await t.database.db.selectFrom('surveys').select('key').where('id', '=', cls.surveyId!).executeTakeFirstOrThrow()).key;
    const inPack = pack.surveys!.find((x) => x.key === key)!;
    expect(survey.submit.label).toBe(inPack.submitLabel);
    expect(survey.questions.map((q) => ({ question: q.question, type: q.type, options: q.buttons.map((b) => b.label) }))).toEqual(
      inPack.questions.map((q) => ({ question: q.question, type: q.type, options: q.options })),
    );
  });
});

describe('what is refused', () => {
  it('a rating outside 1 to 4, a missing rating, and a comment over 1024 characters', async () => {
    const cls = await classWith(true, true);
    const [s] = await createStudents(t, 1, 'bad-form');
    await gradebookRow(s!.id, { classId: cls.id }, { viewCount: 1 });
    const { siteComparison: _missing, ...withoutOne } = form;
    for (const a of [{ ...form, courseUseful: 0 }, { ...form, courseUseful: 5 }, { ...form, courseUseful: 2.5 }, withoutOne, { ...form, comments: 'x'.repeat(1025) }, { ...form, otherTopics: 'x'.repeat(1025) }]) {
      const res = await post('save-eval', { c: cls.hash, a }, s!.cookie);
      expect(res.statusCode, JSON.stringify(a).slice(0, 80)).toBe(400);
    }
    // the answer names the field (the form itself shows 'Field exceeds maximum allowed length.')
    expect(json(await post('save-eval', { c: cls.hash, a: { ...form, comments: 'x'.repeat(1025) } }, s!.cookie)).errorMsg).toBe('a.comments is not valid');
    expect(await evaluationsOf(s!.id)).toEqual([]);
    expect((await gradebookOf(s!.id, cls.id)).evalTakenAt).toBeNull();
    // the limit itself is allowed
    expect(json(await post('save-eval', { c: cls.hash, a: { ...form, comments: 'x'.repeat(1024) } }, s!.cookie))).toEqual({ status: true });
  });

  it('saving the evaluation again, or twenty times at once, keeps one evaluation', async () => {
    const cls = await classWith(true, true);
    const s = await evaluated(cls.id, cls.hash, 'twice');
    const first = (await gradebookOf(s.id, cls.id)).evalTakenAt;
    t.clock.advance(60_000);
    expect(json(await post('save-eval', { c: cls.hash, a: { ...form, courseObjectives: 1 } }, s.cookie))).toEqual({ status: true });
    const evals = await evaluationsOf(s.id);
    expect(evals).toHaveLength(1);
    expect(evals[0]!.courseObjectives).toBe(4);
    expect((await gradebookOf(s.id, cls.id)).evalTakenAt).toBe(first);

    const [p] = await createStudents(t, 1, 'parallel');
    await gradebookRow(p!.id, { classId: cls.id }, { viewCount: 1 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('save-eval', { c: cls.hash, a: form }, p!.cookie)));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect(await evaluationsOf(p!.id)).toHaveLength(1);
  });

  it('a sponsored video that is not the class’s own', async () => {
    const cls = await classWith(true, true);
    const other = await t.database.db.selectFrom('svas').select('id').where('id', '<>', cls.svaId!).executeTakeFirstOrThrow();
    const s = await evaluated(cls.id, cls.hash, 'foreign-sva');
    const res = await post('save-sva-response', { c: cls.hash, v: other.id, e: 2 }, s.cookie);
    expect(res.statusCode).toBe(400);
    expect(json(res).errorMsg).toBe('Data error.  Try again later.');
    // nor any video for a class that shows none
    const noSva = await classWith(false, true);
    const s2 = await evaluated(noSva.id, noSva.hash, 'no-sva');
    expect((await post('save-sva-response', { c: noSva.hash, v: cls.svaId, e: 3 }, s2.cookie)).statusCode).toBe(400);
    expect(await t.database.db.selectFrom('svaResponses').select('id').where('studentId', 'in', [s.id, s2.id]).execute()).toEqual([]);
    expect((await gradebookOf(s.id, cls.id)).svaDoneAt).toBeNull();
    // the answer code is yes (2) or no (3)
    expect((await post('save-sva-response', { c: cls.hash, v: cls.svaId, e: 1 }, s.cookie)).statusCode).toBe(400);
  });

  it('a second answer to the sponsored video replaces the first', async () => {
    const cls = await classWith(true, true);
    const s = await evaluated(cls.id, cls.hash, 'sva-again');
    await post('save-sva-response', { c: cls.hash, v: cls.svaId, e: 3 }, s.cookie);
    const done = (await gradebookOf(s.id, cls.id)).svaDoneAt;
    t.clock.advance(60_000);
    expect(json(await post('save-sva-response', { c: cls.hash, v: cls.svaId, e: 2 }, s.cookie))).toEqual({ status: true });
    expect(await t.database.db.selectFrom('svaResponses').select('answerCode').where('studentId', '=', s.id).execute()).toEqual([{ answerCode: 2 }]);
    expect((await gradebookOf(s.id, cls.id)).svaDoneAt).toBe(done);
  });

  it('a question of another survey, a choice of another question, and the wrong number of choices', async () => {
    const cls = await classWith(true, true);
    const s = await evaluated(cls.id, cls.hash, 'bad-survey');
    const survey = (await surveyOf(cls.hash, s.cookie)).data[0]!;
    const base = { c: cls.hash, sh: survey.hash, sessionHash: survey.sessionHash, isLast: false };
    const single = survey.questions.find((q) => q.type === 'single')!;
    const yesno = survey.questions.find((q) => q.type === 'yesno')!;
    const multi = survey.questions.find((q) => q.type === 'multi')!;
    const otherQuestion = survey.questions.find((q) => q.hash !== single.hash)!;

    const otherSurvey = await t.database.db.selectFrom('surveys').select(['id', 'hash']).where('id', '<>', cls.surveyId!).executeTakeFirstOrThrow();
    const foreignQ = await t.database.db.selectFrom('surveyQuestions').select(['id', 'hash']).where('surveyId', '=', otherSurvey.id).executeTakeFirstOrThrow();
    const foreignO = await t.database.db.selectFrom('surveyOptions').select('hash').where('questionId', '=', foreignQ.id).executeTakeFirstOrThrow();

    const refused = async (payload: object, message: string) => {
      const res = await post('save-survey-response', { ...base, ...payload }, s.cookie);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res).errorMsg).toBe(message);
    };
    await refused({ q: foreignQ.hash, choices: [foreignO.hash] }, 'Data error.  Try again later.');
    await refused({ sh: otherSurvey.hash, q: foreignQ.hash, choices: [foreignO.hash] }, 'Data error.  Try again later.');
    await refused({ q: single.hash, choices: [otherQuestion.buttons[0]!.hash] }, 'Data error.  Try again later.');
    await refused({ q: single.hash, choices: [single.buttons[0]!.hash, otherQuestion.buttons[0]!.hash] }, 'Data error.  Try again later.');
    await refused({ q: single.hash, choices: [single.buttons[0]!.hash, single.buttons[1]!.hash] }, 'Choose exactly one answer for this question.');
    await refused({ q: yesno.hash, choices: yesno.buttons.map((b) => b.hash) }, 'Choose exactly one answer for this question.');
    expect((await post('save-survey-response', { ...base, q: multi.hash, choices: [] }, s.cookie)).statusCode).toBe(400);
    expect(await t.database.db.selectFrom('surveyResponses').select('id').where('studentId', '=', s.id).execute()).toEqual([]);

    // and what is allowed: several choices on a multi question; the same answer resent is kept once
    const many = { ...base, q: multi.hash, choices: multi.buttons.map((b) => b.hash) };
    expect(json(await post('save-survey-response', many, s.cookie))).toEqual({ status: true });
    expect(json(await post('save-survey-response', { ...many, choices: [multi.buttons[0]!.hash] }, s.cookie))).toEqual({ status: true });
    expect(await t.database.db.selectFrom('surveyResponses').select('choices').where('studentId', '=', s.id).execute()).toEqual([{ choices: JSON.stringify([multi.buttons[0]!.hash]) }]);
  });
});
