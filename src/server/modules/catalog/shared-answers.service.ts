// The catalogue answers every caller shares (docs/decisions/0025): which queries share one, when one goes stale
// by the clock alone, and a student's own marks on it (seats, waitlist places, completed exams), read fresh; a
// classroom's and an episode's too, with the student's own row of it (decision 0035).
import type * as catalog from '#shared/api/catalog';
import type * as classes from '#shared/api/classes';
import type { ClassListItem, FeaturedContent, PodcastListItem } from '#shared/api/common';
import type { ResultOf } from '#shared/api/endpoint';
import type * as podcasts from '#shared/api/podcasts';
import { CLASS_TYPE } from '#shared/domain/constants';
import { webinarEndMs } from '#shared/domain/countdown';
import { sanitizeKeyword } from '#shared/domain/keyword';
import { isoAt, type Clock } from '../../clock.ts';
import type { SharedAnswer } from '../../plugins/contract.ts';
import type { SessionStudent } from '../../plugins/session.ts';
import { keptWhile, type KeptWhile } from '../../recent.ts';
import { listeningOf } from '../podcasts/listening.service.ts';
import { filterKey, type CatalogRepository, type ListFilter, type StudentMarks } from './catalog.repository.ts';
import { nextLiveChange } from './live-now.ts';

type Classroom = ResultOf<typeof classes.getClass>;
type StudentClassRow = Awaited<ReturnType<CatalogRepository['studentClassRow']>>;
type Episode = ResultOf<typeof podcasts.getPodcast>;
type StudentPodcastRow = Awaited<ReturnType<CatalogRepository['studentPodcastRow']>>;

/**
 * A student's classroom: the one every caller shares (kept a second, app.ts) with what is theirs or moves by the
 * second put on: their progress, seat and Watch Later row (studentData), the meeting code if they hold a seat, the
 * seats left and the server's time counted now. The handler builds a student's the same way, so the two agree.
 */
export function ownClassroom(room: Classroom, mine: StudentClassRow, now: number): Classroom {
  const reserved = mine.seat?.status === 'reserved';
  const c = room.classObj;
  return {
    ...room,
    classObj: {
      ...c,
      serverTime: isoAt(now),
      zoomCode: reserved ? mine.live.zoomCode : null,
      seatsLeft: c.seatsLeft === null || c.capacity === null ? c.seatsLeft : Math.max(0, c.capacity - mine.live.seatsTaken),
    },
    studentData: {
      status: true,
      examDate: mine.g?.examTakenAt ?? null,
      examScore: mine.g?.examScore ?? null,
      examTaken: Boolean(mine.g?.examTakenAt),
      evalTaken: Boolean(mine.g?.evalTakenAt),
      credits: mine.g?.credits ?? null,
      ceTypeId: mine.g?.ceTypeId ?? null,
      classViewCount: mine.g?.viewCount ?? 0,
      studentStarted: Boolean(mine.g?.startedAt),
      studentEnded: Boolean(mine.g?.endedAt),
      attended: mine.g?.attended == null ? null : mine.g.attended === 1,
      inqueue: mine.queue?.id ?? 0,
      gradebookId: mine.g?.id ?? 0,
      attendeeId: mine.seat?.id ?? 0,
      isReserved: reserved,
      isWaiting: mine.seat?.status === 'waiting',
      hasSeat: Boolean(mine.seat),
      // a waitlist place is left with its code too, as its e-mail's link does (decision 0045)
      cancelCode: mine.seat?.cancelCode ?? null,
      agdNumber: mine.student.agdNumber,
      hideAgdReminder: mine.student.hideAgdReminder === 1,
    },
  };
}

/**
 * A student's episode page: the one every caller shares (kept a second) with their own rows put on: completed or
 * not, their plays, where they are in it and Watch Later. The handler builds a student's the same way.
 */
export function ownEpisode(page: Episode, mine: StudentPodcastRow): Episode {
  const examDate = mine.g?.examTakenAt ?? null;
  return {
    ...page,
    podcast: { ...page.podcast, examTaken: Boolean(examDate), examDate },
    studentData: {
      status: true,
      examTaken: Boolean(examDate),
      examDate,
      examScore: mine.g?.examScore ?? null,
      evalTaken: Boolean(mine.g?.evalTakenAt),
      playCount: mine.plays,
      gradebookId: mine.g?.id ?? 0,
      inqueue: mine.queue?.id ?? 0,
      ...listeningOf(mine.listening, page.podcast.durationSec),
    },
  };
}

type ListQuery = { cid?: number | undefined; coid?: number | undefined; q?: string | undefined; page?: number };

/** the filter of a list or search query, as the queries apply it */
export const filterOf = (q: ListQuery): ListFilter => ({ categoryId: q.cid, companyId: q.coid, keyword: sanitizeKeyword(q.q) });

/** one shared answer per page and filter as the queries see it, however the keyword was typed */
const listKey = (q: ListQuery) => `${q.page ?? ''} ${filterKey(filterOf(q))}`;

/** the student's active seats among listed webinars, in list order: the `seats` of home, search and /webinars */
export const seatsOf = (items: { hash: string; hasSeat: boolean; isWaiting: boolean }[]) => items.filter((i) => i.hasSeat).map((i) => ({ hash: i.hash, isWaiting: i.isWaiting }));

// The shared answer was built for a visitor, so an unmarked row already says no seat and no exam: only a marked
// row is copied, and the shared objects are never changed (every other caller is served them too).

const markClasses = (items: ClassListItem[], m: StudentMarks) =>
  items.map((c) => {
    const mark = m.classes.get(c.hash);
    return mark ? { ...c, hasSeat: mark.seat !== null, isWaiting: mark.seat === 'waiting', examTaken: mark.examTakenAt !== null, examDate: mark.examTakenAt } : c;
  });

const markPodcasts = (items: PodcastListItem[], m: StudentMarks) =>
  items.map((p) => {
    const at = m.podcasts.get(p.hash);
    return at === undefined ? p : { ...p, examTaken: true, examDate: at };
  });

function markFeatured(f: FeaturedContent, m: StudentMarks): FeaturedContent {
  const c = f.featuredClass;
  const p = f.featuredPodcast;
  const classDone = c !== null && (m.classes.get(c.hash)?.examTakenAt ?? null) !== null;
  const podcastDone = p !== null && m.podcasts.has(p.hash);
  if (!classDone && !podcastDone) return f;
  return { ...f, featuredClass: classDone ? { ...c, examTaken: true } : c, featuredPodcast: podcastDone ? { ...p, examTaken: true } : p };
}

type Listed = { classes?: ClassListItem[][]; podcasts?: PodcastListItem[][]; featured?: FeaturedContent | undefined };
type Paged<T> = { data: T[]; seats?: { hash: string; isWaiting: boolean }[] | undefined; featuredContent?: FeaturedContent | undefined };
type Seats = { hash: string; isWaiting: boolean }[];
/** what home and search both list: webinars with the seats they name, classes, episodes and the featured items */
type Catalogue = { webinars: { data: ClassListItem[]; seats?: Seats | undefined }; classes: { data: ClassListItem[] }; podcasts: { data: PodcastListItem[] }; featuredContent: FeaturedContent };

/** home's and search's common lists with the student's marks */
function markCatalogue<A extends Catalogue>(a: A, m: StudentMarks): A {
  const webinars = markClasses(a.webinars.data, m);
  return {
    ...a,
    webinars: { ...a.webinars, data: webinars, seats: seatsOf(webinars) },
    classes: { ...a.classes, data: markClasses(a.classes.data, m) },
    podcasts: { ...a.podcasts, data: markPodcasts(a.podcasts.data, m) },
    featuredContent: markFeatured(a.featuredContent, m),
  };
}

/** students whose marks are kept: the most recent readers, a few KB each at most */
const KEPT_STUDENTS = 10_000;

export function sharedAnswers(repo: Pick<CatalogRepository, 'marks' | 'studentClassRow' | 'studentPodcastRow'>, clock: Clock) {
  // Each student's marks, kept while their marks version (read with the session) stays the same: a student browsing
  // the lists reads them once, not once per list. Triggers change the version in the transaction that changes a
  // seat or an exam (migration 0015), so a kept copy is never used after a change, whichever server made it.
  const kept = new Map<number, KeptWhile<StudentMarks>>();
  const marksOf = (student: SessionStudent): Promise<StudentMarks> => keptWhile(kept, student.id, [student.marksVersion], () => repo.marks(student.id), KEPT_STUDENTS);

  /** the student's marks, if any falls on a row an answer lists; null when none does (the shared answer is theirs) */
  async function read(student: SessionStudent, listed: Listed): Promise<StudentMarks | null> {
    const m = await marksOf(student);
    if (m.classes.size === 0 && m.podcasts.size === 0) return null;
    const f = listed.featured;
    const marked =
      (listed.classes ?? []).some((list) => list.some((c) => m.classes.has(c.hash))) ||
      (listed.podcasts ?? []).some((list) => list.some((p) => m.podcasts.has(p.hash))) ||
      (f?.featuredClass != null && m.classes.has(f.featuredClass.hash)) ||
      (f?.featuredPodcast != null && m.podcasts.has(f.featuredPodcast.hash));
    return marked ? m : null;
  }

  /** a paged class list (/webinars, /ondemand, /tutorials): its rows, the seats it names, its featured class */
  async function classPage<A extends Paged<ClassListItem>>(a: A, student: SessionStudent): Promise<A> {
    const m = await read(student, { classes: [a.data], featured: a.featuredContent });
    if (!m) return a;
    const data = markClasses(a.data, m);
    return { ...a, data, ...(a.seats ? { seats: seatsOf(data) } : {}), ...(a.featuredContent ? { featuredContent: markFeatured(a.featuredContent, m) } : {}) };
  }

  /** /podcasts: its episodes and its featured episode */
  async function podcastPage<A extends Paged<PodcastListItem>>(a: A, student: SessionStudent): Promise<A> {
    const m = await read(student, { podcasts: [a.data], featured: a.featuredContent });
    if (!m) return a;
    return { ...a, data: markPodcasts(a.data, m), ...(a.featuredContent ? { featuredContent: markFeatured(a.featuredContent, m) } : {}) };
  }

  const home: SharedAnswer<typeof catalog.getHome> = {
    overlay: async (a, student) => {
      const m = await read(student, { classes: [a.webinars.data, a.classes.data], podcasts: [a.podcasts.data], featured: a.featuredContent });
      return m ? markCatalogue(a, m) : a;
    },
    staleAt: (a, now) => nextLiveChange(a.webinars.data, now),
  };

  const search: SharedAnswer<typeof catalog.getSearch> = {
    key: listKey,
    overlay: async (a, student) => {
      const m = await read(student, { classes: [a.webinars.data, a.classes.data, a.tutorials.data], podcasts: [a.podcasts.data], featured: a.featuredContent });
      return m ? { ...markCatalogue(a, m), tutorials: { ...a.tutorials, data: markClasses(a.tutorials.data, m) } } : a;
    },
    staleAt: (a, now) => nextLiveChange(a.webinars.data, now),
  };

  const upcoming: SharedAnswer<typeof catalog.getUpcoming> = { key: listKey, overlay: classPage, staleAt: (a, now) => nextLiveChange(a.data, now) };
  const ondemand: SharedAnswer<typeof catalog.getOndemand> = { key: listKey, overlay: classPage };
  const tutorials: SharedAnswer<typeof catalog.getTutorials> = { key: listKey, overlay: classPage };
  const podcastList: SharedAnswer<typeof catalog.getPodcasts> = { key: listKey, overlay: podcastPage };

  const show: SharedAnswer<typeof podcasts.getPodcastShow> = {
    overlay: async (a, student) => {
      const m = await read(student, { podcasts: [a.podcasts.data] });
      if (!m) return a;
      return { ...a, podcasts: { ...a.podcasts, data: markPodcasts(a.podcasts.data, m) } };
    },
  };

  const classroom: SharedAnswer<typeof classes.getClass> = {
    overlay: async (a, student) => ownClassroom(a, await repo.studentClassRow(a.classObj.classId, student.id), clock.now()),
    // progress, Watch Later and the AGD fields have no version, and the seats left and the time move
    copiedEachTime: true,
    // a webinar's exam opens at its end (canShowExam): a classroom kept across it is made again then
    staleAt: (a, now) => {
      const at = webinarEndMs(a.classObj);
      return a.classObj.typeId === CLASS_TYPE.LIVE && at > now ? at : null;
    },
  };

  const episode: SharedAnswer<typeof podcasts.getPodcast> = {
    overlay: async (a, student) => ownEpisode(a, await repo.studentPodcastRow(a.podcast.id, student.id)),
    // plays, the place in the episode and Watch Later have no version
    copiedEachTime: true,
  };

  return { home, search, upcoming, ondemand, tutorials, podcasts: podcastList, show, classroom, episode };
}
