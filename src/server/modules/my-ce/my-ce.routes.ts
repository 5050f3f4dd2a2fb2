// The student's own CE (spec §2 "My CE", §4 Watch-later, §7): CE in Progress, Watch Later, CE Completed,
// Viewed Tutorials, and the calls that fill them: queue add/remove (classes and episodes), class views and
// podcast plays.
// Every call is access 'student' in the contract, so the session's student is the only one read or written.
import type { Kysely } from 'kysely';
import { QUEUED_PODCASTS_MAX, getCompleted, getCompletedPodcasts, getCompletedWebinars, getPending, getQueue, getTutorialHistory } from '#shared/api/my-ce';
import { postClassView, postQueueAdd, postRemoveQueue } from '#shared/api/classes';
import { postPodcastView } from '#shared/api/podcasts';
import { CLASS_TYPE } from '#shared/domain/constants';
import { nowIso, type Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { HttpError, implement, type Implementation } from '../../plugins/contract.ts';
import { catalogRepository } from '../catalog/catalog.repository.ts';
import { PAGE_SIZE } from '../catalog/catalog.routes.ts';
import { pageOf } from '../catalog/paging.ts';
import { myCeRepository, type Window } from './my-ce.repository.ts';
import { NO_CLASS, NO_PODCAST, type CourseGate } from '../learning/course-gate.service.ts';


export function myCeRoutes(db: Kysely<DB>, opts: { clock: Clock; gate: CourseGate }): Implementation[] {
  const { gate } = opts;
  const repo = myCeRepository(db, opts.clock);
  // the ads of Viewed Tutorials are placed like the catalogue lists' ads
  const catalog = catalogRepository(db);
  const paged = <T>(list: (studentId: number, w: Window) => Promise<{ items: T[]; total: number }>, studentId: number, page: number) =>
    pageOf((offset, limit) => list(studentId, { offset, limit }), page, PAGE_SIZE);

  return [
    implement(getPending, async ({ query, student }) => paged(repo.pending, student.id, query.page)),
    implement(getQueue, async ({ query, student }) => {
      const [classes, podcasts] = await Promise.all([paged(repo.queue, student.id, query.page), repo.queuedPodcasts(student.id, QUEUED_PODCASTS_MAX)]);
      return { ...classes, podcasts: { totalRows: podcasts.total, data: podcasts.items } };
    }),
    implement(getCompleted, async ({ student }) => ({ status: true, data: [await repo.completedCounts(student.id)] })),
    implement(getCompletedWebinars, async ({ query, student }) => paged(repo.completedClasses, student.id, query.page)),
    implement(getCompletedPodcasts, async ({ query, student }) => paged(repo.completedPodcasts, student.id, query.page)),
    implement(getTutorialHistory, async ({ query, student }) => {
      const res = await paged(repo.tutorialHistory, student.id, query.page);
      return { ...res, mobileAds: await catalog.mobileAds('tutorial-history', res.rowCount) };
    }),

    implement(postQueueAdd, async ({ body, student }) => {
      if (body.p) {
        // an episode is there from its release, as on /api/podcast
        const p = await gate.course(db, { p: body.p }, 'podcast');
        if (Date.parse(p.releaseDate) > opts.clock.now()) throw new HttpError(404, NO_PODCAST);
        return { status: true, queueId: await repo.queueAddPodcast(student.id, p.id, nowIso(opts.clock)) };
      }
      const c = await gate.course(db, { c: body.c }, 'class');
      // only what the student can open: an on-demand class is not there before its release (as on /api/class)
      if (c.typeId !== CLASS_TYPE.LIVE && Date.parse(c.releaseDate) > opts.clock.now()) throw new HttpError(404, NO_CLASS);
      return { status: true, queueId: await repo.queueAdd(student.id, c.id, nowIso(opts.clock)) };
    }),

    // removing what is not on the list succeeds too: a second tap, or another tab, ends in the same state
    implement(postRemoveQueue, async ({ body, student }) => {
      if (body.p) {
        const p = await gate.course(db, { p: body.p }, 'podcast');
        await repo.queueRemovePodcast(student.id, p.id);
        return { status: true, podcastObj: { status: true, hash: p.hash } };
      }
      const c = await gate.course(db, { c: body.c }, 'class');
      await repo.queueRemove(student.id, c.id);
      return { status: true, classObj: { status: true, hash: c.hash } };
    }),

    // an on-demand class or tutorial; a live webinar is viewed only by entering it (class-start, course gate)
    implement(postClassView, async ({ body, student }) => {
      const c = await gate.course(db, { c: body.c }, 'class');
      await gate.require(db, 'view', c, student.id);
      return { status: true, gradebookId: await repo.recordClassView(student.id, c.id, nowIso(opts.clock)) };
    }),

    implement(postPodcastView, async ({ body, student }) => {
      const p = await gate.course(db, { p: body.p }, 'podcast');
      await gate.require(db, 'play', p, student.id);
      await repo.recordPodcastPlay(student.id, p.id, body.e ?? null, nowIso(opts.clock));
      return { status: true };
    }),
  ];
}
