// Issue 21, "every write safe to repeat", proved for every write of the contract (docs/decisions/0020-idempotency.md):
// each non-GET endpoint has a fixture below (the state it needs and a valid request) and is sent twice with one
// Idempotency-Key. The repeat answers the first answer byte for byte, says Idempotent-Replayed, and changes
// nothing in the database. The endpoints whose answer opens or ends a session are exempt by design (their
// cookie is never kept); what a repeat of each does instead is asserted here too. A write endpoint with neither
// a fixture nor an exemption fails the first test, by name.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, allEndpoints } from '#shared/api/index';
import type { BodyOf, Endpoint } from '#shared/api/endpoint';
import { IDEMPOTENCY_KEY_OTHER_BODY } from '#shared/api/idempotency';
import { VPAD_SLOT } from '#shared/domain/constants';
import { EMAIL_TAKEN, USERNAME_TAKEN } from '#shared/domain/registration';
import { LINK_INVALID } from '../modules/auth/auth.routes.ts';
import { SESSION_REPLAY_MS } from './idempotency.ts';
import { issueToken } from '../modules/auth/tokens.ts';
import { seatService } from '../modules/seats/seats.service.ts';
import { buildWorld, evaluation, inject, named, PASSWORD, STUDENT_TABLES, tableRows, type Student, type World } from '../contract-fixtures.test-support.ts';
import { buildTestApp, json, profileForm, registrationForm, type TestApp } from '../test-support.ts';
import { SAMPLE, type TestFile } from '../modules/license/multipart.test-support.ts';

let t: TestApp;
/** students, webinars and the learning flow's steps, shared with the authorization matrix and the bad-input test */
let world: World;
const db = () => t.database.db;
/** the demo pack's on-demand class with an exam, a sponsored video and a survey: the whole learning flow */
let course: { id: number; hash: string; svaId: number };
let episode: { id: number; hash: string };
/** a second webinar open for reservations: the "other body" of a reservation */
let spare: { id: number; hash: string };

beforeAll(async () => {
  t = await buildTestApp();
  world = await buildWorld(t);
  course = world.courses[0]!;
  episode = world.episode;
  spare = await world.webinar(5);
});
afterAll(async () => t?.close());

// ---- sending -------------------------------------------------------------------------------------------------

/** an upload's file (`file`) goes as its multipart part, with the body as its record */
const send = (ep: Endpoint, body: object, opts: { cookie?: string | undefined; key?: string; file?: TestFile | undefined } = {}) =>
  inject(t, ep, { body: body as Record<string, unknown>, ...(opts.file ? { file: opts.file } : {}) }, opts.cookie, opts.key);
/** a setup step, sent without a key: it must succeed */
async function ok<E extends Endpoint>(ep: E, body: BodyOf<E>, cookie?: string) {
  const res = await send(ep, body as object, { cookie });
  expect(res.statusCode, `setup ${ep.path}: ${res.body}`).toBe(200);
  return json(res);
}
const replayed = (res: { headers: Record<string, unknown> }) => res.headers['idempotent-replayed'] === 'true';
/** answers kept under keys for this call: none for a call whose answer sets a cookie */
const keptFor = async (ep: Endpoint) => (await db().selectFrom('idempotencyKeys').select('id').where('request', '=', `${ep.method} ${ep.path}`).execute()).length;

// ---- the database, before and after ------------------------------------------------------------------------

/** every table a write of the contract may change (content tables only for classes.seats_taken); the answers kept
 * under keys are what a replay reads, counted apart (keptFor) */
const WATCHED = ['students', 'sessions', 'loginAttempts', 'classes', 'certificateAccreditations', ...STUDENT_TABLES.filter((x) => x !== 'idempotencyKeys')] as const;
type Table = (typeof WATCHED)[number];

/** every row of every watched table (the reminder job's writes left out: tableRows) */
async function snapshot(): Promise<Record<Table, string>> {
  const out = {} as Record<Table, string>;
  for (const table of WATCHED) out[table] = await tableRows(t, table);
  return out;
}
const changed = (a: Record<Table, string>, b: Record<Table, string>) => WATCHED.filter((table) => a[table] !== b[table]);

// ---- state the fixtures build on ---------------------------------------------------------------------------

const NEW_PASSWORD = 'Changed.456';

/** a fresh student with a live session and a password (PASSWORD) */
const student = (prefix: string) => world.student(prefix);
/** a new live webinar of `capacity` seats starting in two days (no reminder due yet) */
const webinar = (capacity: number) => world.webinar(capacity);
const cancelCodeOf = async (classId: number, studentId: number) =>
  (await db().selectFrom('seats').select('cancelCode').where('classId', '=', classId).where('studentId', '=', studentId).orderBy('id', 'desc').executeTakeFirstOrThrow()).cancelCode;
/** the class viewed and its evaluation taken: the sponsored video, the survey and the exam are open */
const evaluated = (s: Student) => world.evaluated(s, course);
/** the class's exam answers: all right, or all wrong */
const examAnswers = (right: boolean) => world.examAnswers(course, right);

// ---- the fixtures: every write of the contract --------------------------------------------------------------

interface Request {
  cookie?: string;
  body: object;
  /** an upload's file */
  file?: TestFile;
}
interface Fixture {
  endpoint: Endpoint;
  what: string;
  /** tables where the first request's effect shows (asserted, so a fixture cannot pass by doing nothing) */
  changes: Table[];
  /** builds the state and the valid request */
  setup: () => Promise<Request>;
  /** another valid body: sent under the same key it is 422, and applies nothing */
  otherBody?: (body: any) => object;
}
const write = <E extends Endpoint>(
  endpoint: E,
  what: string,
  changes: Table[],
  setup: () => Promise<{ cookie?: string; body: BodyOf<E>; file?: TestFile }>,
  otherBody?: (body: BodyOf<E>) => BodyOf<E>,
): Fixture => ({ endpoint, what, changes, setup: setup as () => Promise<Request>, ...(otherBody ? { otherBody } : {}) });
const as = async (prefix: string) => (await student(prefix)).cookie;
const licenseForm = { jurisdiction: 'Texas', licenseType: 'RDH' as const, number: null, renewalDate: '2027-03-31', cycleYears: 2, preset: 'tx-rdh' };
const reportedCourse = { title: 'BLS for Healthcare Providers', provider: 'Red Cross', date: '2026-10-01', hours: 4, format: 'live' as const, topics: ['cpr-bls' as const], otherTopics: [], agdCode: null };

const fixtures: Fixture[] = [
  // seats
  write(api.postReserveSeat, 'a free seat', ['seats', 'classes', 'emailOutbox'], async () => ({ cookie: await as('reserve'), body: { c: (await webinar(5)).hash } }), (b) => ({ ...b, c: spare.hash })),
  write(api.postReserveSeat, 'a place on the waitlist of a full webinar', ['seats', 'emailOutbox'], async () => {
    const w = await webinar(1);
    await ok(api.postReserveSeat, { c: w.hash }, await as('reserve-first'));
    return { cookie: await as('reserve-wait'), body: { c: w.hash } };
  }),
  write(api.postCancelSeat, 'a seat released from the e-mailed link, without a session: it comes free', ['seats', 'classes'], async () => {
    const s = await student('release');
    const w = await webinar(5);
    await ok(api.postReserveSeat, { c: w.hash }, s.cookie);
    return { body: { code: await cancelCodeOf(w.id, s.id) } };
  }),
  write(api.postCancelSeat, 'a seat released: it passes to the head of the waitlist, who is mailed', ['seats', 'emailOutbox'], async () => {
    const [s, next] = [await student('release-held'), await student('release-next')];
    const w = await webinar(1);
    await ok(api.postReserveSeat, { c: w.hash }, s.cookie);
    expect((await ok(api.postReserveSeat, { c: w.hash }, next.cookie)).isWaiting).toBe(true);
    return { cookie: s.cookie, body: { code: await cancelCodeOf(w.id, s.id) } };
  }),
  write(api.postClassStart, 'entering a webinar under way', ['gradebook'], async () => {
    const s = await student('start');
    return { cookie: s.cookie, body: { c: (await world.seatedInLiveWebinar(s)).hash } };
  }),
  write(api.postSaveAffidavit, 'the attendance affidavit', ['gradebook'], async () => {
    const s = await student('affidavit');
    const live = await world.seatedInLiveWebinar(s);
    await ok(api.postClassStart, { c: live.hash }, s.cookie);
    await world.ended(live);
    return { cookie: s.cookie, body: { c: live.hash, attended: true } };
  }),

  // the learning flow
  write(api.postClassView, 'a class view', ['gradebook', 'viewEvents'], async () => ({ cookie: await as('view'), body: { c: course.hash } })),
  write(api.postSaveEval, 'the evaluation', ['evaluations', 'gradebook'], async () => {
    const cookie = await as('eval');
    await ok(api.postClassView, { c: course.hash }, cookie);
    return { cookie, body: { c: course.hash, a: evaluation } };
  }),
  write(api.postSaveSvaResponse, "the sponsor's offer answered", ['svaResponses', 'gradebook'], async () => {
    const s = await student('sva');
    await evaluated(s);
    return { cookie: s.cookie, body: { c: course.hash, v: course.svaId, e: 2 as const } };
  }),
  write(api.postSaveSurveyResponse, 'a survey answer', ['surveyResponses', 'gradebook'], async () => {
    const s = await student('survey');
    await evaluated(s);
    const res = await t.app.inject({ url: `/api/survey?c=${course.hash}`, headers: { cookie: s.cookie } });
    const survey = json(res).data[0];
    // the last question: its answer also marks the survey done
    const question = survey.questions.at(-1);
    return { cookie: s.cookie, body: { c: course.hash, sh: survey.hash, q: question.hash, choices: [question.buttons[0].hash], sessionHash: survey.sessionHash, isLast: true } };
  }),
  write(
    api.postGradeExam,
    'an exam submitted and passed',
    ['examAttempts', 'gradebook', 'certificates'],
    async () => {
      const s = await student('exam');
      await evaluated(s);
      return { cookie: s.cookie, body: { c: course.hash, a: await examAnswers(true), attemptKey: randomUUID() } };
    },
    (b) => ({ ...b, a: b.a.map((x) => ({ ...x, option: (x.option % 4) + 1 })) }),
  ),
  write(api.postSendCert, 'a certificate e-mailed', ['emailOutbox'], async () => {
    const s = await student('cert');
    await evaluated(s);
    await ok(api.postGradeExam, { c: course.hash, a: await examAnswers(true), attemptKey: randomUUID() }, s.cookie);
    return { cookie: s.cookie, body: { c: course.hash } };
  }),

  // Watch Later, plays and listening
  write(api.postQueueAdd, 'a class added to Watch Later', ['queue'], async () => ({ cookie: await as('queue-add'), body: { c: course.hash } })),
  write(api.postQueueAdd, 'an episode added to Watch Later', ['podcastQueue'], async () => ({ cookie: await as('queue-add-p'), body: { p: episode.hash } })),
  write(api.postRemoveQueue, 'a class taken off Watch Later', ['queue'], async () => {
    const cookie = await as('queue-remove');
    await ok(api.postQueueAdd, { c: course.hash }, cookie);
    t.clock.advance(1000);
    return { cookie, body: { c: course.hash } };
  }),
  write(api.postPodcastView, 'a play without an event id (the one that counts each call)', ['viewEvents', 'gradebook'], async () => ({ cookie: await as('play'), body: { p: episode.hash } })),
  write(api.postPodcastListen, 'a batch of heard ranges', ['listening', 'listeningEvents'], async () => ({
    cookie: await as('listen'),
    body: { p: episode.hash, e: randomUUID(), ranges: [[0, 30] as [number, number]], position: 30 },
  })),

  // the account
  write(api.postProfile, 'the profile changed', ['students'], async () => {
    const s = await student('profile');
    return { cookie: s.cookie, body: { ...profileForm('x', 'robin'), email: s.email } };
  }),
  write(api.postProfile, 'the e-mail address changed, with the password', ['students', 'emailOutbox'], async () => {
    const s = await student('email');
    return { cookie: s.cookie, body: { ...profileForm(randomBytes(4).toString('hex')), currentPassword: PASSWORD } };
  }),
  write(api.postProfile, 'the password changed', ['students', 'emailOutbox'], async () => ({
    cookie: (await student('password')).cookie,
    body: { password: NEW_PASSWORD, password2: NEW_PASSWORD, currentPassword: PASSWORD },
  })),
  write(api.postHideAgdReminder, 'the AGD reminder hidden', ['students'], async () => ({ cookie: await as('agd'), body: {} })),
  write(api.postRemoveConsent, 'GDPR: consent withdrawn', ['students'], async () => {
    const s = await student('gdpr');
    return { cookie: s.cookie, body: { h: s.hash } };
  }),
  // a student with a course passed: with none there is no report to send (decision 0046)
  write(api.postSendCeReport, 'the Proof of CE report e-mailed', ['emailOutbox'], async () => {
    const s = await student('report');
    await world.completed(s, course);
    return { cookie: s.cookie, body: {} };
  }),
  write(api.postRecover, 'a recovery link asked for', ['authTokens', 'emailOutbox'], async () => ({ body: { u: (await student('recover')).username } })),
  write(api.postResetPassword, 'a new password set by a reset link', ['students', 'authTokens', 'emailOutbox'], async () => {
    const s = await student('reset');
    return { body: { token: await issueToken(db(), s.id, 'reset', t.clock.now()), password: NEW_PASSWORD, password2: NEW_PASSWORD } };
  }),

  // sponsors, e-books, support, page views
  write(api.postMobileAdSubmit, "a sponsor's offer asked for", ['adLeads'], async () => ({ cookie: await as('lead'), body: { a: 1 } })),
  write(api.postAdEvent, 'a banner click, without a session', ['adEvents'], async () => ({ body: { a: 1, e: 2 as const } })),
  write(api.postFeaturedContentClick, 'a featured class clicked', ['featuredClicks'], async () => {
    const featured = await db().selectFrom('featuredContent as f').innerJoin('classes as c', 'c.id', 'f.classId').select('c.hash').where('f.slotType', '=', VPAD_SLOT.FEATURED_CLASS).executeTakeFirstOrThrow();
    return { cookie: await as('featured'), body: { t: VPAD_SLOT.FEATURED_CLASS, h: featured.hash } };
  }),
  write(api.postBookResponse, 'an e-book download', ['ebookDownloads'], async () => {
    const book = await db().selectFrom('ebooks').select('hash').orderBy('id').executeTakeFirstOrThrow();
    return { cookie: await as('book'), body: { h: book.hash } };
  }),
  write(api.postSupport, 'a support message', ['supportMessages', 'emailOutbox'], async () => {
    const s = await student('support');
    return { cookie: s.cookie, body: { hash: s.hash, name: 'Jordan Rivera', office: 'Bright Dental', email: s.email, phone: '5125550142', subject: 'Other', comment: 'The player stops.' } };
  }),
  write(api.postPageView, 'a page view, without a session', ['pageViews'], async () => ({ body: { path: '/ondemand' } })),

  // my license (issue 19): a license's rules show in its updatedAt; a reported course is sent as its multipart record
  write(api.postLicenseAdd, 'a license from a preset, its rules copied', ['licenses'], async () => ({ cookie: await as('license-add'), body: licenseForm }), (b) => ({ ...b, number: 'RDH 2' })),
  write(api.postLicenseEdit, 'a license changed', ['licenses'], async () => {
    const cookie = await as('license-edit');
    return { cookie, body: { id: (await ok(api.postLicenseAdd, licenseForm, cookie)).license.id, ...licenseForm, number: 'RDH 3' } };
  }),
  write(api.postLicenseRemove, 'a license removed', ['licenses'], async () => {
    const cookie = await as('license-remove');
    return { cookie, body: { id: (await ok(api.postLicenseAdd, licenseForm, cookie)).license.id } };
  }),
  write(api.postLicenseRuleSave, 'a rule added to a license', ['licenses'], async () => {
    const cookie = await as('rule-save');
    const license = (await ok(api.postLicenseAdd, licenseForm, cookie)).license.id;
    // later than the license's own time, so the rule's change shows in it
    t.clock.advance(1000);
    return { cookie, body: { license, id: null, rule: { kind: 'topic' as const, hours: 2, topic: 'infection-control' as const } } };
  }),
  write(api.postLicenseRuleRemove, "a preset's rule removed from a license", ['licenses'], async () => {
    const cookie = await as('rule-remove');
    const view = await ok(api.postLicenseAdd, licenseForm, cookie);
    t.clock.advance(1000);
    return { cookie, body: { license: view.license.id, id: view.rules[0].id } };
  }),
  write(api.postReportedCourseAdd, 'a course taken elsewhere', ['reportedCourses'], async () => ({ cookie: await as('course-add'), body: reportedCourse }), (b) => ({ ...b, hours: 3 })),
  write(api.postReportedCourseProofAdd, 'the proof of a course taken elsewhere, added later', ['reportedCourses'], async () => {
    const cookie = await as('course-proof');
    return { cookie, body: { id: (await ok(api.postReportedCourseAdd, reportedCourse, cookie)).course.id }, file: SAMPLE.png() };
  }),
  write(api.postReportedCourseRemove, 'a course taken elsewhere removed', ['reportedCourses'], async () => {
    const cookie = await as('course-remove');
    return { cookie, body: { id: (await ok(api.postReportedCourseAdd, reportedCourse, cookie)).course.id } };
  }),
];

// ---- exempt by design: the answer opens or ends a session ----------------------------------------------------

interface Exemption {
  endpoint: Endpoint;
  why: string;
  /** builds the state and the request, and what to assert once it has been sent twice with one key */
  setup: () => Promise<Request & { check: (first: Answer, again: Answer) => Promise<void> }>;
}
type Answer = Awaited<ReturnType<typeof send>>;
const sessionsOf = async (studentId: number) => (await db().selectFrom('sessions').select('id').where('studentId', '=', studentId).execute()).length;

const exemptions: Exemption[] = [
  {
    endpoint: api.postLogout,
    why: 'its answer clears the session cookie, never kept: a second logout is harmless',
    async setup() {
      const s = await student('logout');
      return {
        cookie: s.cookie,
        body: {},
        check: async (first, again) => {
          for (const res of [first, again]) {
            expect([res.statusCode, json(res)]).toEqual([200, { status: true }]);
            expect(String(res.headers['set-cookie'])).toMatch(/^sid=;.*Max-Age=0/);
          }
          expect(await sessionsOf(s.id)).toBe(0);
        },
      };
    },
  },
];

/**
 * The calls whose answer opens a session (decision 0039): the cookie is never kept, the student it was opened for
 * is. Their repeat, as a client sends it when the first answer was lost (no cookie came), answers the first
 * answer with a session of its own and applies nothing else; past SESSION_REPLAY_MS the call runs again.
 */
interface SessionOpener {
  endpoint: Endpoint;
  what: string;
  /** the request, the student it logs in (found once the first has run) and what a run past the window answers */
  setup: () => Promise<{ body: object; studentId: () => Promise<number>; late: (res: Answer) => void }>;
}
const sessionOpeners: SessionOpener[] = [
  {
    endpoint: api.postLogin,
    what: 'a login',
    async setup() {
      const s = await student('login');
      return { body: { u: s.username, p: PASSWORD }, studentId: async () => s.id, late: (res) => expect([res.statusCode, replayed(res)]).toEqual([200, false]) };
    },
  },
  {
    endpoint: api.postLoginLink,
    what: 'a login link, which is single-use',
    async setup() {
      const s = await student('link');
      return {
        body: { token: await issueToken(db(), s.id, 'login', t.clock.now()) },
        studentId: async () => s.id,
        late: (res) => expect([res.statusCode, json(res)]).toEqual([401, { status: false, errorMsg: LINK_INVALID }]),
      };
    },
  },
  {
    endpoint: api.postRegister,
    what: 'a registration',
    async setup() {
      const form = registrationForm(randomBytes(4).toString('hex'), 'idem');
      return {
        body: form,
        studentId: async () => (await db().selectFrom('students').select('id').where('username', '=', form.username).executeTakeFirstOrThrow()).id,
        late: (res) => {
          expect(res.statusCode).toBe(400);
          expect(json(res).errors).toMatchObject({ username: USERNAME_TAKEN, email: EMAIL_TAKEN });
        },
      };
    },
  },
];
const whoIs = async (cookie: string) => json(await t.app.inject({ url: '/api/student', headers: { cookie } }));
const cookieOf = (res: Answer) => String(res.headers['set-cookie']).split(';')[0]!;

// ---- the tests ---------------------------------------------------------------------------------------------

describe('every write of the contract is safe to repeat (issue 21)', () => {
  it('every write endpoint of the contract has a fixture or an exemption, and none has both', () => {
    const writes = allEndpoints.filter((ep) => ep.method !== 'GET');
    const fixed = new Set(fixtures.map((f) => f.endpoint));
    const exempt = new Set([...exemptions, ...sessionOpeners].map((e) => e.endpoint));
    const missing = writes.filter((ep) => !fixed.has(ep) && !exempt.has(ep)).map(named);
    expect(missing, 'write endpoints with no fixture: add one to `fixtures` (or, with a reason, to `exemptions`)').toEqual([]);
    expect(writes.filter((ep) => fixed.has(ep) && exempt.has(ep)).map(named)).toEqual([]);
    expect([...fixed, ...exempt].filter((ep) => !writes.includes(ep)).map(named)).toEqual([]);
  });

  for (const f of fixtures) {
    it(`${named(f.endpoint)}, ${f.what}: the repeat answers the first answer and applies nothing`, async () => {
      const { cookie, body, file } = await f.setup();
      const key = randomUUID();
      const before = await snapshot();
      const first = await send(f.endpoint, body, { cookie, key, file });
      expect(first.statusCode, first.body).toBe(200);
      expect(replayed(first)).toBe(false);
      const once = await snapshot();
      expect(changed(before, once)).toEqual(expect.arrayContaining(f.changes));

      // a second run would stamp a later time on what it touched
      t.clock.advance(1000);
      const again = await send(f.endpoint, body, { cookie, key, file });
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.body).toBe(first.body);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(replayed(again)).toBe(true);
      expect(changed(once, await snapshot()), 'tables changed by the repeat').toEqual([]);
    });
  }

  for (const e of exemptions) {
    it(`${named(e.endpoint)} is exempt: ${e.why}`, async () => {
      const { cookie, body, check } = await e.setup();
      const key = randomUUID();
      const kept = await keptFor(e.endpoint);
      const first = await send(e.endpoint, body, { cookie, key });
      // why it is exempt: the answer carries a cookie, so the plugin keeps nothing and the repeat runs again
      expect(String(first.headers['set-cookie'])).toMatch(/^sid=/);
      expect(await keptFor(e.endpoint)).toBe(kept);
      const again = await send(e.endpoint, body, { cookie, key });
      expect(replayed(again)).toBe(false);
      await check(first, again);
    });
  }

  for (const o of sessionOpeners) {
    it(`${named(o.endpoint)}, ${o.what}: its repeat after a lost answer opens a session for the same student and applies nothing else; past the window it runs again`, async () => {
      const { body, studentId, late } = await o.setup();
      const key = randomUUID();
      const first = await send(o.endpoint, body, { key });
      expect(first.statusCode, first.body).toBe(200);
      const id = await studentId();
      const once = await snapshot();

      // the answer never came: no cookie on the repeat, the same key and body
      t.clock.advance(1000);
      const again = await send(o.endpoint, body, { key });
      expect([again.statusCode, again.body, replayed(again)]).toEqual([200, first.body, true]);
      // a session of its own (the first one's cookie is never kept), for the student the first run logged in
      expect(cookieOf(again)).toMatch(/^sid=.{20,}/);
      expect(cookieOf(again)).not.toBe(cookieOf(first));
      const username = (await db().selectFrom('students').select('username').where('id', '=', id).executeTakeFirstOrThrow()).username;
      expect((await whoIs(cookieOf(again))).student).toMatchObject({ username });
      expect(changed(once, await snapshot()), 'tables changed by the repeat, apart from its session').toEqual(['sessions']);

      // the answer's headers came (its cookie) and its body did not: the repeat with that cookie is answered the same
      const withCookie = await send(o.endpoint, body, { key, cookie: cookieOf(again) });
      expect([withCookie.statusCode, withCookie.body, replayed(withCookie)]).toEqual([200, first.body, true]);
      expect((await whoIs(cookieOf(withCookie))).student).toMatchObject({ username });

      // the same key with another body opens nothing
      const other = await send(o.endpoint, { ...body, ...('p' in body ? { p: 'Wrong.789' } : 'token' in body ? { token: 'x'.repeat(40) } : { firstname: 'Other' }) }, { key });
      expect([other.statusCode, json(other)]).toEqual([422, { status: false, errorMsg: IDEMPOTENCY_KEY_OTHER_BODY }]);
      expect(other.headers['set-cookie']).toBeUndefined();

      // long after, the repeat is a new call
      t.clock.advance(SESSION_REPLAY_MS);
      late(await send(o.endpoint, body, { key }));
    });
  }

  for (const f of fixtures.filter((x) => x.otherBody)) {
    it(`${named(f.endpoint)}: the same key with another body is 422 and applies nothing; the first body still replays`, async () => {
      const { cookie, body, file } = await f.setup();
      const key = randomUUID();
      const first = await send(f.endpoint, body, { cookie, key, file });
      expect(first.statusCode, first.body).toBe(200);
      const once = await snapshot();
      const other = await send(f.endpoint, f.otherBody!(body), { cookie, key, file });
      expect(other.statusCode).toBe(422);
      expect(json(other)).toEqual({ status: false, errorMsg: IDEMPOTENCY_KEY_OTHER_BODY });
      expect(changed(once, await snapshot())).toEqual([]);
      const again = await send(f.endpoint, body, { cookie, key, file });
      expect([again.statusCode, again.body, replayed(again)]).toEqual([200, first.body, true]);
    });
  }

  it('releasing a seat already released by its code, without a key, answers success and changes nothing', async () => {
    const [s, next] = [await student('release-twice'), await student('release-twice-next')];
    const w = await webinar(1);
    await ok(api.postReserveSeat, { c: w.hash }, s.cookie);
    await ok(api.postReserveSeat, { c: w.hash }, next.cookie);
    const code = await cancelCodeOf(w.id, s.id);
    expect(await ok(api.postCancelSeat, { code }, s.cookie)).toEqual({ status: true });
    const released = await snapshot();

    // the second tap, or a retry whose first answer was lost
    const again = await send(api.postCancelSeat, { code }, { cookie: s.cookie });
    expect([again.statusCode, json(again)]).toEqual([200, { status: true }]);
    expect(changed(released, await snapshot())).toEqual([]);
    // the service says why: it was released before (and the seat it freed is not handed on twice)
    expect(await seatService(db(), { now: t.clock.now }).cancel(code)).toEqual({ classId: w.id, was: 'cancelled', promotedSeatId: null });
    const seen = await t.app.inject({ url: `/api/cancel-seat?code=${code}` });
    expect(json(seen).data).toEqual([expect.objectContaining({ hash: w.hash, status: 'cancelled' })]);
  });
});
