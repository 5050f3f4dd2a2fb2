// Live webinars (spec §2, §4, §7): reserve a seat or a waitlist place, release it by its cancel code, the
// student's seats, entering the webinar, confirming attendance, and the calendar file.
import type { Kysely } from 'kysely';
import { getCalendar, getCancelSeat, postCancelSeat, postClassStart, postReserveSeat } from '#shared/api/classes';
import { postSaveAffidavit } from '#shared/api/learning';
import { getSeats } from '#shared/api/my-ce';
import { CLASS_TYPE, ceTypeName } from '#shared/domain/constants';
import { webinarEndMs } from '#shared/domain/countdown';
import { rememberTimeZone } from '../account/time-zone.ts';
import { nowIso, type Clock } from '../../clock.ts';
import { randomHash } from '../../db/ids.ts';
import { CANCELLED, type DB } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { promotedMail, seatMail } from '../../mail/messages.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { HttpError, implement, type Implementation } from '../../plugins/contract.ts';
import { webinarIcs } from './calendar.ts';
import { seatService } from './seats.service.ts';
import { writeTransaction } from '../../db/write-transaction.ts';
import type { CourseGate } from '../learning/course-gate.service.ts';
import { findClass, type Course } from '../learning/course.repository.ts';
import { inProgressAt } from '../catalog/live-now.ts';

export const NO_CLASS = 'No class selected.';
export const NOT_RESERVABLE = 'This webinar is not open for reservations.';
export const ATTENDANCE_RECORDED = 'Your answer about attending this webinar is already recorded.';
export const CANCEL_FAILED = 'Unable to cancel seat.  Unknown reason.';

export interface SeatDeps {
  db: Kysely<DB>;
  clock: Clock;
  publicUrl: string;
  meetingUrlTemplate: string;
  mailer: Mailer;
  gate: CourseGate;
}

export function seatRoutes(deps: SeatDeps): Implementation[] {
  const { db, clock, publicUrl, gate } = deps;
  const seats = seatService(db, { now: clock.now });

  const icsOf = (w: Course, cancelCode?: string) =>
    webinarIcs({ hash: w.hash, title: w.title, description: w.description, speakerName: w.speakerName, start: w.releaseDate, durationMin: w.durationMin }, publicUrl, cancelCode ? { cancelUrl: `${publicUrl}/cancel-seat/${cancelCode}` } : undefined);
  const mailInfo = (w: Course, cancelCode?: string) => ({ hash: w.hash, title: w.title, start: w.releaseDate, ics: icsOf(w, cancelCode) });
  const recipient = (trx: Kysely<DB>, studentId: number) => trx.selectFrom('students').select(['id', 'email', 'firstname', 'timeZone']).where('id', '=', studentId).executeTakeFirstOrThrow();

  return [
    implement(postReserveSeat, async ({ body, student }) => {
      const w = await findClass(db, body.c);
      if (!w) throw new HttpError(404, NO_CLASS);
      if (w.typeId !== CLASS_TYPE.LIVE || webinarEndMs(w) <= clock.now()) throw new HttpError(409, NOT_RESERVABLE);
      // everything slow or read-only happens before the transaction: it holds the webinar's write lock
      const cancelCode = randomHash(18);
      // the device's zone, kept for this mail and the reminders (decision 0041)
      await rememberTimeZone(db, student.id, body.tz);
      const [to, info] = [await recipient(db, student.id), mailInfo(w, cancelCode)];
      const seat = await seats.reserve(w.id, student.id, (trx, s) => enqueueMail(trx, seatMail(to, info, s, publicUrl), clock.now()), cancelCode);
      if (seat.created) deps.mailer.wake();
      return { status: true, attendeeId: seat.attendeeId, isWaiting: seat.isWaiting };
    }),

    // the code is the credential: anyone holding the e-mailed link may see and release that one seat
    implement(getCancelSeat, async ({ query }) => {
      const rows = await db
        .selectFrom('seats as st')
        .innerJoin('classes as c', 'c.id', 'st.classId')
        .innerJoin('speakers as sp', 'sp.id', 'c.speakerId')
        .select(['c.hash', 'c.name as className', 'sp.name as speakerName', 'c.releaseDate', 'st.status'])
        .where('st.cancelCode', '=', query.code)
        .execute();
      return { status: true, data: rows.map(({ releaseDate, ...r }) => ({ ...r, releaseDateUTC: releaseDate })) };
    }),

    implement(postCancelSeat, async ({ body }) => {
      const result = await seats.cancel(body.code, async (trx, seatId) => {
        const seat = await trx.selectFrom('seats').select(['studentId', 'classId', 'cancelCode']).where('id', '=', seatId).executeTakeFirstOrThrow();
        const w = (await findClass(trx, { id: seat.classId }))!;
        await enqueueMail(trx, promotedMail(await recipient(trx as Kysely<DB>, seat.studentId), mailInfo(w, seat.cancelCode), seat.cancelCode, publicUrl), clock.now());
      });
      if (!result) throw new HttpError(404, CANCEL_FAILED);
      if (result.promotedSeatId) deps.mailer.wake();
      return { status: true };
    }),

    implement(getSeats, async ({ student }) => {
      const now = nowIso(clock);
      const rows = await db
        .selectFrom('seats as st')
        .innerJoin('classes as c', 'c.id', 'st.classId')
        .innerJoin('speakers as sp', 'sp.id', 'c.speakerId')
        .leftJoin('companies as co', 'co.id', 'c.companyId')
        .select(['c.id', 'c.hash', 'st.cancelCode', 'st.status', 'c.name', 'c.photo', 'sp.name as speakerName', 'co.name as companyName', 'c.typeId', 'c.releaseDate', 'c.endDate', 'c.credits', 'c.ceTypeId'])
        .where('st.studentId', '=', student.id)
        .where('st.status', '<>', CANCELLED)
        .where('c.endDate', '>', now)
        .orderBy('c.releaseDate')
        .execute();
      return {
        status: true,
        rowCount: rows.length,
        data: rows.map((r) => ({
          classId: r.id,
          hash: r.hash,
          // spec §4: only a confirmed seat can be cancelled from the list
          cancelCode: r.status === 'reserved' ? r.cancelCode : null,
          hasSeat: true,
          isWaiting: r.status === 'waiting',
          className: r.name,
          photo: r.photo,
          speakerName: r.speakerName,
          sponsorCompanyName: r.companyName,
          releaseDateUTC: r.releaseDate,
          credits: Number(r.credits),
          creditName: ceTypeName(r.ceTypeId),
          inProgress: inProgressAt(r, now),
        })),
      };
    }),

    implement(postClassStart, async ({ body, student }) => {
      const course = await gate.course(db, { c: body.c }, 'class');
      // a seat, the window from 30 minutes before the start until the end, and a meeting link (the gate's rules)
      await gate.require(db, 'start', course, student.id);
      const at = nowIso(clock);
      // the first start counts: a student who re-enters after a dropped connection keeps it
      const gradebook = await db
        .insertInto('gradebook')
        .values({ studentId: student.id, classId: course.id, podcastId: null, startedAt: at, createdAt: at, updatedAt: at })
        .onConflict((oc) => oc.columns(['studentId', 'classId']).doUpdateSet((eb) => ({ startedAt: eb.fn.coalesce('gradebook.startedAt', eb.val(at)), updatedAt: at })))
        .returning('id')
        .executeTakeFirstOrThrow();
      const seat = await db.selectFrom('seats').select('id').where('classId', '=', course.id).where('studentId', '=', student.id).where('status', '=', 'reserved').executeTakeFirstOrThrow();
      return { status: true, attendeeId: seat.id, gradebookId: gradebook.id, meetingUrl: deps.meetingUrlTemplate.replace('{code}', encodeURIComponent(course.zoomCode!)) };
    }),

    // the first answer is the record an auditor reads: the same answer again (a replay) is fine, another is refused
    implement(postSaveAffidavit, async ({ body, student }) => {
      const course = await gate.course(db, { c: body.c }, 'class');
      const attended = body.attended ? 1 : 0;
      await writeTransaction(db, async (trx) => {
        const { progress } = await gate.require(trx, 'attendance', course, student.id);
        if (progress!.attended !== null && progress!.attended !== attended) throw new HttpError(409, ATTENDANCE_RECORDED);
        await trx.updateTable('gradebook').set({ attended, updatedAt: nowIso(clock) }).where('id', '=', progress!.id).execute();
      });
      return { status: true };
    }),

    implement(getCalendar, async ({ query, reply }) => {
      const w = await findClass(db, query.c);
      if (!w || w.typeId !== CLASS_TYPE.LIVE) throw new HttpError(404, NO_CLASS);
      reply.header('content-disposition', `attachment; filename="${w.hash}.ics"`);
      return icsOf(w);
    }),
  ];
}
