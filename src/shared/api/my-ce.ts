// The student's own lists: seats, watch later, CE in progress and completed, viewed tutorials (spec §7).
import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { COURSE_STEPS } from '../domain/course-steps.ts';
import { ClassListItem, Iso, Page, PodcastListItem, S, pagedList } from './common.ts';

/** spec §3 "Reserved webinar" */
export const ReservedWebinar = v.object({
  classId: v.number(),
  hash: v.string(),
  cancelCode: v.nullable(v.string()),
  hasSeat: v.boolean(),
  isWaiting: v.boolean(),
  className: v.string(),
  photo: v.string(),
  speakerName: v.string(),
  sponsorCompanyName: v.nullable(v.string()),
  releaseDateUTC: Iso,
  credits: v.number(),
  creditName: v.string(),
  /** under way on the server's clock: the LIVE NOW badge (as ClassListItem.inProgress) */
  inProgress: v.boolean(),
});
export const getSeats = endpoint({ method: 'GET', path: 'seats', access: 'student', query: v.object({ s: S }), response: v.object({ status: v.boolean(), rowCount: v.number(), data: v.array(ReservedWebinar) }) });

const PagedQuery = v.object({ s: S, page: Page });
/**
 * a class of CE in Progress, with the first of its steps the student has not done (`nextStep`): the row says what
 * comes next. Optional: a list kept on a phone before it was sent still reads offline.
 */
export const PendingClass = v.object({ ...ClassListItem.entries, next: v.optional(v.picklist(COURSE_STEPS)) });
export type PendingClass = v.InferOutput<typeof PendingClass>;
export const getPending = endpoint({ method: 'GET', path: 'pending', access: 'student', query: PagedQuery, response: pagedList(PendingClass) });
/** an episode on Watch Later, with its queue id (non-zero = queued, as for a class) */
export const QueuedPodcast = v.object({ ...PodcastListItem.entries, queueId: v.number() });
export type QueuedPodcast = v.InferOutput<typeof QueuedPodcast>;
/** the most queued episodes one answer carries */
export const QUEUED_PODCASTS_MAX = 100;
/**
 * Watch Later: the classes, paged (spec §7), and beside them the queued episodes (decisions.md "Podcast episodes
 * in Watch Later"): every page carries the same list, most recently added first, at most QUEUED_PODCASTS_MAX of
 * them, and how many there are in all
 */
export const getQueue = endpoint({
  method: 'GET',
  path: 'queue',
  access: 'student',
  query: PagedQuery,
  response: v.object({ ...pagedList(v.object({ ...ClassListItem.entries, queueId: v.number() })).entries, podcasts: v.object({ totalRows: v.number(), data: v.array(QueuedPodcast) }) }),
});
export const getCompleted = endpoint({
  method: 'GET',
  path: 'completed',
  access: 'student',
  query: v.object({ s: S }),
  response: v.object({ status: v.boolean(), data: v.array(v.object({ cntWebinars: v.number(), cntPodcasts: v.number() })) }),
});
export const getCompletedWebinars = endpoint({ method: 'GET', path: 'completed-webinars', access: 'student', query: PagedQuery, response: pagedList(ClassListItem) });
export const getCompletedPodcasts = endpoint({ method: 'GET', path: 'completed-podcasts', access: 'student', query: PagedQuery, response: pagedList(PodcastListItem) });
export const getTutorialHistory = endpoint({ method: 'GET', path: 'tutorial-history', access: 'student', query: PagedQuery, response: pagedList(ClassListItem) });
