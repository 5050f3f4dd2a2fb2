// A valid request for every endpoint of the contract, built for a given student (issue 18): the authorization
// matrix sends it as its owner, as another student and without a session; the bad-input test mutates it. Each
// fixture builds the state its request needs (a seat to release, a class viewed before its evaluation…), so a
// state-consuming write can be sent again. `fixtureGaps` names the endpoints of the contract with no fixture:
// both tests fail on it, so a new route cannot go uncovered.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { api, allEndpoints } from '#shared/api/index';
import type { Endpoint } from '#shared/api/endpoint';
import { CLASS_TYPE, VPAD_SLOT } from '#shared/domain/constants';
import type { DB } from './db/schema.ts';
import { hashPassword } from './modules/auth/password.ts';
import { issueToken } from './modules/auth/tokens.ts';
import { hashToken } from './plugins/session.ts';
import { createStudents, profileForm, registrationForm, type TestApp } from './test-support.ts';
import { SAMPLE, uploadBody, type TestFile } from './modules/license/multipart.test-support.ts';

export const PASSWORD = 'Secret.123';

export interface Student {
  id: number;
  hash: string;
  username: string;
  email: string;
  firstname: string;
  lastname: string;
  agdNumber: string;
  /** a session made for the fixtures' own setup steps */
  cookie: string;
}

/** what is sent: the query as strings (it travels in the URL), the body as JSON (an upload's: its `record` part) */
export interface Request {
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /** an upload endpoint's file part */
  file?: TestFile;
}

export interface Fixture {
  endpoint: Endpoint;
  /** builds the owner's state this request needs, and the request; it must answer 2xx to its owner */
  build: (owner: Student) => Promise<Request>;
  /**
   * the request carries a secret of the owner's (a password, a link's token, a cancel code, a certificate number):
   * whoever holds it acts as the owner, by design; `reveals` lists the owner's values its answer may then carry
   */
  bearer?: { why: string; reveals: (keyof Secrets)[] };
  /** why a request that is not the owner's may still add to the owner's rows, by design */
  changesOwnerRows?: string;
  /** the request names something only the owner has (their certificate, their seat): another student's answer */
  stranger?: number;
}

/** the values that identify a student: none may reach another student or a visitor */
export interface Secrets {
  username: string;
  email: string;
  hash: string;
  name: string;
  cancelCodes: string[];
  certificateCodes: string[];
  phone: string;
  address: string;
  agdNumber: string;
}

export interface World {
  t: TestApp;
  /** a registered student with a password, distinct names, an AGD number and a live session */
  student(prefix: string): Promise<Student>;
  /** a new session for the student: each request of the matrix gets its own, so a logout ends only it */
  session(s: Student): Promise<string>;
  /** a new live webinar of `capacity` seats starting in `inMinutes` */
  webinar(capacity: number, inMinutes?: number): Promise<{ id: number; hash: string }>;
  /** the student's seat in a new webinar under way (begun 15 minutes ago, with an exam) */
  seatedInLiveWebinar(s: Student): Promise<{ id: number; hash: string }>;
  /** the webinar has since ended: its hour moved back, so its end was a minute ago (its exam then opens) */
  ended(w: { id: number }): Promise<void>;
  /** the student's seat in a new webinar two days away; its cancel code */
  seat(s: Student): Promise<{ hash: string; code: string }>;
  /** the class viewed and evaluated: its sponsored video, survey and exam are open */
  evaluated(s: Student, c: Course): Promise<void>;
  /** the exam passed: a certificate */
  completed(s: Student, c: Course): Promise<void>;
  examAnswers(c: Course, right: boolean): Promise<{ examQId: number; option: number }[]>;
  secrets(s: Student): Promise<Secrets>;
  /** on-demand classes with an exam, a sponsored video and a survey: the whole learning flow */
  courses: Course[];
  episode: { id: number; hash: string };
  show: { hash: string };
  post(ep: Endpoint, body: object, cookie?: string): Promise<Record<string, any>>;
}

export interface Course {
  id: number;
  hash: string;
  svaId: number;
}

export const evaluation = {
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
};

export async function buildWorld(t: TestApp): Promise<World> {
  const db = t.database.db;
  const now = new Date(t.clock.now()).toISOString();
  const courses = await db
    .selectFrom('classes')
    .innerJoin('exams', 'exams.classId', 'classes.id')
    .select(['classes.id', 'classes.hash', 'classes.svaId'])
    .where('typeId', '=', CLASS_TYPE.PRODUCED)
    .where('isTutorial', '=', 0)
    .where('releaseDate', '<=', now)
    .where('svaId', 'is not', null)
    .where('surveyId', 'is not', null)
    .orderBy('classes.id')
    .limit(3)
    .execute();
  if (courses.length < 3) throw new Error('the demo pack needs three on-demand classes with the whole learning flow');
  const episode = await db.selectFrom('podcasts').select(['id', 'hash']).where('releaseDate', '<=', now).orderBy('id').executeTakeFirstOrThrow();
  const show = await db.selectFrom('podcastShows').select('hash').orderBy('id').executeTakeFirstOrThrow();

  const post = async (ep: Endpoint, body: object, cookie?: string) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/${ep.path}`, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload: body });
    if (res.statusCode !== 200) throw new Error(`setup ${ep.path}: ${res.statusCode} ${res.body}`);
    return JSON.parse(res.body) as Record<string, any>;
  };

  const session = async (s: { id: number }) => {
    const token = randomBytes(32).toString('base64url');
    const at = new Date(t.clock.now()).toISOString();
    const later = new Date(t.clock.now() + 7 * 86_400_000).toISOString();
    await db.insertInto('sessions').values({ tokenHash: hashToken(token), studentId: s.id, createdAt: at, lastSeenAt: at, expiresAt: later, userAgent: null }).execute();
    return `sid=${token}`;
  };

  let n = 0;
  const student = async (prefix: string): Promise<Student> => {
    const [s] = await createStudents(t, 1, prefix);
    n++;
    // names no demo row carries, so a scan for them finds only this student
    const tag = randomBytes(3).toString('hex');
    const firstname = `Zephyr${prefix}${tag}`;
    const lastname = `Quill${prefix}${tag}`;
    const agdNumber = String(100000 + n * 7919 + Number.parseInt(tag, 16) % 1000).slice(0, 6);
    // a phone and a street no other row carries either
    const phone = `21755${String(Number.parseInt(tag, 16) % 100000).padStart(5, '0')}`;
    const address = `${n} Quillfeather Lane ${tag}`;
    await db
      .updateTable('students')
      // an e-mail address without the username in it, so each value is found on its own
      .set({ passwordHash: await hashPassword(PASSWORD, t.config.passwordHashCost), firstname, lastname, agdNumber, phone, address, email: `${lastname.toLowerCase()}@example.com` })
      .where('id', '=', s!.id)
      .execute();
    const { username } = await db.selectFrom('students').select('username').where('id', '=', s!.id).executeTakeFirstOrThrow();
    return { id: s!.id, hash: s!.hash, email: `${lastname.toLowerCase()}@example.com`, cookie: s!.cookie, username, firstname, lastname, agdNumber };
  };

  const webinar = async (capacity: number, inMinutes = 2 * 24 * 60) => {
    const base = await db.selectFrom('classes').selectAll().where('typeId', '=', CLASS_TYPE.LIVE).orderBy('id').executeTakeFirstOrThrow();
    const { id: _id, hash: _hash, ...rest } = base;
    const start = t.clock.now() + inMinutes * 60_000;
    return db
      .insertInto('classes')
      .values({ ...rest, hash: `w${randomBytes(6).toString('hex')}`, capacity, seatsTaken: 0, zoomCode: '81234567890', demoOffsetMin: null, releaseDate: new Date(start).toISOString(), endDate: new Date(start + 60 * 60_000).toISOString(), durationMin: 60 })
      .returning(['id', 'hash'])
      .executeTakeFirstOrThrow();
  };
  const cancelCodeOf = async (classId: number, studentId: number) =>
    (await db.selectFrom('seats').select('cancelCode').where('classId', '=', classId).where('studentId', '=', studentId).orderBy('id', 'desc').executeTakeFirstOrThrow()).cancelCode;

  const examAnswers = async (c: Course, right: boolean) => {
    const qs = await db.selectFrom('examQuestions').innerJoin('exams', 'exams.id', 'examQuestions.examId').select(['examQuestions.id', 'correctOption']).where('exams.classId', '=', c.id).execute();
    return qs.map((q) => ({ examQId: q.id, option: right ? q.correctOption : (q.correctOption % 4) + 1 }));
  };
  const evaluated = async (s: Student, c: Course) => {
    await post(api.postClassView, { c: c.hash }, s.cookie);
    await post(api.postSaveEval, { c: c.hash, a: evaluation }, s.cookie);
  };

  return {
    t,
    student,
    session,
    webinar,
    async seatedInLiveWebinar(s) {
      const w = await webinar(10, -15);
      await db.insertInto('exams').values({ classId: w.id, podcastId: null, minScore: 70 }).execute();
      await post(api.postReserveSeat, { c: w.hash }, s.cookie);
      return w;
    },
    async ended(w) {
      const end = t.clock.now() - 60_000;
      await db.updateTable('classes').set({ releaseDate: new Date(end - 60 * 60_000).toISOString(), endDate: new Date(end).toISOString() }).where('id', '=', w.id).execute();
    },
    async seat(s) {
      const w = await webinar(5);
      await post(api.postReserveSeat, { c: w.hash }, s.cookie);
      return { hash: w.hash, code: await cancelCodeOf(w.id, s.id) };
    },
    evaluated,
    async completed(s, c) {
      await evaluated(s, c);
      const graded = await post(api.postGradeExam, { c: c.hash, a: await examAnswers(c, true), attemptKey: randomUUID() }, s.cookie);
      if (!graded.passed) throw new Error('setup: the exam was not passed');
    },
    examAnswers,
    async secrets(s) {
      const row = await db.selectFrom('students').select(['username', 'email', 'hash', 'firstname', 'lastname', 'phone', 'address', 'agdNumber']).where('id', '=', s.id).executeTakeFirstOrThrow();
      const seats = await db.selectFrom('seats').select('cancelCode').where('studentId', '=', s.id).execute();
      const certs = await db.selectFrom('certificates').select('code').where('studentId', '=', s.id).execute();
      return {
        username: row.username,
        email: row.email,
        hash: row.hash,
        name: row.lastname,
        cancelCodes: seats.map((x) => x.cancelCode),
        certificateCodes: certs.map((x) => x.code),
        phone: row.phone,
        address: row.address,
        agdNumber: row.agdNumber ?? '',
      };
    },
    courses: courses.map((c) => ({ id: c.id, hash: c.hash, svaId: c.svaId! })),
    episode,
    show,
    post,
  };
}

/**
 * The state each student of the matrix holds before it starts (issue 18: "real data"): a seat in a webinar to
 * come, one in a webinar under way, a class and an episode on Watch Later, an episode half heard, a class
 * completed with its certificate, and an exam attempt failed on another.
 */
export interface Holdings {
  seat: { hash: string; code: string };
  /** a webinar under way that the student entered */
  live: { id: number; hash: string };
  /** a webinar the student entered, since ended: its attendance question and exam are open */
  attended: { id: number; hash: string };
  completed: Course;
  failed: Course;
}

export async function giveRealData(w: World, s: Student, completed: Course, failed: Course): Promise<Holdings> {
  const seat = await w.seat(s);
  const live = await w.seatedInLiveWebinar(s);
  await w.post(api.postClassStart, { c: live.hash }, s.cookie);
  const attended = await w.seatedInLiveWebinar(s);
  await w.post(api.postClassStart, { c: attended.hash }, s.cookie);
  await w.ended(attended);
  await w.post(api.postQueueAdd, { c: completed.hash }, s.cookie);
  await w.post(api.postQueueAdd, { p: w.episode.hash }, s.cookie);
  await w.post(api.postPodcastView, { p: w.episode.hash }, s.cookie);
  await w.post(api.postPodcastListen, { p: w.episode.hash, e: randomUUID(), ranges: [[0, 60]], position: 60 }, s.cookie);
  await w.completed(s, completed);
  await w.evaluated(s, failed);
  await w.post(api.postGradeExam, { c: failed.hash, a: await w.examAnswers(failed, false), attemptKey: randomUUID() }, s.cookie);
  return { seat, live, attended, completed, failed };
}

/**
 * One fixture per endpoint. `holdings` gives a student's state from giveRealData: reads name it, writes that use
 * state up (a seat released, a link spent) build their own each time.
 */
export function contractFixtures(w: World, holdings: (s: Student) => Holdings): Fixture[] {
  const { t } = w;
  const db = t.database.db;
  const q = (o: Record<string, string | undefined>): Record<string, string> => Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined)) as Record<string, string>;
  const fixture = (endpoint: Endpoint, build: (s: Student) => Promise<Request> | Request, bearer?: Fixture['bearer']): Fixture => ({
    endpoint,
    build: async (s) => build(s),
    ...(bearer ? { bearer } : {}),
  });
  const only = (stranger: number, f: Fixture): Fixture => ({ ...f, stranger });
  // my license: a license from a preset and a reported course with its proof, made through the API as the owner
  const licenseForm = { jurisdiction: 'Texas', licenseType: 'RDH', number: null, renewalDate: '2027-03-31', cycleYears: 2 };
  const reportedCourse = { title: 'BLS for Healthcare Providers', provider: 'Red Cross', date: '2026-10-01', hours: 4, format: 'live', topics: ['cpr-bls'], otherTopics: [], agdCode: null };
  const kept = new Map<number, number>();
  /** a student keeps at most 20 licenses: the fixtures' writes make many, so the oldest spare ones go */
  const roomForLicenses = async (s: Student) => {
    const spare = await db.selectFrom('licenses').select('id').where('studentId', '=', s.id).where('id', '!=', kept.get(s.id) ?? -1).orderBy('id').execute();
    if (spare.length >= 10) await db.deleteFrom('licenses').where('id', 'in', spare.slice(0, spare.length - 5).map((r) => r.id)).execute();
  };
  const newLicense = async (s: Student): Promise<number> => {
    await roomForLicenses(s);
    // a session of its own: the matrix may have logged the owner's setup session out
    return (await w.post(api.postLicenseAdd, { ...licenseForm, preset: 'tx-rdh' }, await w.session(s))).license.id;
  };
  /** one license per student for the reads and edits, made again if a request removed it */
  const licenseOf = async (s: Student): Promise<number> => {
    const id = kept.get(s.id);
    if (id && (await db.selectFrom('licenses').select('id').where('id', '=', id).executeTakeFirst())) return id;
    const made = await newLicense(s);
    kept.set(s.id, made);
    return made;
  };
  const reportedCourseOf = async (s: Student): Promise<number> => {
    const res = await inject(t, api.postReportedCourseAdd, { body: reportedCourse, file: SAMPLE.jpeg() }, await w.session(s));
    if (res.statusCode !== 200) throw new Error(`setup reported-course-add: ${res.statusCode} ${res.body}`);
    return JSON.parse(res.body).course.id;
  };
  const paged = (endpoint: Endpoint) => fixture(endpoint, (s) => ({ query: { s: s.hash, page: '0' } }));
  const mine = (endpoint: Endpoint) => fixture(endpoint, (s) => ({ query: { s: s.hash } }));

  return [
    // the account
    mine(api.getAccountHome),
    mine(api.getAccountItems),
    mine(api.getProfile),
    mine(api.getStudent),
    fixture(api.postHideAgdReminder, (s) => ({ body: { s: s.hash } })),
    fixture(api.postProfile, async (s) => {
      // the student's own identifying values kept, so the matrix's scan still looks for values only they have
      const row = await db.selectFrom('students').select(['email', 'phone', 'address']).where('id', '=', s.id).executeTakeFirstOrThrow();
      return { body: { ...profileForm('x', 'robin'), firstname: s.firstname, lastname: s.lastname, agdNumber: s.agdNumber, email: row.email, phone: row.phone, address: row.address, s: s.hash } };
    }),
    fixture(api.postRemoveConsent, (s) => ({ body: { h: s.hash } })),
    fixture(api.postSendCeReport, (s) => ({ body: { s: s.hash } })),
    only(404, fixture(api.postSendCert, (s) => ({ body: { s: s.hash, c: holdings(s).completed.hash } }))),

    // sponsors
    fixture(api.getMobileAd, (s) => ({ query: { s: s.hash, a: '1' } })),
    fixture(api.postAdEvent, (s) => ({ body: { s: s.hash, a: 1, e: 2 } })),
    fixture(api.postFeaturedContentClick, async (s) => {
      const featured = await db.selectFrom('featuredContent as f').innerJoin('classes as c', 'c.id', 'f.classId').select('c.hash').where('f.slotType', '=', VPAD_SLOT.FEATURED_CLASS).executeTakeFirstOrThrow();
      return { body: { s: s.hash, t: VPAD_SLOT.FEATURED_CLASS, h: featured.hash } };
    }),
    fixture(api.postMobileAdSubmit, async (s) => {
      // a sponsor gets the details only with consent (remove-consent's fixture withdraws it)
      await db.updateTable('students').set({ consentRemovedAt: null }).where('id', '=', s.id).execute();
      return { body: { s: s.hash, a: 1 } };
    }),

    // the catalogue
    fixture(api.getBlurb, () => ({ query: { code: 'terms' } })),
    mine(api.getBooks),
    mine(api.getHome),
    fixture(api.getOndemand, (s) => ({ query: { s: s.hash, page: '0', q: 'caries' } })),
    paged(api.getPodcasts),
    fixture(api.getSearch, (s) => ({ query: { s: s.hash, q: 'perio' } })),
    fixture(api.getSearchItems, () => ({})),
    paged(api.getTutorials),
    paged(api.getUpcoming),
    fixture(api.postBookResponse, async (s) => ({ body: { s: s.hash, h: (await db.selectFrom('ebooks').select('hash').orderBy('id').executeTakeFirstOrThrow()).hash } })),

    // certificates
    only(404, fixture(api.getCertificate, (s) => ({ query: { s: s.hash, c: holdings(s).completed.hash } }))),
    only(404, fixture(api.getCertificatePdf, (s) => ({ query: { s: s.hash, c: holdings(s).completed.hash, disposition: 'inline' } }))),
    fixture(
      api.getVerifyCertificate,
      async (s) => ({ query: { code: (await w.secrets(s)).certificateCodes[0]! } }),
      { why: "the certificate number is the auditor's check: it shows what the paper certificate prints", reveals: ['certificateCodes', 'name'] },
    ),

    // a class, seats and the live webinar
    fixture(api.getCalendar, (s) => ({ query: { type: 'ical', c: holdings(s).seat.hash } })),
    fixture(api.getCancelSeat, (s) => ({ query: q({ code: holdings(s).seat.code, s: s.hash }) }), { why: 'the cancel code from the e-mailed link is the credential of that seat', reveals: [] }),
    fixture(api.getClass, (s) => ({ query: { c: holdings(s).seat.hash, s: s.hash } })),
    fixture(api.postCancelSeat, async (s) => ({ body: { code: (await w.seat(s)).code, s: s.hash } }), { why: 'the cancel code from the e-mailed link is the credential of that seat', reveals: [] }),
    // no seat in the owner's webinar: no way in
    only(403, fixture(api.postClassStart, (s) => ({ body: { c: holdings(s).live.hash, s: s.hash } }))),
    fixture(api.postClassView, (s) => ({ body: { c: holdings(s).completed.hash, s: s.hash } })),
    fixture(api.postQueueAdd, (s) => ({ body: { c: holdings(s).failed.hash, s: s.hash } })),
    fixture(api.postRemoveQueue, async (s) => {
      const c = w.courses[2]!;
      await w.post(api.postQueueAdd, { c: c.hash }, s.cookie);
      t.clock.advance(1000);
      return { body: { c: c.hash, s: s.hash } };
    }),
    fixture(api.postReserveSeat, async (s) => ({ body: { c: (await w.webinar(5)).hash, s: s.hash } })),

    // the learning flow
    fixture(api.getExam, (s) => ({ query: { s: s.hash, c: holdings(s).completed.hash } })),
    fixture(api.getSurvey, (s) => ({ query: { s: s.hash, c: holdings(s).completed.hash } })),
    fixture(api.getSva, (s) => ({ query: { s: s.hash, c: holdings(s).completed.hash } })),
    fixture(api.postGradeExam, async (s) => {
      const c = holdings(s).failed;
      return { body: { s: s.hash, c: c.hash, a: await w.examAnswers(c, false), attemptKey: randomUUID() } };
    }),
    only(409, fixture(api.postSaveAffidavit, (s) => ({ body: { s: s.hash, c: holdings(s).attended.hash, attended: true } }))),
    fixture(api.postSaveEval, (s) => ({ body: { s: s.hash, c: holdings(s).failed.hash, a: evaluation } })),
    fixture(api.postSaveSurveyResponse, async (s) => {
      const c = holdings(s).completed;
      const res = await t.app.inject({ url: `/api/survey?c=${c.hash}`, headers: { cookie: s.cookie } });
      const survey = JSON.parse(res.body).data[0];
      const question = survey.questions.at(-1);
      return { body: { s: s.hash, c: c.hash, sh: survey.hash, q: question.hash, choices: [question.buttons[0].hash], sessionHash: survey.sessionHash, isLast: true } };
    }),
    fixture(api.postSaveSvaResponse, (s) => ({ body: { s: s.hash, c: holdings(s).completed.hash, v: holdings(s).completed.svaId, e: 2 } })),

    // my CE
    mine(api.getCompleted),
    paged(api.getCompletedPodcasts),
    paged(api.getCompletedWebinars),
    paged(api.getPending),
    paged(api.getQueue),
    mine(api.getSeats),
    paged(api.getTutorialHistory),

    // podcasts
    mine(api.getListening),
    fixture(api.getPodcast, (s) => ({ query: { p: w.episode.hash, s: s.hash } })),
    fixture(api.getPodcastShow, (s) => ({ query: { ps: w.show.hash, s: s.hash } })),
    fixture(api.postPodcastListen, (s) => ({ body: { p: w.episode.hash, s: s.hash, e: randomUUID(), ranges: [[60, 90]], position: 90 } })),
    fixture(api.postPodcastView, (s) => ({ body: { p: w.episode.hash, s: s.hash, e: randomUUID() } })),

    // sessions and accounts
    fixture(api.getValidateAgdNumber, (s) => ({ query: { s: s.hash, agdNumber: s.agdNumber } })),
    fixture(api.getValidateEmail, (s) => ({ query: { s: s.hash, email: s.email } })),
    fixture(api.getValidateUsername, (s) => ({ query: { s: s.hash, u: s.username } })),
    fixture(api.postLogin, (s) => ({ body: { u: s.username, p: PASSWORD } }), { why: 'the password is the credential', reveals: ['hash', 'email', 'name'] }),
    fixture(api.postLoginLink, async (s) => ({ body: { token: await issueToken(db, s.id, 'login', t.clock.now()) } }), { why: "the e-mailed link's token is the credential", reveals: ['hash', 'email', 'name'] }),
    fixture(api.postLogout, () => ({ body: {} })),
    {
      endpoint: api.postRecover,
      build: async (s) => ({ body: { u: s.username } }),
      changesOwnerRows: "anyone may ask for a reset link for any account (the answer is the same whether it exists); the link goes to the owner's address only",
    },
    fixture(api.postRegister, () => ({ body: registrationForm(randomBytes(4).toString('hex'), 'matrix') })),
    fixture(
      api.postResetPassword,
      async (s) => ({ body: { token: await issueToken(db, s.id, 'reset', t.clock.now()), password: PASSWORD, password2: PASSWORD } }),
      { why: "the e-mailed reset link's token is the credential", reveals: [] },
    ),

    // my license (issue 19): each request names the owner's own license, rule or course, so another student's is 404
    mine(api.getLicensePresets),
    mine(api.getLicenses),
    only(404, fixture(api.getLicense, async (s) => ({ query: { s: s.hash, id: String(await licenseOf(s)) } }))),
    fixture(api.postLicenseAdd, async (s) => {
      await roomForLicenses(s);
      return { body: { s: s.hash, ...licenseForm, preset: 'tx-rdh' } };
    }),
    only(404, fixture(api.postLicenseEdit, async (s) => ({ body: { s: s.hash, id: await licenseOf(s), ...licenseForm, number: 'RDH 20417' } }))),
    only(404, fixture(api.postLicenseRemove, async (s) => ({ body: { s: s.hash, id: await newLicense(s) } }))),
    only(404, fixture(api.postLicenseRuleSave, async (s) => ({ body: { s: s.hash, license: await newLicense(s), id: null, rule: { kind: 'topic', hours: 2, topic: 'infection-control' } } }))),
    only(404, fixture(api.postLicenseRuleRemove, async (s) => {
      const license = await newLicense(s);
      const view = await w.post(api.postLicenseRuleSave, { license, id: null, rule: { kind: 'topic', hours: 1, topic: 'child-abuse' } }, await w.session(s));
      return { body: { s: s.hash, license, id: view.rules.at(-1).id } };
    })),
    mine(api.getReportedCourses),
    fixture(api.postReportedCourseAdd, (s) => ({ body: { s: s.hash, ...reportedCourse }, file: SAMPLE.jpeg() })),
    only(404, fixture(api.postReportedCourseProofAdd, async (s) => ({ body: { s: s.hash, id: await reportedCourseOf(s) }, file: SAMPLE.png() }))),
    only(404, fixture(api.postReportedCourseRemove, async (s) => ({ body: { s: s.hash, id: await reportedCourseOf(s) } }))),
    only(404, fixture(api.getReportedCourseProof, async (s) => ({ query: { s: s.hash, id: String(await reportedCourseOf(s)) } }))),
    only(404, fixture(api.getLicenseTranscript, async (s) => ({ query: { s: s.hash, id: String(await licenseOf(s)) } }))),
    only(404, fixture(api.getLicenseAuditPack, async (s) => ({ query: { s: s.hash, id: String(await licenseOf(s)) } }))),

    // support and the rest
    fixture(api.getHealth, () => ({})),
    fixture(api.postPageView, () => ({ body: { path: '/ondemand' } })),
    fixture(api.postSupport, (s) => ({ body: { hash: s.hash, name: 'Jordan Rivera', office: 'Bright Dental', email: s.email, phone: '5125550142', subject: 'Other', comment: 'The player stops.' } })),
  ];
}

export const named = (ep: Endpoint) => `${ep.method} /api/${ep.path}`;

/** the endpoints of the contract with no fixture, and fixtures of no endpoint of the contract */
export function fixtureGaps(fixtures: Fixture[]): { missing: string[]; unknown: string[]; twice: string[] } {
  const seen = fixtures.map((f) => f.endpoint);
  return {
    missing: allEndpoints.filter((ep) => !seen.includes(ep)).map(named),
    unknown: seen.filter((ep) => !allEndpoints.includes(ep)).map(named),
    twice: seen.filter((ep, i) => seen.indexOf(ep) !== i).map(named),
  };
}

/** how a request travels: the query in the URL, the body as JSON; with a session's cookie and an Idempotency-Key when given */
export function inject(t: TestApp, ep: Endpoint, req: Request, cookie?: string, key?: string) {
  const search = new URLSearchParams(req.query ?? {}).toString();
  if (ep.upload) {
    // an upload (issue 19): the body as its `record` part, then the file
    const { payload, contentType } = uploadBody(ep, req.body ?? {}, req.file ?? null);
    return t.app.inject({ method: ep.method, url: `/api/${ep.path}${search ? `?${search}` : ''}`, headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}), ...(key ? { 'idempotency-key': key } : {}) }, payload });
  }
  return t.app.inject({
    method: ep.method,
    url: `/api/${ep.path}${search ? `?${search}` : ''}`,
    headers: { ...(ep.method === 'POST' ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}), ...(key ? { 'idempotency-key': key } : {}) },
    ...(ep.method === 'POST' ? { payload: JSON.stringify(req.body ?? {}) } : {}),
  });
}

/** every table with a student's rows (sessions aside: the tests make their own) */
export const STUDENT_TABLES = [
  'authTokens',
  'seats',
  'gradebook',
  'viewEvents',
  'queue',
  'podcastQueue',
  'listening',
  'listeningEvents',
  'examAttempts',
  'surveyResponses',
  'svaResponses',
  'evaluations',
  'certificates',
  'adEvents',
  'adLeads',
  'featuredClicks',
  'ebookDownloads',
  'supportMessages',
  'emailOutbox',
  'pageViews',
  'idempotencyKeys',
  'licenses',
  'reportedCourses',
] as const satisfies readonly (keyof DB)[];

/**
 * A table's rows (only the student's, when one is named) as sorted JSON lines, for a before-and-after comparison.
 * The seat and license reminder jobs run on a real-time timer beside the requests: what they write (a seat's
 * reminded times, a reminder mail) is left out, so a slow run never sees it as a request's doing.
 */
export async function tableRows(t: TestApp, table: keyof DB, studentId?: number): Promise<string> {
  const db = t.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const rows = await (studentId === undefined ? db.selectFrom(table).selectAll() : db.selectFrom(table).selectAll().where('studentId', '=', studentId)).execute();
  return rows
    .filter((r) => !(table === 'emailOutbox' && (r.kind === 'reminder' || r.kind === 'license-reminder')))
    .map(({ reminded24hAt: _a, reminded1hAt: _b, ...r }) => JSON.stringify(r))
    .sort()
    .join('\n');
}
