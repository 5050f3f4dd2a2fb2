// The course gate (decisions.md "The course gate is the server's"): whether a student may take a step of a
// class or podcast episode (view, start, attendance, evaluation, sponsored video, survey, exam), whatever
// the client sends. Every route of those steps asks it; the refusals carry spec §4's guard texts.
import { CLASS_TYPE } from '#shared/domain/constants';
import { alarmReached, LIVE_ALARM_SECONDS, webinarEndMs } from '#shared/domain/countdown';
import type { CourseStep } from '#shared/domain/course-steps';
import { EVAL_FIRST, EXAM_DONE_CLASS, EXAM_DONE_PODCAST, EXAM_UNAVAILABLE, LISTEN_FIRST, LIVE_CREDIT, VIEW_CLASS_FIRST, WEBINAR_ENDED } from '#shared/domain/guard-messages';
import type { Clock } from '../../clock.ts';
import { HttpError } from '../../plugins/contract.ts';
import { findCourse, findProgress, holdsSeat, type Course, type CourseRef, type Db, type Progress } from './course.repository.ts';

export const NO_CLASS = 'No class selected.';
export const NO_PODCAST = 'Go back and select podcast episode.';
export const LIVE_VIEW = 'A live webinar is attended with Enter Webinar on its page, with a reserved seat.';
export const NO_SEAT = 'Reserve a seat before entering the webinar.';
export const TOO_EARLY = 'The webinar opens 30 minutes before it starts.';
export const MEETING_NOT_READY = 'The meeting link is not ready yet. Try again in a few minutes.';

/** a course's steps (#shared/domain/course-steps), and grade: submitting an attempt */
export type Step = CourseStep | 'grade';

export interface GateState {
  progress: Progress | undefined;
  /** a confirmed seat in the webinar (live classes only) */
  seat: boolean;
}

const isLive = (c: Pick<Course, 'typeId'>) => c.typeId === CLASS_TYPE.LIVE;

/**
 * Whether the course's exam can be taken now (the classroom's canShowExam): it has one, an archive class's
 * exam is not offered ('Video Upcoming'), and a live webinar's only once it has ended: Live credit is for attending
 * the session for its full duration (the Terms of Use), so no step after entering opens at minute 1 of a 90-minute
 * webinar (decision 0046). A podcast's typeId is null.
 */
export function examAvailable(c: { examId: number | null; typeId: number | null; releaseDate: string; durationMin: number }, now: number): boolean {
  if (c.examId === null) return false;
  if (c.typeId === CLASS_TYPE.ARCHIVE) return false;
  return c.typeId !== CLASS_TYPE.LIVE || webinarEndMs(c) <= now;
}

/** the student has seen the course: a live webinar entered, a class viewed, an episode played */
function viewed(course: Course, g: Progress | undefined): boolean {
  if (!g) return false;
  return isLive(course) ? g.startedAt !== null : Number(g.viewCount) > 0;
}

/** The refusal of `step` for a student in `state`, or null when the step is allowed. Pure: the whole rule. */
export function refusal(step: Step, course: Course, state: GateState, now: number): HttpError | null {
  const notFound = new HttpError(404, course.kind === 'class' ? NO_CLASS : NO_PODCAST);
  // an on-demand class or an episode does not exist before its release (the lists hide it); a webinar is announced
  if (!isLive(course) && Date.parse(course.releaseDate) > now) return notFound;
  const g = state.progress;
  const passed = g?.examTakenAt != null;
  const examDone = new HttpError(409, course.kind === 'class' ? EXAM_DONE_CLASS : EXAM_DONE_PODCAST);
  const viewFirst = new HttpError(409, course.kind === 'class' ? VIEW_CLASS_FIRST : LISTEN_FIRST);

  switch (step) {
    case 'view':
      if (course.kind !== 'class') return notFound;
      return isLive(course) ? new HttpError(409, LIVE_VIEW) : null;
    case 'play':
      return course.kind === 'podcast' ? null : notFound;
    case 'start': {
      if (!isLive(course)) return notFound;
      if (!state.seat) return new HttpError(403, NO_SEAT);
      // the live page's own rule (spec §4: remaining time rounded to the minute), so button and server agree
      if (!alarmReached((Date.parse(course.releaseDate) - now) / 1000, LIVE_ALARM_SECONDS)) return new HttpError(409, TOO_EARLY);
      if (webinarEndMs(course) <= now) return new HttpError(409, WEBINAR_ENDED);
      return course.zoomCode ? null : new HttpError(409, MEETING_NOT_READY);
    }
    default:
      break;
  }

  // every step after the view: nothing while the exam is not offered (an archive class, a webinar not ended)
  if (!examAvailable(course, now)) return new HttpError(409, EXAM_UNAVAILABLE);
  switch (step) {
    case 'exam':
      return null;
    case 'attendance':
      if (!isLive(course) || !viewed(course, g)) return viewFirst;
      return passed ? examDone : null;
    case 'evaluation':
      return viewed(course, g) ? null : viewFirst;
    case 'sva':
    case 'survey':
      if (!viewed(course, g)) return viewFirst;
      return g?.evalTakenAt != null ? null : new HttpError(409, EVAL_FIRST);
    case 'grade':
      if (!viewed(course, g)) return viewFirst;
      if (g?.evalTakenAt == null) return new HttpError(409, EVAL_FIRST);
      if (passed) return examDone;
      // Live, Interactive credit rests on the affidavit: 'No, I Did Not Attend' (or none) earns nothing
      return isLive(course) && g?.attended !== 1 ? new HttpError(403, LIVE_CREDIT) : null;
  }
}

export function courseGate(clock: Clock) {
  return {
    /** the course the request names, or 404 with the spec's text (a class: 'No class selected.') */
    async course(q: Db, ref: CourseRef, kind?: Course['kind']): Promise<Course> {
      const course = await findCourse(q, kind === 'podcast' ? { p: ref.p } : kind === 'class' ? { c: ref.c } : ref);
      if (!course) throw new HttpError(404, (kind ?? (ref.c ? 'class' : 'podcast')) === 'class' ? NO_CLASS : NO_PODCAST);
      return course;
    },

    /** the student's state for the course, or the step's refusal; inside a write, pass its transaction */
    async require(q: Db, step: Step, course: Course, studentId: number): Promise<GateState> {
      // one after the other: inside a SQLite write both would queue on the one connection anyway
      const progress = await findProgress(q, course, studentId);
      const seat = step === 'start' ? await holdsSeat(q, course.id, studentId) : false;
      const state = { progress, seat };
      const refused = refusal(step, course, state, clock.now());
      if (refused) throw refused;
      return state;
    },
  };
}

export type CourseGate = ReturnType<typeof courseGate>;
