// One class: its page data, watch-later, seats and the live-webinar calls (spec §7).
import * as v from 'valibot';
import { COURSE_STEPS } from '../domain/course-steps.ts';
import { endpoint } from './endpoint.ts';
import { Hash, Iso, Ok, S, TimeZone } from './common.ts';

export const ClassDetail = v.object({
  classId: v.number(),
  hash: v.string(),
  className: v.string(),
  /** the speaker's name (spec field "name") */
  name: v.string(),
  speakerCredentials: v.nullable(v.string()),
  description: v.string(),
  photo: v.string(),
  companyName: v.nullable(v.string()),
  credits: v.number(),
  creditName: v.string(),
  ceTypeId: v.number(),
  releaseDate: Iso,
  releaseDateUTC: Iso,
  typeId: v.number(),
  youtubeUrl: v.nullable(v.string()),
  /** a self-hosted video (decisions.md, Videos) */
  videoFile: v.nullable(v.string()),
  pdfClassFile: v.nullable(v.string()),
  meetingReady: v.boolean(),
  isTutorial: v.boolean(),
  canShowExam: v.boolean(),
  durationMin: v.number(),
  agdCode: v.nullable(v.string()),
  agdCategory: v.nullable(v.string()),
  learningObjectives: v.array(v.string()),
  capacity: v.nullable(v.number()),
  /**
   * what the class asks of a student from the view to the exam, in order; none for a class without an exam. Optional
   * so a classroom kept on a device before it was added still reads (restore-queries drops what does not)
   */
  steps: v.optional(v.array(v.picklist(COURSE_STEPS)), []),
  // what a student's classroom counts for each request comes last, after all it shares with every caller: its text
  // is then the kept answer's up to here, sent compressed once (docs/decisions/0053)
  /** the server's clock, so countdowns use server time */
  serverTime: Iso,
  /** the meeting code goes only to a student holding a seat; others see meetingReady */
  zoomCode: v.nullable(v.string()),
  seatsLeft: v.nullable(v.number()),
});
export type ClassDetail = v.InferOutput<typeof ClassDetail>;

/** spec §3 "Student data for a class"; null for an anonymous visitor */
export const StudentClassData = v.object({
  status: v.boolean(),
  examDate: v.nullable(Iso),
  examScore: v.nullable(v.number()),
  examTaken: v.boolean(),
  evalTaken: v.boolean(),
  credits: v.nullable(v.number()),
  ceTypeId: v.nullable(v.number()),
  classViewCount: v.number(),
  studentStarted: v.boolean(),
  studentEnded: v.boolean(),
  /** a live webinar's affidavit: true attended, false did not ('Live credit requires attending the webinar.'), null not answered */
  attended: v.nullable(v.boolean()),
  /** watch-later queue id, 0 when not queued */
  inqueue: v.number(),
  gradebookId: v.number(),
  /** the seat id, 0 without one */
  attendeeId: v.number(),
  isReserved: v.boolean(),
  isWaiting: v.boolean(),
  hasSeat: v.boolean(),
  cancelCode: v.nullable(v.string()),
  agdNumber: v.nullable(v.string()),
  hideAgdReminder: v.boolean(),
});
export type StudentClassData = v.InferOutput<typeof StudentClassData>;

export const getClass = endpoint({
  method: 'GET',
  path: 'class',
  access: 'optional',
  query: v.object({ c: Hash, s: S }),
  response: v.object({ status: v.boolean(), classObj: ClassDetail, studentData: v.nullable(StudentClassData) }),
});

const ClassRef = v.object({ c: Hash, s: S });

/** 2020-01-01 and 2100-01-01: a time outside is a broken clock or a number in seconds, not a moment of use */
export const ACTION_TIME_MIN = 1_577_836_800_000;
export const ACTION_TIME_MAX = 4_102_444_800_000;
/**
 * when the student did it on the device, in milliseconds since 1970 (Date.now()): an action that waited in the
 * outbox is judged by it, so the last one done wins, not the last one to arrive (docs/decisions/0020-idempotency.md)
 */
export const ActionTime = v.pipe(
  v.number('must be a time in milliseconds'),
  v.integer('must be a whole number of milliseconds'),
  v.minValue(ACTION_TIME_MIN, 'must be a time in milliseconds since 1970, after 2020'),
  v.maxValue(ACTION_TIME_MAX, 'must be a time in milliseconds since 1970, before 2100'),
);

/**
 * what Watch Later takes: a class (c) or, beyond the spec, a podcast episode (p) (decisions.md "Podcast episodes in
 * Watch Later"); exactly one of them. `at`: when it was done on the device (last writer wins; the server's now without it)
 */
const QueueRef = v.pipe(
  v.object({ c: v.optional(Hash), p: v.optional(Hash), at: v.optional(ActionTime), s: S }),
  v.forward(
    v.check((r) => (r.c === undefined) !== (r.p === undefined), 'c (a class) or p (a podcast episode) is required, not both'),
    ['c'],
  ),
);

/**
 * queueId: the item's Watch Later id as it now stands, 0 when it is not on the list: an add done before a removal
 * that already arrived succeeds and changes nothing, and says 0
 */
export const postQueueAdd = endpoint({ method: 'POST', path: 'queue-add', access: 'student', body: QueueRef, response: v.object({ status: v.boolean(), queueId: v.number() }) });
const Removed = v.object({ status: v.boolean(), hash: v.string() });
/**
 * answers classObj for a class (spec §7), podcastObj for an episode, and queueId as queue-add does: 0 once off the
 * list, the id when an add done later is already recorded (the removal changed nothing)
 */
export const postRemoveQueue = endpoint({
  method: 'POST',
  path: 'remove-queue',
  access: 'student',
  body: QueueRef,
  response: v.object({ status: v.boolean(), classObj: v.optional(Removed), podcastObj: v.optional(Removed), queueId: v.optional(v.number()) }),
});

/** an IANA time zone as a device names it (Intl's resolvedOptions), such as America/Chicago: whatever a device says
 * is taken (a reservation is never refused for it), and the server keeps only one Intl knows */
export const postReserveSeat = endpoint({
  method: 'POST',
  path: 'reserve-seat',
  access: 'student',
  /** tz: the device's time zone, for the e-mails' times (decision 0041); one the server does not know is left out */
  body: v.object({ ...ClassRef.entries, tz: v.optional(TimeZone) }),
  response: v.object({ status: v.boolean(), attendeeId: v.number(), isWaiting: v.boolean() }),
});

const CancelCode = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'code must be a cancel code'));
/** the seat a cancel code names (shape not shown in the spec) */
export const getCancelSeat = endpoint({
  method: 'GET',
  path: 'cancel-seat',
  access: 'public',
  query: v.object({ code: CancelCode, s: S }),
  response: v.object({
    status: v.boolean(),
    data: v.array(
      v.object({ hash: v.string(), className: v.string(), speakerName: v.string(), releaseDateUTC: Iso, status: v.picklist(['reserved', 'waiting', 'cancelled']) }),
    ),
  }),
});
export const postCancelSeat = endpoint({ method: 'POST', path: 'cancel-seat', access: 'public', body: v.object({ code: CancelCode, s: S }), response: Ok });

export const postClassStart = endpoint({
  method: 'POST',
  path: 'class-start',
  access: 'student',
  body: ClassRef,
  response: v.object({ status: v.boolean(), attendeeId: v.number(), gradebookId: v.number(), meetingUrl: v.string() }),
});
export const postClassView = endpoint({ method: 'POST', path: 'class-view', access: 'student', body: ClassRef, response: v.object({ status: v.boolean(), gradebookId: v.number() }) });

/** decisions.md: GET /api/calendar?type=ical&c={classHash} answers text/calendar */
export const getCalendar = endpoint({
  method: 'GET',
  path: 'calendar',
  access: 'public',
  contentType: 'text/calendar',
  query: v.object({ type: v.literal('ical', 'type must be ical'), c: Hash }),
  response: v.string(),
});
