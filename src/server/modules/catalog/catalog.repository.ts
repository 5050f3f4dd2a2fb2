// SQL for the catalogue reads: class and podcast lists with the caller's own badges, filters, paging,
// featured content and ad placements. Every list is one indexed query plus one count; a student's marks on a
// shared answer are one more (docs/decisions/0025).
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Ebook } from '#shared/api/catalog';
import type { ClassListItem, FeaturedContent, MobileAds, PodcastListItem } from '#shared/api/common';
import { CLASS_TYPE, VPAD_SLOT, ceTypeName } from '#shared/domain/constants';
import { CANCELLED, type DB } from '../../db/schema.ts';
import { prepared } from '../../db/prepared.ts';
import { matchesKeyword, searchTerms } from '../../db/search-index.ts';
import { inProgressAt } from './live-now.ts';

export interface ListFilter {
  categoryId?: number | undefined;
  companyId?: number | undefined;
  /** already sanitised (domain/keyword.ts) */
  keyword?: string | null | undefined;
}

export type ClassListKind = 'upcoming' | 'ondemand' | 'tutorials';

/**
 * One key for the filters the queries treat alike, so they share one cached answer: the keyword by the terms
 * it searches for ("Perio", "perio " and "the perio" find the same), a keyword with none left apart from no keyword.
 */
export const filterKey = (f: ListFilter) => JSON.stringify([f.categoryId ?? null, f.companyId ?? null, f.keyword ? searchTerms(f.keyword) : null]);

/** a student's own marks on listed items, by hash (docs/decisions/0025); an item without one is not in the maps */
export interface StudentMarks {
  /** the active seat ('reserved' or 'waiting') and the completed exam of each class that has either */
  classes: Map<string, { seat: string | null; examTakenAt: string | null }>;
  /** when each completed episode's exam was taken */
  podcasts: Map<string, string>;
}

/**
 * The marks query, one statement whose text never changes (so SQLite keeps it prepared and Kysely builds
 * nothing): the hashes travel as one parameter, a JSON array on SQLite, an array on PostgreSQL. Every join is
 * a unique index: classes and podcasts by hash, seats_active_uq, gradebook_class_uq and gradebook_podcast_uq.
 */

// The row mapping of class and podcast list items, exported so every list of them (the catalogue, the
// student's own lists in my-ce) carries the same fields and the same badges.

/** classes with the student's own seat and gradebook row joined in, for the badges; a visitor (null) matches no row */
export function classBase(db: Kysely<DB>, studentId: number | null) {
  const sid = studentId ?? -1;
  return db
    .selectFrom('classes as c')
    .innerJoin('speakers as sp', 'sp.id', 'c.speakerId')
    .leftJoin('companies as co', 'co.id', 'c.companyId')
    .leftJoin('seats as st', (j) => j.onRef('st.classId', '=', 'c.id').on('st.studentId', '=', sid).on('st.status', '<>', CANCELLED))
    .leftJoin('gradebook as g', (j) => j.onRef('g.classId', '=', 'c.id').on('g.studentId', '=', sid));
}

export const classColumns = [
  'c.id',
  'c.hash',
  'c.name',
  'c.typeId',
  'c.description',
  'c.photo',
  'c.releaseDate',
  'c.credits',
  'c.ceTypeId',
  'c.agdCode',
  'c.agdCategory',
  'c.durationMin',
  'c.endDate',
  'sp.name as speakerName',
  'co.name as companyName',
  'st.status as seatStatus',
  'g.examTakenAt',
] as const;

export type ClassRow = {
  id: number;
  hash: string;
  name: string;
  typeId: number;
  description: string;
  photo: string;
  releaseDate: string;
  credits: number;
  ceTypeId: number;
  agdCode: string | null;
  agdCategory: string | null;
  durationMin: number;
  endDate: string;
  speakerName: string;
  companyName: string | null;
  seatStatus: string | null;
  examTakenAt: string | null;
};

/** `nowIso`: the server's clock, for the LIVE NOW flag */
export const toClassItem = (r: ClassRow, nowIso: string): ClassListItem => ({
  classId: r.id,
  hash: r.hash,
  className: r.name,
  speakerName: r.speakerName,
  sponsorCompanyName: r.companyName,
  photo: r.photo,
  releaseDate: r.releaseDate,
  releaseDateUTC: r.releaseDate,
  credits: Number(r.credits),
  creditName: ceTypeName(r.ceTypeId),
  hasSeat: r.seatStatus !== null,
  isWaiting: r.seatStatus === 'waiting',
  examTaken: r.examTakenAt !== null,
  ceTypeId: r.ceTypeId,
  typeId: r.typeId,
  description: r.description,
  agdCode: r.agdCode,
  agdCategory: r.agdCategory,
  examDate: r.examTakenAt,
  durationMin: r.durationMin,
  inProgress: inProgressAt(r, nowIso),
});

/** podcasts with the student's own gradebook row joined in, for the COMPLETED badge */
export function podcastBase(db: Kysely<DB>, studentId: number | null) {
  return db
    .selectFrom('podcasts as p')
    .innerJoin('podcastShows as ps', 'ps.id', 'p.showId')
    .innerJoin('speakers as sp', 'sp.id', 'p.speakerId')
    .leftJoin('companies as co', 'co.id', 'ps.companyId')
    // an episode has at most one exam (exams_podcast_uq), so this join never repeats a row
    .leftJoin('exams as ex', 'ex.podcastId', 'p.id')
    .leftJoin('gradebook as g', (j) => j.onRef('g.podcastId', '=', 'p.id').on('g.studentId', '=', studentId ?? -1));
}

export const podcastColumns = [
  'p.id',
  'p.hash',
  'ps.hash as showHash',
  'ps.photo as showPhoto',
  'p.title',
  'sp.name as speakerName',
  'co.name as companyName',
  'p.blurb',
  'p.photo',
  'p.releaseDate',
  'p.durationSec',
  'p.credits',
  'p.mp3',
  'p.ceTypeId',
  'ex.id as examId',
  'g.examTakenAt',
] as const;

export type PodcastRow = {
  id: number;
  hash: string;
  showHash: string;
  showPhoto: string;
  title: string;
  speakerName: string;
  companyName: string | null;
  blurb: string;
  photo: string | null;
  releaseDate: string;
  durationSec: number;
  credits: number;
  mp3: string;
  ceTypeId: number;
  examId: number | null;
  examTakenAt: string | null;
};

export const toPodcastItem = (r: PodcastRow): PodcastListItem => ({
  id: r.id,
  hash: r.hash,
  podcastShowHash: r.showHash,
  title: r.title,
  speakerName: r.speakerName,
  sponsorCompanyName: r.companyName,
  blurb: r.blurb,
  photo: r.photo ?? r.showPhoto,
  releaseDate: r.releaseDate,
  releaseDateUTC: r.releaseDate,
  durationSec: r.durationSec,
  credits: Number(r.credits),
  mp3: r.mp3,
  examTaken: r.examTakenAt !== null,
  examDate: r.examTakenAt,
  ceTypeId: r.ceTypeId,
  hasExam: r.examId !== null,
});

const ebookColumns = ['e.hash', 'e.title', 'e.subtitle', 'e.blurb', 'e.thumbnail', 'e.pdf', 'e.buttonText'] as const;

const toEbook = (b: { hash: string; title: string; subtitle: string | null; blurb: string; thumbnail: string; pdf: string; buttonText: string | null }): Ebook => ({
  hash: b.hash,
  title: b.title,
  subtitle: b.subtitle,
  blurbLib: b.blurb,
  thumbnail: b.thumbnail,
  pdf: b.pdf,
  buttonText: b.buttonText,
});

export function catalogRepository(db: Kysely<DB>) {

  // the classroom's reads (GET /api/class), compiled once: every student opening a class runs them
  const classOfHash = prepared(db, (hash: string) =>
    db
      .selectFrom('classes as c')
      .innerJoin('speakers as sp', 'sp.id', 'c.speakerId')
      .leftJoin('companies as co', 'co.id', 'c.companyId')
      .leftJoin('exams as e', 'e.classId', 'c.id')
      .selectAll('c')
      .select(['sp.name as speakerName', 'sp.credentials as speakerCredentials', 'co.name as companyName', 'e.id as examId'])
      .where('c.hash', '=', hash),
  );
  // the student's own row of a class in one statement: every join is a unique index (gradebook_class_uq,
  // seats_active_uq, queue_uq); a removed Watch Later row stays for last-writer-wins (my-ce.repository queueSet)
  // and is not on the list. The class's seats taken and meeting code come with it: what a student's classroom
  // shows of them is counted fresh, not kept (shared-answers.service.ts)
  const studentOfClass = prepared(db, (classId: number, studentId: number) =>
    db
      .selectFrom('students as s')
      .innerJoin('classes as c', (j) => j.on('c.id', '=', classId))
      .leftJoin('gradebook as g', (j) => j.onRef('g.studentId', '=', 's.id').on('g.classId', '=', classId))
      .leftJoin('seats as st', (j) => j.onRef('st.studentId', '=', 's.id').on('st.classId', '=', classId).on('st.status', '<>', CANCELLED))
      .leftJoin('queue as q', (j) => j.onRef('q.studentId', '=', 's.id').on('q.classId', '=', classId).on('q.removedAt', 'is', null))
      .select(['g.id as gradebookId', 'g.examTakenAt', 'g.examScore', 'g.evalTakenAt', 'g.credits', 'g.ceTypeId', 'g.viewCount', 'g.startedAt', 'g.endedAt', 'g.attended'])
      .select(['st.id as seatId', 'st.status as seatStatus', 'st.cancelCode', 'q.id as queueId', 's.agdNumber', 's.hideAgdReminder', 'c.seatsTaken', 'c.zoomCode'])
      .where('s.id', '=', studentId),
  );
  // a student's own rows of an episode, as the episode page shows them: progress (gradebook), plays, where they are
  // in it (listening) and Watch Later, in one indexed statement (each is one row at most: unique by student and
  // episode)
  const studentOfPodcast = prepared(db, (podcastId: number, studentId: number) =>
    db
      .selectFrom('students as s')
      .leftJoin('gradebook as g', (j) => j.onRef('g.studentId', '=', 's.id').on('g.podcastId', '=', podcastId))
      .leftJoin('listening as l', (j) => j.onRef('l.studentId', '=', 's.id').on('l.podcastId', '=', podcastId))
      .leftJoin('podcastQueue as q', (j) => j.onRef('q.studentId', '=', 's.id').on('q.podcastId', '=', podcastId).on('q.removedAt', 'is', null))
      .select(['g.id as gradebookId', 'g.examTakenAt', 'g.examScore', 'g.evalTakenAt', 'l.heardSec', 'l.positionSec', 'l.playedAt', 'q.id as queueId'])
      .select((eb) =>
        eb
          .selectFrom('viewEvents as ve')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('ve.studentId', '=', 's.id')
          .where('ve.podcastId', '=', podcastId)
          .where('ve.kind', '=', 'play')
          .as('plays'),
      )
      .where('s.id', '=', studentId),
  );
  /** the filter's conditions on a class (c), whatever list it is in */
  function classFilter(eb: ExpressionBuilder<any, any>, f: ListFilter): Expression<SqlBool>[] {
    const conds: Expression<SqlBool>[] = [];
    if (f.categoryId !== undefined) {
      conds.push(eb.exists(eb.selectFrom('classCategories as cc').select('cc.classId').whereRef('cc.classId', '=', 'c.id').where('cc.categoryId', '=', f.categoryId)));
    }
    if (f.companyId !== undefined) conds.push(eb('c.companyId', '=', f.companyId));
    if (f.keyword) conds.push(matchesKeyword(db, 'class', 'c.id', f.keyword));
    return conds;
  }

  /** the filter's conditions on a podcast episode (p, its show ps) */
  function podcastFilter(eb: ExpressionBuilder<any, any>, f: ListFilter): Expression<SqlBool>[] {
    const conds: Expression<SqlBool>[] = [];
    if (f.categoryId !== undefined) {
      conds.push(eb.exists(eb.selectFrom('podcastCategories as pc').select('pc.podcastId').whereRef('pc.podcastId', '=', 'p.id').where('pc.categoryId', '=', f.categoryId)));
    }
    if (f.companyId !== undefined) conds.push(eb('ps.companyId', '=', f.companyId));
    if (f.keyword) conds.push(matchesKeyword(db, 'podcast', 'p.id', f.keyword));
    return conds;
  }

  function classWhere(kind: ClassListKind, f: ListFilter, nowIso: string) {
    return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
      const conds: Expression<SqlBool>[] = [];
      if (kind === 'upcoming') conds.push(eb('c.typeId', '=', CLASS_TYPE.LIVE), eb('c.endDate', '>', nowIso));
      if (kind === 'ondemand') conds.push(eb('c.typeId', '<>', CLASS_TYPE.LIVE), eb('c.isTutorial', '=', 0), eb('c.releaseDate', '<=', nowIso));
      if (kind === 'tutorials') conds.push(eb('c.isTutorial', '=', 1), eb('c.releaseDate', '<=', nowIso));
      return eb.and([...conds, ...classFilter(eb, f)]);
    };
  }

  function podcastWhere(f: ListFilter, nowIso: string) {
    return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => eb.and([eb('p.releaseDate', '<=', nowIso), ...podcastFilter(eb, f)]);
  }

  /** e-books carry no category or company: a filter by either matches none of them, a keyword searches them */
  function bookWhere(f: ListFilter) {
    return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
      if (f.categoryId !== undefined || f.companyId !== undefined) return sql<SqlBool>`1 = 0`;
      return eb.and(f.keyword ? [matchesKeyword(db, 'ebook', 'e.id', f.keyword)] : []);
    };
  }

  return {
    /** a page of classes and, unless `withTotal` is false (home sections show no count), the number of matches */
    async listClasses(kind: ClassListKind, f: ListFilter, opts: { studentId: number | null; nowIso: string; offset: number; limit: number; withTotal?: boolean }) {
      const where = classWhere(kind, f, opts.nowIso);
      const [rows, total] = await Promise.all([
        classBase(db, opts.studentId)
          .select(classColumns)
          .where(where)
          .orderBy('c.releaseDate', kind === 'upcoming' ? 'asc' : 'desc')
          .orderBy('c.id')
          .offset(opts.offset)
          .limit(opts.limit)
          .execute(),
        opts.withTotal === false ? { n: -1 } : classBase(db, null).select((eb) => eb.fn.countAll<number>().as('n')).where(where).executeTakeFirstOrThrow(),
      ]);
      return { items: (rows as ClassRow[]).map((r) => toClassItem(r, opts.nowIso)), total: Number(total.n) };
    },

    async listPodcasts(f: ListFilter, opts: { studentId: number | null; nowIso: string; offset: number; limit: number; withTotal?: boolean }) {
      const where = podcastWhere(f, opts.nowIso);
      const [rows, total] = await Promise.all([
        podcastBase(db, opts.studentId).select(podcastColumns).where(where).orderBy('p.releaseDate', 'desc').orderBy('p.id').offset(opts.offset).limit(opts.limit).execute(),
        opts.withTotal === false ? { n: -1 } : podcastBase(db, null).select((eb) => eb.fn.countAll<number>().as('n')).where(where).executeTakeFirstOrThrow(),
      ]);
      return { items: (rows as PodcastRow[]).map(toPodcastItem), total: Number(total.n) };
    },

    /**
     * /search: the first `limit` matches of every kind and how many there are, and the featured items that match.
     * E-books are one page in the library (spec §2 /ebooks), which has no filter: a filtered search lists every
     * matching e-book (up to `bookLimit`), so no Show All is needed to see the rest.
     */
    async search(f: ListFilter, opts: { studentId: number | null; nowIso: string; limit: number; bookLimit: number }) {
      const at = { studentId: opts.studentId, nowIso: opts.nowIso, offset: 0, limit: opts.limit };
      const filtered = f.categoryId !== undefined || f.companyId !== undefined || Boolean(f.keyword);
      const [webinars, classes, podcasts, tutorials, ebooks, featured] = await Promise.all([
        this.listClasses('upcoming', f, at),
        this.listClasses('ondemand', f, at),
        this.listPodcasts(f, at),
        this.listClasses('tutorials', f, at),
        this.listBooks(f, { offset: 0, limit: filtered ? opts.bookLimit : opts.limit }),
        this.featured(opts.studentId, f),
      ]);
      return { webinars, classes, podcasts, tutorials, ebooks, featured };
    },

    async podcastsOfShow(showId: number, studentId: number | null, nowIso: string) {
      const rows = await podcastBase(db, studentId).select(podcastColumns).where('p.showId', '=', showId).where('p.releaseDate', '<=', nowIso).orderBy('p.releaseDate', 'desc').execute();
      return (rows as PodcastRow[]).map(toPodcastItem);
    },

    /** the student's seats and completed exams among these classes and episodes (docs/decisions/0025) */
    /** every mark the student has: their active seats and completed exams (a handful; read once per marks version) */
    async marks(studentId: number): Promise<StudentMarks> {
      const { rows } = await sql<{ hash: string; kind: 'c' | 'p'; seat: string | null; at: string | null }>`
        select c.hash as hash, 'c' as kind, st.status as seat, g.exam_taken_at as at from classes c
        left join seats st on st.class_id = c.id and st.student_id = ${studentId} and st.status <> 'cancelled'
        left join gradebook g on g.class_id = c.id and g.student_id = ${studentId}
        where c.id in (select class_id from seats where student_id = ${studentId} and status <> 'cancelled'
          union select class_id from gradebook where student_id = ${studentId} and class_id is not null and exam_taken_at is not null)
        union all
        select p.hash, 'p', null, g.exam_taken_at from gradebook g join podcasts p on p.id = g.podcast_id
        where g.student_id = ${studentId} and g.exam_taken_at is not null`.execute(db);
      const marks: StudentMarks = { classes: new Map(), podcasts: new Map() };
      for (const r of rows) {
        if (r.kind === 'c') marks.classes.set(r.hash, { seat: r.seat, examTakenAt: r.at });
        else marks.podcasts.set(r.hash, r.at!);
      }
      return marks;
    },

    classByHash: async (hash: string) => (await classOfHash(hash))[0],

    /** the student's progress in a class (gradebook), their active seat, their Watch Later row, their AGD fields, and the class's seats taken and meeting code */
    async studentClassRow(classId: number, studentId: number) {
      const [r] = await studentOfClass(classId, studentId);
      if (!r) throw new Error(`no student ${studentId} or class ${classId}`);
      return {
        g:
          r.gradebookId === null
            ? undefined
            : { id: r.gradebookId, examTakenAt: r.examTakenAt, examScore: r.examScore, evalTakenAt: r.evalTakenAt, credits: r.credits, ceTypeId: r.ceTypeId, viewCount: r.viewCount!, startedAt: r.startedAt, endedAt: r.endedAt, attended: r.attended },
        seat: r.seatId === null ? undefined : { id: r.seatId, status: r.seatStatus!, cancelCode: r.cancelCode! },
        queue: r.queueId === null ? undefined : { id: r.queueId },
        student: { agdNumber: r.agdNumber, hideAgdReminder: r.hideAgdReminder },
        live: { seatsTaken: r.seatsTaken, zoomCode: r.zoomCode },
      };
    },

    async podcastByHash(hash: string) {
      return db
        .selectFrom('podcasts as p')
        .innerJoin('podcastShows as ps', 'ps.id', 'p.showId')
        .innerJoin('speakers as sp', 'sp.id', 'p.speakerId')
        .leftJoin('companies as co', 'co.id', 'ps.companyId')
        .leftJoin('exams as ex', 'ex.podcastId', 'p.id')
        .select([...podcastColumns.filter((c) => c !== 'g.examTakenAt'), 'p.description', 'p.transcript', 'ps.title as showTitle'])
        .where('p.hash', '=', hash)
        .executeTakeFirst();
    },

    /** the student's progress in an episode (gradebook), their plays, their listening record (modules/podcasts: heard share, last position, played) and their Watch Later row */
    async studentPodcastRow(podcastId: number, studentId: number) {
      const [r] = await studentOfPodcast(podcastId, studentId);
      if (!r) throw new Error(`no student ${studentId}`);
      return {
        g: r.gradebookId === null ? undefined : { id: r.gradebookId, examTakenAt: r.examTakenAt, examScore: r.examScore, evalTakenAt: r.evalTakenAt },
        plays: Number(r.plays ?? 0),
        listening: r.heardSec === null ? undefined : { heardSec: r.heardSec, position: r.positionSec!, playedAt: r.playedAt },
        queue: r.queueId === null ? undefined : { id: r.queueId },
      };
    },

    async showByHash(hash: string) {
      return db.selectFrom('podcastShows as ps').leftJoin('companies as co', 'co.id', 'ps.companyId').select(['ps.id', 'ps.hash', 'ps.title', 'ps.photo', 'ps.blurb', 'co.name as companyName']).where('ps.hash', '=', hash).executeTakeFirst();
    },

    /** the featured class and podcast; with a filter, only those that match it (a search shows nothing it did not find) */
    async featured(studentId: number | null, f: ListFilter = {}): Promise<FeaturedContent> {
      const rows = await db.selectFrom('featuredContent').select(['slotType', 'classId', 'podcastId']).where('active', '=', 1).orderBy('position').execute();
      const classId = rows.find((r) => r.slotType === VPAD_SLOT.FEATURED_CLASS)?.classId ?? null;
      const podcastId = rows.find((r) => r.slotType === VPAD_SLOT.FEATURED_PODCAST)?.podcastId ?? null;
      const [cls, pod] = await Promise.all([
        classId === null ? undefined : classBase(db, studentId).select(classColumns).where('c.id', '=', classId).where((eb) => eb.and(classFilter(eb, f))).executeTakeFirst(),
        podcastId === null ? undefined : podcastBase(db, studentId).select(podcastColumns).where('p.id', '=', podcastId).where((eb) => eb.and(podcastFilter(eb, f))).executeTakeFirst(),
      ]);
      const c = cls as ClassRow | undefined;
      const p = pod as PodcastRow | undefined;
      return {
        status: Boolean(c || p),
        featuredClass: c
          ? { hash: c.hash, className: c.name, name: c.speakerName, companyName: c.companyName, photo: c.photo, releaseDateUTC: c.releaseDate, credits: Number(c.credits), ceTypeId: c.ceTypeId, blurb: c.description, examTaken: c.examTakenAt !== null }
          : null,
        featuredPodcast: p
          ? { hash: p.hash, podcastShowHash: p.showHash, title: p.title, speakerName: p.speakerName, companyName: p.companyName, photo: p.photo ?? p.showPhoto, releaseDateUTC: p.releaseDate, credits: Number(p.credits), ceTypeId: p.ceTypeId, durationSec: p.durationSec, mp3: p.mp3, examTaken: p.examTakenAt !== null }
          : null,
        featuredHash: null,
      };
    },

    async banners() {
      const rows = await db.selectFrom('ads as a').innerJoin('adBanners as b', 'b.adId', 'a.id').select(['a.id', 'b.position', 'b.url']).where('a.active', '=', 1).orderBy('a.id').orderBy('b.position').execute();
      const byAd = new Map<number, string[]>();
      for (const r of rows) byAd.set(r.id, [...(byAd.get(r.id) ?? []), r.url]);
      return [...byAd].filter(([, urls]) => urls.length === 4).map(([adId, adUrls]) => ({ adId, adUrls }));
    },

    async mobileAds(list: string, rows: number): Promise<MobileAds | null> {
      const placement = await db.selectFrom('adPlacements').selectAll().where('list', '=', list).executeTakeFirst();
      if (!placement) return null;
      return { indexStart: placement.indexStart, interval: placement.interval, rows, banners: await this.banners() };
    },

    async searchItems() {
      const [cats, cos] = await Promise.all([
        db.selectFrom('categories').select(['id', 'name']).orderBy('position').orderBy('name').execute(),
        db.selectFrom('companies').select(['id', 'name']).orderBy('name').execute(),
      ]);
      return { catList: cats.map((c) => ({ categoryID: c.id, categoryName: c.name })), companyList: cos.map((c) => ({ companyID: c.id, companyName: c.name })) };
    },

    /** the whole e-book library, in its order */
    async books(): Promise<Ebook[]> {
      return (await db.selectFrom('ebooks as e').select(ebookColumns).orderBy('e.position').orderBy('e.id').execute()).map(toEbook);
    },

    /** a page of the e-books a filter matches, in library order, and how many match */
    async listBooks(f: ListFilter, opts: { offset: number; limit: number }) {
      const where = bookWhere(f);
      const [rows, total] = await Promise.all([
        db.selectFrom('ebooks as e').select(ebookColumns).where(where).orderBy('e.position').orderBy('e.id').offset(opts.offset).limit(opts.limit).execute(),
        db.selectFrom('ebooks as e').select((eb) => eb.fn.countAll<number>().as('n')).where(where).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toEbook), total: Number(total.n) };
    },

    /** false when no e-book has the hash */
    async recordBookDownload(hash: string, studentId: number, nowIso: string): Promise<boolean> {
      const book = await db.selectFrom('ebooks').select('id').where('hash', '=', hash).executeTakeFirst();
      if (!book) return false;
      await db.insertInto('ebookDownloads').values({ ebookId: book.id, studentId, createdAt: nowIso }).execute();
      return true;
    },
    blurb: (code: string) => db.selectFrom('blurbs').select(['code', 'html']).where('code', '=', code).executeTakeFirst(),
    lookups: () => db.selectFrom('lookups').select(['list', 'value', 'label']).orderBy('list').orderBy('position').execute(),
  };
}

export type CatalogRepository = ReturnType<typeof catalogRepository>;
