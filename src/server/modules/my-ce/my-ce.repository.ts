// SQL for the student's own lists (CE in Progress, Watch Later, CE Completed, Viewed Tutorials) and the
// writes behind them (watch-later add/remove, class views, podcast plays). List rows come from the
// catalogue's row mapping, so a row here carries the same fields and badges as on /ondemand.
import type { Kysely } from 'kysely';
import { CLASS_TYPE } from '#shared/domain/constants';
import { classSteps, nextStep } from '#shared/domain/course-steps';
import { nowIso, type Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { writeTransaction } from '../../db/write-transaction.ts';
import { classBase, classColumns, podcastBase, podcastColumns, toClassItem, toPodcastItem, type ClassRow, type PodcastRow } from '../catalog/catalog.repository.ts';

export interface Window {
  offset: number;
  limit: number;
}

/** `clock`: the server's, for the rows' LIVE NOW flag (a webinar entered while under way is in CE in Progress) */
export function myCeRepository(db: Kysely<DB>, clock: Clock) {
  /** the student's own gradebook row joined in by classBase; `g.id` is null where the student has none */
  const mineBase = (studentId: number) => classBase(db, studentId);
  const toItem = (r: ClassRow) => toClassItem(r, nowIso(clock));

  return {
    /**
     * CE in Progress: classes the student started (viewed, or entered as a live webinar) whose exam is
     * still to pass. Only classes with an exam: a tutorial has nothing pending, and the screen counts
     * "Pending exams". A certificate ends it even if exam_taken_at were ever missing.
     */
    async pending(studentId: number, w: Window) {
      const q = mineBase(studentId)
        .where('g.id', 'is not', null)
        .where((eb) => eb.or([eb('g.viewCount', '>', 0), eb('g.startedAt', 'is not', null)]))
        .where('g.examTakenAt', 'is', null)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('certificates as ct').select('ct.id').whereRef('ct.gradebookId', '=', 'g.id'))))
        .where((eb) => eb.exists(eb.selectFrom('exams as e').select('e.id').whereRef('e.classId', '=', 'c.id')));
      const [rows, total] = await Promise.all([
        // updated_at moves with every step the student takes (view, start, evaluation…): newest activity first
        q
          .select([...classColumns, 'c.svaId', 'c.surveyId', 'g.viewCount', 'g.startedAt', 'g.attended', 'g.evalTakenAt', 'g.svaDoneAt', 'g.surveyDoneAt'])
          .orderBy('g.updatedAt', 'desc')
          .orderBy('g.id', 'desc')
          .offset(w.offset)
          .limit(w.limit)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map((r) => {
          // the class's steps as its classroom names them (every pending class has an exam)
          const steps = classSteps({ live: r.typeId === CLASS_TYPE.LIVE, hasExam: true, hasSponsoredVideo: r.svaId !== null, hasSurvey: r.surveyId !== null });
          return { ...toItem(r as ClassRow), next: nextStep(steps, { ...r, viewCount: Number(r.viewCount) }) ?? undefined };
        }),
        total: Number(total.n),
      };
    },

    /** Watch Later, most recently added first; each row carries its queue id (spec §4: non-zero = queued) */
    async queue(studentId: number, w: Window) {
      const q = mineBase(studentId).innerJoin('queue as q', (j) => j.onRef('q.classId', '=', 'c.id').on('q.studentId', '=', studentId).on('q.removedAt', 'is', null));
      const [rows, total] = await Promise.all([
        q.select([...classColumns, 'q.id as queueId']).orderBy('q.createdAt', 'desc').orderBy('q.id', 'desc').offset(w.offset).limit(w.limit).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: (rows as (ClassRow & { queueId: number })[]).map((r) => ({ ...toItem(r), queueId: r.queueId })), total: Number(total.n) };
    },

    /** completed classes: a certificate is the credit record (as on /account), newest completion first */
    async completedClasses(studentId: number, w: Window) {
      const q = mineBase(studentId).innerJoin('certificates as ct', 'ct.gradebookId', 'g.id');
      const [rows, total] = await Promise.all([
        q.select(classColumns).orderBy('ct.completedAt', 'desc').orderBy('ct.id', 'desc').offset(w.offset).limit(w.limit).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: (rows as ClassRow[]).map(toItem), total: Number(total.n) };
    },

    async completedPodcasts(studentId: number, w: Window) {
      const q = podcastBase(db, studentId).innerJoin('certificates as ct', 'ct.gradebookId', 'g.id');
      const [rows, total] = await Promise.all([
        q.select(podcastColumns).orderBy('ct.completedAt', 'desc').orderBy('ct.id', 'desc').offset(w.offset).limit(w.limit).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: (rows as PodcastRow[]).map(toPodcastItem), total: Number(total.n) };
    },

    /** both tab counts in one read; the joins match the two lists', so a tab's count equals its totalRows */
    async completedCounts(studentId: number) {
      const row = await db
        .selectFrom('certificates as ct')
        .innerJoin('gradebook as g', 'g.id', 'ct.gradebookId')
        .leftJoin('classes as c', 'c.id', 'g.classId')
        .leftJoin('podcasts as p', 'p.id', 'g.podcastId')
        .select((eb) => [eb.fn.count<number>('c.id').as('webinars'), eb.fn.count<number>('p.id').as('podcasts')])
        .where('ct.studentId', '=', studentId)
        .executeTakeFirstOrThrow();
      return { cntWebinars: Number(row.webinars), cntPodcasts: Number(row.podcasts) };
    },

    /** tutorials the student opened, most recently viewed first */
    async tutorialHistory(studentId: number, w: Window) {
      const q = mineBase(studentId)
        .where('c.isTutorial', '=', 1)
        .where((eb) =>
          eb.or([
            eb('g.viewCount', '>', 0),
            eb.exists(eb.selectFrom('viewEvents as ve').select('ve.id').whereRef('ve.classId', '=', 'c.id').where('ve.studentId', '=', studentId).where('ve.kind', '=', 'view')),
          ]),
        );
      const [rows, total] = await Promise.all([
        q
          .select(classColumns)
          // the last view event, or the gradebook row's last change where the events are gone
          .orderBy(
            (eb) =>
              eb.fn.coalesce(
                eb.selectFrom('viewEvents as ve').select((e) => e.fn.max('ve.createdAt').as('at')).whereRef('ve.classId', '=', 'c.id').where('ve.studentId', '=', studentId).where('ve.kind', '=', 'view'),
                'g.updatedAt',
              ),
            'desc',
          )
          .orderBy('c.id', 'desc')
          .offset(w.offset)
          .limit(w.limit)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: (rows as ClassRow[]).map(toItem), total: Number(total.n) };
    },

    /**
     * Watch Later by last writer wins (docs/decisions/0020-idempotency.md): puts the class or episode on the
     * student's list, or takes it off, as done on the device at `atIso`, unless an action done later is already
     * recorded for it; one upsert on the (student, item) unique index, so racing actions cannot both win.
     * A removal keeps the row (removed_at), so a late add older than it changes nothing. Answers the item's
     * queue id as it now stands: 0 when it is not on the list (spec §4).
     */
    async queueSet(kind: 'class' | 'podcast', studentId: number, itemId: number, action: 'add' | 'remove', atIso: string, nowIso: string): Promise<number> {
      // the two tables have one shape but for the item column: Kysely is shown the classes' names and given the real ones
      const { table, item } = (kind === 'class' ? { table: 'queue', item: 'classId' } : { table: 'podcastQueue', item: 'podcastId' }) as { table: 'queue'; item: 'classId' };
      const existing = <C extends 'createdAt' | 'changedAt' | 'removedAt'>(col: C) => `${table}.${col}` as `queue.${C}`;
      await db
        .insertInto(table)
        .values({ studentId, [item]: itemId, createdAt: nowIso, changedAt: atIso, removedAt: action === 'remove' ? atIso : null })
        .onConflict((oc) =>
          oc
            .columns(['studentId', item])
            .doUpdateSet((eb) => ({
              changedAt: eb.ref('excluded.changedAt'),
              removedAt: eb.ref('excluded.removedAt'),
              // back on the list after a removal: at the top, as a first add would be; still on it: where it was
              createdAt: eb.case().when(existing('removedAt'), 'is not', null).then(eb.ref('excluded.createdAt')).else(eb.ref(existing('createdAt'))).end(),
            }))
            // the same time applies too: the later to arrive wins a tie
            .where((eb) => eb(existing('changedAt'), '<=', eb.ref('excluded.changedAt'))),
        )
        .execute();
      const row = await db.selectFrom(table).select(['id', 'removedAt']).where('studentId', '=', studentId).where(item, '=', itemId).executeTakeFirstOrThrow();
      return row.removedAt === null ? row.id : 0;
    },

    /** the episodes on Watch Later, most recently added first, each with its queue id; and how many in all */
    async queuedPodcasts(studentId: number, limit: number) {
      const q = podcastBase(db, studentId).innerJoin('podcastQueue as pq', (j) => j.onRef('pq.podcastId', '=', 'p.id').on('pq.studentId', '=', studentId).on('pq.removedAt', 'is', null));
      const [rows, total] = await Promise.all([
        q.select([...podcastColumns, 'pq.id as queueId']).orderBy('pq.createdAt', 'desc').orderBy('pq.id', 'desc').limit(limit).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: (rows as (PodcastRow & { queueId: number })[]).map((r) => ({ ...toPodcastItem(r), queueId: r.queueId })), total: Number(total.n) };
    },

    /** one view: the gradebook row counts it and the event log keeps when; both or neither */
    recordClassView(studentId: number, classId: number, nowIso: string): Promise<number> {
      return writeTransaction(db, async (trx) => {
        const g = await trx
          .insertInto('gradebook')
          .values({ studentId, classId, podcastId: null, viewCount: 1, startedAt: null, endedAt: null, attended: null, evalTakenAt: null, svaDoneAt: null, surveyDoneAt: null, examTakenAt: null, examScore: null, credits: null, ceTypeId: null, createdAt: nowIso, updatedAt: nowIso })
          .onConflict((oc) => oc.columns(['studentId', 'classId']).doUpdateSet((eb) => ({ viewCount: eb('gradebook.viewCount', '+', 1), updatedAt: nowIso })))
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('viewEvents').values({ studentId, classId, podcastId: null, kind: 'view', clientEventId: null, createdAt: nowIso }).execute();
        return g.id;
      });
    },

    /**
     * one play. A client event id makes a replayed play (the offline queue sending it again) a no-op:
     * the unique index view_events_client_uq decides, so two replays racing still count once.
     */
    recordPodcastPlay(studentId: number, podcastId: number, clientEventId: string | null, nowIso: string): Promise<void> {
      return writeTransaction(db, async (trx) => {
        const inserted = await trx
          .insertInto('viewEvents')
          .values({ studentId, classId: null, podcastId, kind: 'play', clientEventId, createdAt: nowIso })
          // the index is partial (client_event_id is not null), so the conflict target names its predicate
          .onConflict((oc) => oc.columns(['studentId', 'clientEventId']).where('clientEventId', 'is not', null).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) return;
        // the podcast's gradebook row counts plays too, like a class's views, for the listen-first guard
        await trx
          .insertInto('gradebook')
          .values({ studentId, classId: null, podcastId, viewCount: 1, startedAt: null, endedAt: null, attended: null, evalTakenAt: null, svaDoneAt: null, surveyDoneAt: null, examTakenAt: null, examScore: null, credits: null, ceTypeId: null, createdAt: nowIso, updatedAt: nowIso })
          .onConflict((oc) => oc.columns(['studentId', 'podcastId']).doUpdateSet((eb) => ({ viewCount: eb('gradebook.viewCount', '+', 1), updatedAt: nowIso })))
          .execute();
      });
    },
  };
}

export type MyCeRepository = ReturnType<typeof myCeRepository>;
