// HTTP side of the catalogue reads: maps contract input to repository calls and rows to the contract.
import * as account from '#shared/api/account';
import * as catalog from '#shared/api/catalog';
import * as classes from '#shared/api/classes';
import * as podcasts from '#shared/api/podcasts';
import { CLASS_TYPE, ceTypeName } from '#shared/domain/constants';
import { classSteps } from '#shared/domain/course-steps';
import { isoAt, nowIso, type Clock } from '../../clock.ts';
import { SMALL_WORDS } from '../../db/search-index.ts';
import { HttpError, implement, type Implementation } from '../../plugins/contract.ts';
import type { CatalogRepository, ClassListKind, ListFilter } from './catalog.repository.ts';
import { pageOf } from './paging.ts';
import { filterOf, ownClassroom, ownEpisode, seatsOf, sharedAnswers } from './shared-answers.service.ts';
import { examAvailable } from '../learning/course-gate.service.ts';

/** rows per page of every paged list; the client reads pageSize from the answer (spec §9) */
export const PAGE_SIZE = 10;
/** /webinars has no page in its route (spec §2), so one page holds every webinar of the coming weeks */
export const UPCOMING_PAGE_SIZE = 50;
/** rows per section on /home and /search */
export const SECTION_SIZE = 6;

const isFiltered = (f: ListFilter) => f.categoryId !== undefined || f.companyId !== undefined || !!f.keyword;
const NO_FEATURED = { status: false, featuredClass: null, featuredPodcast: null, featuredHash: null };

/** a search section in the paged-list shape: its first page of `size` rows and the number of matches */
const firstPage = <T>(found: { items: T[]; total: number }, size: number) => ({ status: true as const, rowCount: found.items.length, totalRows: found.total, pageSize: size, page: 0, data: found.items });

/**
 * Every catalogue list is the same for everyone but a student's own marks: the contract keeps the visitor's answer
 * a few seconds (app.ts) and a student gets it with their marks put on (shared-answers.service.ts). The handlers
 * still answer for a student themselves, through the joins, where nothing is kept; the tests hold the two equal.
 */
export function catalogRoutes(repo: CatalogRepository, opts: { clock: Clock }): Implementation[] {
  const shared = sharedAnswers(repo, opts.clock);

  const classPage = (kind: ClassListKind, f: ListFilter, page: number, studentId: number | null) =>
    pageOf((offset, limit) => repo.listClasses(kind, f, { studentId, nowIso: nowIso(opts.clock), offset, limit }), page, kind === 'upcoming' ? UPCOMING_PAGE_SIZE : PAGE_SIZE);
  const podcastPage = (f: ListFilter, page: number, studentId: number | null) =>
    pageOf((offset, limit) => repo.listPodcasts(f, { studentId, nowIso: nowIso(opts.clock), offset, limit }), page, PAGE_SIZE);

  return [
    implement(catalog.getHome, async ({ student }) => {
      const sid = student?.id ?? null;
      const [webinars, classList, podcastList, featuredContent] = await Promise.all([
        repo.listClasses('upcoming', {}, { studentId: sid, nowIso: nowIso(opts.clock), offset: 0, limit: SECTION_SIZE, withTotal: false }),
        repo.listClasses('ondemand', {}, { studentId: sid, nowIso: nowIso(opts.clock), offset: 0, limit: SECTION_SIZE, withTotal: false }),
        repo.listPodcasts({}, { studentId: sid, nowIso: nowIso(opts.clock), offset: 0, limit: SECTION_SIZE, withTotal: false }),
        repo.featured(sid),
      ]);
      return {
        status: true,
        webinars: { status: true, data: webinars.items, seats: seatsOf(webinars.items) },
        classes: { status: true, data: classList.items },
        podcasts: { status: true, data: podcastList.items },
        featuredContent,
      };
    }, shared.home),

    implement(catalog.getSearch, async ({ query, student }) => {
      const found = await repo.search(filterOf(query), { studentId: student?.id ?? null, nowIso: nowIso(opts.clock), limit: SECTION_SIZE, bookLimit: UPCOMING_PAGE_SIZE });
      return {
        status: true,
        webinars: { ...firstPage(found.webinars, SECTION_SIZE), seats: seatsOf(found.webinars.items) },
        classes: firstPage(found.classes, SECTION_SIZE),
        podcasts: firstPage(found.podcasts, SECTION_SIZE),
        tutorials: firstPage(found.tutorials, SECTION_SIZE),
        ebooks: firstPage(found.ebooks, found.ebooks.items.length),
        featuredContent: found.featured,
      };
    }, shared.search),

    implement(catalog.getSearchItems, async () => ({ status: true, smallWords: SMALL_WORDS, ...(await repo.searchItems()) })),

    implement(catalog.getUpcoming, async ({ query, student }) => {
      const res = await classPage('upcoming', filterOf(query), query.page, student?.id ?? null);
      return { ...res, seats: seatsOf(res.data), mobileAds: await repo.mobileAds('upcoming', res.rowCount) };
    }, shared.upcoming),

    implement(catalog.getOndemand, async ({ query, student }) => {
      const f = filterOf(query);
      const res = await classPage('ondemand', f, query.page, student?.id ?? null);
      // a filtered list shows what matches the filter; the featured row would be a row that may not
      const featured = isFiltered(f) ? NO_FEATURED : await repo.featured(student?.id ?? null);
      return { ...res, mobileAds: await repo.mobileAds('ondemand', res.rowCount), featuredContent: { ...featured, featuredPodcast: null, status: featured.featuredClass !== null, featuredHash: featured.featuredClass?.hash ?? null } };
    }, shared.ondemand),

    implement(catalog.getPodcasts, async ({ query, student }) => {
      const f = filterOf(query);
      const res = await podcastPage(f, query.page, student?.id ?? null);
      const featured = isFiltered(f) ? NO_FEATURED : await repo.featured(student?.id ?? null);
      return { ...res, mobileAds: await repo.mobileAds('podcasts', res.rowCount), featuredContent: { ...featured, featuredClass: null, status: featured.featuredPodcast !== null, featuredHash: featured.featuredPodcast?.hash ?? null } };
    }, shared.podcasts),

    implement(catalog.getTutorials, async ({ query, student }) => {
      const res = await classPage('tutorials', filterOf(query), query.page, student?.id ?? null);
      return { ...res, mobileAds: await repo.mobileAds('tutorials', res.rowCount) };
    }, shared.tutorials),

    implement(catalog.getBooks, async () => {
      const data = await repo.books();
      return { status: true, rowCount: data.length, data };
    }),

    implement(catalog.postBookResponse, async ({ body, student }) => {
      if (!(await repo.recordBookDownload(body.h, student.id, nowIso(opts.clock)))) throw new HttpError(404, 'This e-book is no longer available.');
      return { status: true };
    }),

    implement(catalog.getBlurb, async ({ query }) => {
      const row = await repo.blurb(query.code);
      if (!row) throw new HttpError(404, 'No content with that code.');
      return { status: true, rowCount: 1, data: [{ code: row.code, blurb: row.html }] };
    }),

    implement(classes.getClass, async ({ query, student }) => {
      const c = await repo.classByHash(query.c);
      const now = opts.clock.now();
      // an on-demand class is not there before its release (the lists hide it too); a live one is announced
      if (!c || (c.typeId !== CLASS_TYPE.LIVE && Date.parse(c.releaseDate) > now)) throw new HttpError(404, 'No class selected.');
      const isLive = c.typeId === CLASS_TYPE.LIVE;
      const room = {
        status: true as const,
        classObj: {
          classId: c.id,
          hash: c.hash,
          className: c.name,
          name: c.speakerName,
          speakerCredentials: c.speakerCredentials,
          description: c.description,
          photo: c.photo,
          companyName: c.companyName,
          credits: Number(c.credits),
          creditName: ceTypeName(c.ceTypeId),
          ceTypeId: c.ceTypeId,
          releaseDate: c.releaseDate,
          releaseDateUTC: c.releaseDate,
          serverTime: isoAt(now),
          typeId: c.typeId,
          youtubeUrl: c.youtubeId ? `https://www.youtube-nocookie.com/embed/${c.youtubeId}` : null,
          videoFile: c.videoFile,
          pdfClassFile: c.pdfFile,
          // only a seat holder gets the code that opens the meeting (ownClassroom)
          zoomCode: null,
          meetingReady: c.zoomCode !== null,
          isTutorial: c.isTutorial === 1,
          canShowExam: examAvailable(c, now),
          durationMin: c.durationMin,
          agdCode: c.agdCode,
          agdCategory: c.agdCategory,
          learningObjectives: c.learningObjectives ? (JSON.parse(c.learningObjectives) as string[]) : [],
          capacity: isLive ? c.capacity : null,
          seatsLeft: isLive && c.capacity !== null ? Math.max(0, c.capacity - c.seatsTaken) : null,
          steps: classSteps({ live: isLive, hasExam: c.examId !== null, hasSponsoredVideo: c.svaId !== null, hasSurvey: c.surveyId !== null }),
        },
        studentData: null,
      };
      return student ? ownClassroom(room, await repo.studentClassRow(c.id, student.id), now) : room;
    }, shared.classroom),

    implement(podcasts.getPodcast, async ({ query, student }) => {
      const p = await repo.podcastByHash(query.p);
      if (!p || Date.parse(p.releaseDate) > opts.clock.now()) throw new HttpError(404, 'Go back and select podcast episode.');
      const page = {
        status: true as const,
        podcast: {
          id: p.id,
          hash: p.hash,
          podcastShowHash: p.showHash,
          title: p.title,
          speakerName: p.speakerName,
          companyName: p.companyName,
          sponsorCompanyName: p.companyName,
          blurb: p.blurb,
          description: p.description,
          transcript: p.transcript,
          showTitle: p.showTitle,
          photo: p.photo ?? p.showPhoto,
          releaseDate: p.releaseDate,
          releaseDateUTC: p.releaseDate,
          durationSec: p.durationSec,
          credits: Number(p.credits),
          mp3: p.mp3,
          examTaken: false,
          examDate: null,
          ceTypeId: p.ceTypeId,
          hasExam: p.examId !== null,
        },
        studentData: null,
      };
      return student ? ownEpisode(page, await repo.studentPodcastRow(p.id, student.id)) : page;
    }, shared.episode),

    implement(podcasts.getPodcastShow, async ({ query, student }) => {
      const show = await repo.showByHash(query.ps);
      if (!show) throw new HttpError(404, 'Error retrieving podcast data.  Refresh and try again.');
      const [episodes, bannerAds] = await Promise.all([repo.podcastsOfShow(show.id, student?.id ?? null, nowIso(opts.clock)), repo.banners()]);
      return {
        status: true,
        rowCount: 1,
        data: [{ hash: show.hash, title: show.title, sponsorCompanyName: show.companyName, photo: show.photo, blurb: show.blurb }],
        podcasts: { data: episodes },
        bannerAds: { bannerAds },
      };
    }, shared.show),

    implement(account.getAccountItems, async () => {
      const rows = await repo.lookups();
      const list = (name: string) => rows.filter((r) => r.list === name).map((r) => ({ value: r.value, label: r.label }));
      return {
        status: true,
        jobTitles: list('jobTitles'),
        titles: list('titles'),
        states: list('states'),
        countries: list('countries'),
        ageRanges: list('ageRanges'),
        officeSizes: list('officeSizes'),
        sourceHeard: list('sourceHeard'),
      };
    }),
  ];
}
