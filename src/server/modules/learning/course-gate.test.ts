// The course gate through HTTP (decisions.md "The course gate is the server's"): every step of a course
// in every state a student can be in gets its refusal and text, the happy paths succeed, and no sequence
// of calls gives a student without a seat credit for a live webinar. Runs on SQLite and on PostgreSQL.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASS_TYPE } from '#shared/domain/constants';
import { buildTestApp, createStudents, json, type TestApp } from '../../test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const MIN = 60_000;
type Student = Awaited<ReturnType<typeof createStudents>>[number];
const post = (url: string, payload: object, s: Student) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, headers: { 'content-type': 'application/json', cookie: s.cookie }, payload });
const get = (url: string, s: Student) => t.app.inject({ url: `/api/${url}`, headers: { cookie: s.cookie } });

const form = {
  courseObjectives: 4,
  courseUseful: 4,
  courseAppropriate: 4,
  courseLogical: 4,
  instructorCommunication: 4,
  instructorPreparedness: 4,
  instructorEffectiveness: 4,
  sitePresentation: 4,
  siteNavigation: 4,
  siteComparison: 4,
};

interface Course {
  id: number;
  hash: string;
  svaId?: number | null;
  surveyId?: number | null;
  /** the right option of each question, as the grader knows it */
  answers: { examQId: number; option: number }[];
}

async function answersOf(ref: { classId: number } | { podcastId: number }) {
  const exam = await t.database.db
    .selectFrom('exams')
    .select('id')
    .where('classId' in ref ? 'classId' : 'podcastId', '=', 'classId' in ref ? ref.classId : ref.podcastId)
    .executeTakeFirstOrThrow();
  const qs = await t.database.db.selectFrom('examQuestions').select(['id', 'correctOption']).where('examId', '=', exam.id).execute();
  return qs.map((q) => ({ examQId: q.id, option: q.correctOption }));
}

/** a copy of a demo class with its own type, start and exam, so its timing is the test's */
async function cloneClass(typeId: number, startsInMin: number, opts: { capacity?: number | null } = {}): Promise<Course> {
  const base = await t.database.db
    .selectFrom('classes')
    .selectAll()
    .where((eb) => eb.exists(eb.selectFrom('exams').select('exams.id').whereRef('exams.classId', '=', 'classes.id')))
    // with a sponsored video and a survey, so their steps reach the gate rather than a data error
    .where('svaId', 'is not', null)
    .where('surveyId', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const { id: baseId, hash: _h, ...rest } = base;
  const start = t.clock.now() + startsInMin * MIN;
  const row = await t.database.db
    .insertInto('classes')
    .values({
      ...rest,
      typeId,
      isTutorial: 0,
      hash: `g${randomUUID().replace(/-/g, '').slice(0, 16)}`,
      capacity: opts.capacity ?? null,
      seatsTaken: 0,
      zoomCode: '81234567890',
      demoOffsetMin: null,
      releaseDate: new Date(start).toISOString(),
      endDate: new Date(start + 60 * MIN).toISOString(),
      durationMin: 60,
    })
    .returning(['id', 'hash', 'svaId', 'surveyId'])
    .executeTakeFirstOrThrow();
  const exam = await t.database.db.selectFrom('exams').selectAll().where('classId', '=', baseId).executeTakeFirstOrThrow();
  const copy = await t.database.db.insertInto('exams').values({ classId: row.id, podcastId: null, minScore: exam.minScore }).returning('id').executeTakeFirstOrThrow();
  const questions = await t.database.db.selectFrom('examQuestions').selectAll().where('examId', '=', exam.id).execute();
  for (const { id: _q, examId: _e, ...q } of questions) await t.database.db.insertInto('examQuestions').values({ ...q, examId: copy.id }).execute();
  return { ...row, answers: await answersOf({ classId: row.id }) };
}

/** the demo's on-demand class with an exam, a sponsored video and a survey */
async function onDemand(): Promise<Course> {
  const c = await t.database.db
    .selectFrom('classes')
    .select(['id', 'hash', 'svaId', 'surveyId'])
    .where('typeId', 'not in', [CLASS_TYPE.LIVE, CLASS_TYPE.ARCHIVE])
    .where('isTutorial', '=', 0)
    .where('svaId', 'is not', null)
    .where('surveyId', 'is not', null)
    .where('releaseDate', '<=', new Date(t.clock.now()).toISOString())
    .where((eb) => eb.exists(eb.selectFrom('exams').select('exams.id').whereRef('exams.classId', '=', 'classes.id')))
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { ...c, answers: await answersOf({ classId: c.id }) };
}

async function aPodcast(): Promise<Course> {
  const p = await t.database.db
    .selectFrom('podcasts')
    .select(['id', 'hash'])
    .where('releaseDate', '<=', new Date(t.clock.now()).toISOString())
    .where((eb) => eb.exists(eb.selectFrom('exams').select('exams.id').whereRef('exams.podcastId', '=', 'podcasts.id')))
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { ...p, answers: await answersOf({ podcastId: p.id }) };
}

/** what each step sends; `ref` is { c } for a class and { p } for an episode */
const steps = {
  view: (c: Course, s: Student) => post('class-view', { c: c.hash }, s),
  start: (c: Course, s: Student) => post('class-start', { c: c.hash }, s),
  play: (c: Course, s: Student) => post('podcast-view', { p: c.hash, e: randomUUID() }, s),
  attended: (c: Course, s: Student) => post('save-affidavit', { c: c.hash, attended: true }, s),
  notAttended: (c: Course, s: Student) => post('save-affidavit', { c: c.hash, attended: false }, s),
  evaluation: (c: Course, s: Student, kind: 'c' | 'p' = 'c') => post('save-eval', { [kind]: c.hash, a: form }, s),
  sva: async (c: Course, s: Student) => post('save-sva-response', { c: c.hash, v: c.svaId ?? 1, e: 2 }, s),
  survey: async (c: Course, s: Student) => {
    const survey = json(await get(`survey?c=${c.hash}`, s)).data[0];
    if (!survey) return post('save-survey-response', { c: c.hash, sh: 'none', q: 'none', choices: ['none'], sessionHash: 'none', isLast: true }, s);
    const q = survey.questions[0];
    return post('save-survey-response', { c: c.hash, sh: survey.hash, q: q.hash, choices: [q.buttons[0].hash], sessionHash: survey.sessionHash, isLast: true }, s);
  },
  exam: (c: Course, s: Student, kind: 'c' | 'p' = 'c') => get(`exam?${kind}=${c.hash}`, s),
  grade: (c: Course, s: Student, kind: 'c' | 'p' = 'c') => post('grade-exam', { [kind]: c.hash, a: c.answers, attemptKey: randomUUID() }, s),
};

/** the answer a caller sees: 'ok', or the status and the text of the refusal */
async function outcome(res: Promise<{ statusCode: number; body: string }>): Promise<string> {
  const r = await res;
  if (r.statusCode === 200 && json(r).status === true) return json(r).passed === false ? 'failed' : 'ok';
  return `${r.statusCode} ${json(r).errorMsg}`;
}

const VIEW_FIRST = '409 Please view class before taking exam.';
const LISTEN_FIRST = '409 Please listen to podcast before taking exam.';
const EVAL_FIRST = '409 Complete evaluation before completing exam.';
const UNAVAILABLE = '409 Exam not available.  Try again later.';
const LIVE_CREDIT = '403 Live credit requires attending the webinar.';
const DONE_CLASS = '409 Exam completed.  Returning to classroom.';
const DONE_PODCAST = '409 Exam completed.  Returning to podcasts.';
const LIVE_VIEW = '409 A live webinar is attended with Enter Webinar on its page, with a reserved seat.';
const NO_SEAT = '403 Reserve a seat before entering the webinar.';
const TOO_EARLY = '409 The webinar opens 30 minutes before it starts.';
const ENDED = '409 This webinar has ended.';

const certificatesOf = (s: Student) => t.database.db.selectFrom('certificates').select(['id', 'ceTypeId', 'credits']).where('studentId', '=', s.id).execute();

describe('the course gate: an on-demand class', () => {
  it('not viewed: every step after the view is refused with the guard of spec §4; reading the exam is not', async () => {
    const c = await onDemand();
    const [s] = await createStudents(t, 1, 'gate-fresh');
    expect(await outcome(steps.evaluation(c, s!))).toBe(VIEW_FIRST);
    expect(await outcome(steps.sva(c, s!))).toBe(VIEW_FIRST);
    expect(await outcome(steps.survey(c, s!))).toBe(VIEW_FIRST);
    expect(await outcome(steps.grade(c, s!))).toBe(VIEW_FIRST);
    expect(await outcome(steps.attended(c, s!))).toBe(VIEW_FIRST);
    expect(await outcome(steps.exam(c, s!))).toBe('ok');
    expect(await certificatesOf(s!)).toEqual([]);
  });

  it('viewed: the evaluation first, then the sponsored video, the survey and the exam, which passes', async () => {
    const c = await onDemand();
    const [s] = await createStudents(t, 1, 'gate-viewed');
    expect(await outcome(steps.view(c, s!))).toBe('ok');
    expect(await outcome(steps.sva(c, s!))).toBe(EVAL_FIRST);
    expect(await outcome(steps.survey(c, s!))).toBe(EVAL_FIRST);
    expect(await outcome(steps.grade(c, s!))).toBe(EVAL_FIRST);
    // an on-demand class has no attendance question
    expect(await outcome(steps.attended(c, s!))).toBe(VIEW_FIRST);
    expect(await outcome(steps.evaluation(c, s!))).toBe('ok');
    expect(await outcome(steps.sva(c, s!))).toBe('ok');
    expect(await outcome(steps.survey(c, s!))).toBe('ok');
    expect(await outcome(steps.grade(c, s!))).toBe('ok');
    const [cert] = await certificatesOf(s!);
    // issued by the grading transaction with the accreditation statements in force on the day (the demo's two)
    expect(await t.database.db.selectFrom('certificateAccreditations').select('statement').where('certificateId', '=', cert!.id).execute()).toHaveLength(2);
  });

  it('exam already passed: another attempt is refused, the certificate stays one; the earlier steps may be resent', async () => {
    const c = await onDemand();
    const [s] = await createStudents(t, 1, 'gate-passed');
    for (const step of [steps.view, steps.evaluation, steps.grade]) expect(await outcome(step(c, s!))).toBe('ok');
    expect(await outcome(steps.grade(c, s!))).toBe(DONE_CLASS);
    // a replayed evaluation or offer answer (the offline outbox) is no error, and changes no credit
    expect(await outcome(steps.evaluation(c, s!))).toBe('ok');
    expect(await outcome(steps.sva(c, s!))).toBe('ok');
    expect(await certificatesOf(s!)).toHaveLength(1);
  });

  it("another student's progress is not yours: B is refused on A's view, and naming A as s is 403", async () => {
    const c = await onDemand();
    const [a, b] = await createStudents(t, 2, 'gate-other');
    for (const step of [steps.view, steps.evaluation]) expect(await outcome(step(c, a!))).toBe('ok');
    expect(await outcome(steps.grade(c, b!))).toBe(VIEW_FIRST);
    expect(await outcome(steps.evaluation(c, b!))).toBe(VIEW_FIRST);
    const asA = await post('grade-exam', { s: a!.hash, c: c.hash, a: c.answers, attemptKey: randomUUID() }, b!);
    expect(asA.statusCode).toBe(403);
    expect(await certificatesOf(a!)).toEqual([]);
    expect(await certificatesOf(b!)).toEqual([]);
  });
});

describe('the course gate: an exam that is not available', () => {
  it('an archive class is viewed, but nothing after the view is taken, and the exam says so', async () => {
    const c = await cloneClass(CLASS_TYPE.ARCHIVE, -24 * 60);
    const [s] = await createStudents(t, 1, 'gate-archive');
    const page = json(await get(`class?c=${c.hash}`, s!));
    expect(page.classObj.canShowExam).toBe(false);
    expect(await outcome(steps.view(c, s!))).toBe('ok');
    expect(await outcome(steps.evaluation(c, s!))).toBe(UNAVAILABLE);
    expect(await outcome(steps.sva(c, s!))).toBe(UNAVAILABLE);
    expect(await outcome(steps.exam(c, s!))).toBe(UNAVAILABLE);
    // even with the evaluation row written behind the API's back, grading answers the same
    await t.database.db.updateTable('gradebook').set({ evalTakenAt: new Date(t.clock.now()).toISOString() }).where('studentId', '=', s!.id).execute();
    expect(await outcome(steps.grade(c, s!))).toBe(UNAVAILABLE);
    expect(await certificatesOf(s!)).toEqual([]);
  });
});

describe('the course gate: a live webinar', () => {
  it('without a seat: no view, no start, so no step after it; class-view is refused for any live class', async () => {
    const w = await cloneClass(CLASS_TYPE.LIVE, -10);
    const [s] = await createStudents(t, 1, 'gate-noseat');
    expect(await outcome(steps.view(w, s!))).toBe(LIVE_VIEW);
    expect(await outcome(steps.start(w, s!))).toBe(NO_SEAT);
    expect(await outcome(steps.grade(w, s!))).toBe(UNAVAILABLE);
    // after its end, still nothing: it was never entered
    t.clock.advance(50 * MIN);
    expect(await outcome(steps.attended(w, s!))).toBe(VIEW_FIRST);
    expect(await outcome(steps.evaluation(w, s!))).toBe(VIEW_FIRST);
    expect(await outcome(steps.grade(w, s!))).toBe(VIEW_FIRST);
    expect(await t.database.db.selectFrom('gradebook').select('id').where('studentId', '=', s!.id).execute()).toEqual([]);
  });

  it('a waitlist place is not a seat', async () => {
    const w = await cloneClass(CLASS_TYPE.LIVE, -10, { capacity: 1 });
    const [holder, waiting] = await createStudents(t, 2, 'gate-wait');
    expect(json(await post('reserve-seat', { c: w.hash }, holder!)).isWaiting).toBe(false);
    expect(json(await post('reserve-seat', { c: w.hash }, waiting!)).isWaiting).toBe(true);
    expect(await outcome(steps.start(w, waiting!))).toBe(NO_SEAT);
    expect(await outcome(steps.start(w, holder!))).toBe('ok');
  });

  it('with a seat before the window: not entered; nothing after the view until the webinar ends', async () => {
    const w = await cloneClass(CLASS_TYPE.LIVE, 60);
    const [s] = await createStudents(t, 1, 'gate-early');
    expect(json(await post('reserve-seat', { c: w.hash }, s!)).isWaiting).toBe(false);
    expect(await outcome(steps.start(w, s!))).toBe(TOO_EARLY);
    expect(await outcome(steps.evaluation(w, s!))).toBe(UNAVAILABLE);
    expect(await outcome(steps.attended(w, s!))).toBe(UNAVAILABLE);
    expect(await outcome(steps.grade(w, s!))).toBe(UNAVAILABLE);
    // 30 minutes before: the meeting opens, the steps after it wait for the end (Live credit is for the whole
    // session, decision 0046): at the start, and at the last minute, still not
    t.clock.advance(31 * MIN);
    expect(await outcome(steps.start(w, s!))).toBe('ok');
    expect(await outcome(steps.evaluation(w, s!))).toBe(UNAVAILABLE);
    t.clock.advance(30 * MIN);
    expect(await outcome(steps.evaluation(w, s!))).toBe(UNAVAILABLE);
    expect(await outcome(steps.attended(w, s!))).toBe(UNAVAILABLE);
    expect(json(await get(`class?c=${w.hash}`, s!)).classObj.canShowExam).toBe(false);
    // a minute before the end (the clock is 61 minutes on: 1 minute into the webinar)
    t.clock.advance(58 * MIN);
    expect(await outcome(steps.evaluation(w, s!))).toBe(UNAVAILABLE);
    // a millisecond before its end the classroom (kept a second for everyone) says not yet; at the end it says yes
    // at once, though the kept one is a millisecond old (staleAt), and the steps before the exam are offered
    t.clock.advance(1 * MIN - 1);
    expect(json(await get(`class?c=${w.hash}`, s!)).classObj.canShowExam).toBe(false);
    t.clock.advance(1);
    expect(json(await get(`class?c=${w.hash}`, s!)).classObj.canShowExam).toBe(true);
    expect(await outcome(steps.evaluation(w, s!))).toBe('ok');
  });

  it('started and attended: Live, Interactive credit; the exam waits for the affidavit', async () => {
    const w = await cloneClass(CLASS_TYPE.LIVE, -5);
    const [s] = await createStudents(t, 1, 'gate-live');
    await post('reserve-seat', { c: w.hash }, s!);
    expect(await outcome(steps.start(w, s!))).toBe('ok');
    // entered at minute 5 of 60: no credit until the webinar is over
    expect(await outcome(steps.grade(w, s!))).toBe(UNAVAILABLE);
    t.clock.advance(55 * MIN);
    expect(await outcome(steps.evaluation(w, s!))).toBe('ok');
    expect(await outcome(steps.grade(w, s!))).toBe(LIVE_CREDIT);
    expect(await outcome(steps.attended(w, s!))).toBe('ok');
    expect(await outcome(steps.grade(w, s!))).toBe('ok');
    const certs = await certificatesOf(s!);
    expect(certs).toHaveLength(1);
    // nothing changes the affidavit once the exam is passed
    expect(await outcome(steps.notAttended(w, s!))).toBe(DONE_CLASS);
  });

  it("affidavit 'No, I Did Not Attend': the evaluation still goes on, the exam is refused, the class page says so", async () => {
    const w = await cloneClass(CLASS_TYPE.LIVE, -5);
    const [s] = await createStudents(t, 1, 'gate-absent');
    await post('reserve-seat', { c: w.hash }, s!);
    expect(await outcome(steps.start(w, s!))).toBe('ok');
    t.clock.advance(55 * MIN);
    expect(await outcome(steps.notAttended(w, s!))).toBe('ok');
    // the same answer again is a replay; the other answer is refused: the first is the record
    expect(await outcome(steps.notAttended(w, s!))).toBe('ok');
    expect(await outcome(steps.attended(w, s!))).toBe('409 Your answer about attending this webinar is already recorded.');
    expect(await outcome(steps.evaluation(w, s!))).toBe('ok');
    expect(await outcome(steps.grade(w, s!))).toBe(LIVE_CREDIT);
    expect(json(await get(`class?c=${w.hash}`, s!)).studentData.attended).toBe(false);
    expect(json(await get(`exam?c=${w.hash}`, s!)).studentData.attended).toBe(false);
    expect(await certificatesOf(s!)).toEqual([]);
  });

  it('after its end the webinar is not entered', async () => {
    const w = await cloneClass(CLASS_TYPE.LIVE, -90);
    const [s] = await createStudents(t, 1, 'gate-ended');
    // the seat was taken while it was upcoming
    await t.database.db.insertInto('seats').values({ classId: w.id, studentId: s!.id, status: 'reserved', cancelCode: randomUUID(), createdAt: new Date(t.clock.now()).toISOString(), updatedAt: new Date(t.clock.now()).toISOString() }).execute();
    expect(await outcome(steps.start(w, s!))).toBe(ENDED);
  });

  it('no sequence of calls gives a student without a seat credit for a live webinar', async () => {
    const w = await cloneClass(CLASS_TYPE.LIVE, 0, { capacity: 1 });
    const start = t.clock.now();
    const [holder] = await createStudents(t, 1, 'gate-prop-holder');
    await post('reserve-seat', { c: w.hash }, holder!);
    const actions = ['view', 'start', 'attended', 'notAttended', 'evaluation', 'sva', 'survey', 'grade', 'waitlist'] as const;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom(...actions), fc.integer({ min: -120, max: 180 })), { minLength: 1, maxLength: 14 }), async (calls) => {
        const [s] = await createStudents(t, 1, 'gate-prop');
        for (const [action, atMin] of calls) {
          t.clock.set(start + atMin * MIN);
          const res = action === 'waitlist' ? await post('reserve-seat', { c: w.hash }, s!) : await steps[action](w, s!);
          // a refusal is an answer, never a failure of the server
          expect(res.statusCode).toBeLessThan(500);
        }
        expect(await certificatesOf(s!)).toEqual([]);
        const g = await t.database.db.selectFrom('gradebook').select(['startedAt', 'examTakenAt']).where('studentId', '=', s!.id).execute();
        expect(g.every((r) => r.startedAt === null && r.examTakenAt === null)).toBe(true);
      }),
      { numRuns: 25 },
    );
    t.clock.set(start);
  });
});

describe('the course gate: a podcast episode', () => {
  it('the evaluation and exam need a logged play; a pass ends the exam with the podcast text', async () => {
    const p = await aPodcast();
    const [s] = await createStudents(t, 1, 'gate-pod');
    expect(await outcome(steps.evaluation(p, s!, 'p'))).toBe(LISTEN_FIRST);
    expect(await outcome(steps.grade(p, s!, 'p'))).toBe(LISTEN_FIRST);
    expect(await outcome(steps.play(p, s!))).toBe('ok');
    expect(await outcome(steps.grade(p, s!, 'p'))).toBe(EVAL_FIRST);
    expect(await outcome(steps.evaluation(p, s!, 'p'))).toBe('ok');
    expect(await outcome(steps.grade(p, s!, 'p'))).toBe('ok');
    expect(await outcome(steps.grade(p, s!, 'p'))).toBe(DONE_PODCAST);
    expect(await certificatesOf(s!)).toHaveLength(1);
  });
});
