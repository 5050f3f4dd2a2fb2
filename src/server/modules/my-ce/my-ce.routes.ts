// The student's own CE (spec §2 "My CE", §4 Watch-later, §7): CE in Progress, Watch Later, CE Completed,
// Viewed Tutorials, and the calls that fill them: queue add/remove (classes and episodes), class views and
// podcast plays.
// Every call is access 'student' in the contract, so the session's student is the only one read or written.
import type { Kysely } from 'kysely';
import { QUEUED_PODCASTS_MAX, getCompleted, getCompletedPodcasts, getCompletedWebinars, getPending, getQueue, getTutorialHistory } from '#shared/api/my-ce';
import { postClassView, postQueueAdd, postRemoveQueue } from '#shared/api/classes';
import { postPodcastView } from '#shared/api/podcasts';
import { nowIso, type Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { implement, type Implementation } from '../../plugins/contract.ts';
import { catalogRepository } from '../catalog/catalog.repository.ts';
import { PAGE_SIZE } from '../catalog/catalog.routes.ts';
import { pageOf } from '../catalog/paging.ts';
import { myCeRepository, type Window } from './my-ce.repository.ts';
import { watchLaterService } from './watch-later.service.ts';
import type { CourseGate } from '../learning/course-gate.service.ts';


export function myCeRoutes(db: Kysely<DB>, opts: { clock: Clock; gate: CourseGate }): Implementation[] {
  const { gate } = opts;
  const repo = myCeRepository(db, opts.clock);
  const watchLater = watchLaterService(db, repo, opts);
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

    // last writer wins by the action's time (watch-later.service.ts): an action overtaken by a later one succeeds
    // and answers the list as it stands
    implement(postQueueAdd, async ({ body, student }) => ({ status: true, queueId: (await watchLater.add(student.id, body)).queueId })),

    implement(postRemoveQueue, async ({ body, student }) => {
      const { kind, hash, queueId } = await watchLater.remove(student.id, body);
      return { status: true, ...(kind === 'podcast' ? { podcastObj: { status: true, hash } } : { classObj: { status: true, hash } }), queueId };
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
