// Seat reminders: every reserved seat of a live webinar is e-mailed 24 hours and 1 hour before it starts,
// each reminder once. "Once" holds across server processes sharing one database: a reminder is sent
// only by the transaction whose conditional UPDATE (… WHERE reminded_x_at IS NULL) changed the seat row,
// and the mail goes into the outbox in that same transaction, so it exists exactly when the mark does.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { CLASS_TYPE } from '#shared/domain/constants';
import { isoAt, type Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { writeTransaction } from '../../db/write-transaction.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { seatReminderMail, type ReminderDue } from '../../mail/messages.ts';
import { webinarIcs } from './calendar.ts';
import { startPeriodic, type PeriodicJob } from '../../jobs/periodic.ts';

const HOUR = 3600_000;

export type ReminderRunner = PeriodicJob<number>;

export function startReminders(
  db: Kysely<DB>,
  opts: { clock: Clock; mailer: Mailer; publicUrl: string; log: FastifyBaseLogger; intervalMs?: number; firstDelayMs?: number },
): ReminderRunner {

  /** reserved seats of live webinars that start within 24 hours and still owe the reminder now due */
  const dueSeats = (now: number) =>
    db
      .selectFrom('seats')
      .innerJoin('classes', 'classes.id', 'seats.classId')
      .innerJoin('students', 'students.id', 'seats.studentId')
      .innerJoin('speakers', 'speakers.id', 'classes.speakerId')
      .select([
        'seats.id as seatId',
        'seats.cancelCode',
        'seats.reminded1hAt',
        'students.id as studentId',
        'students.email',
        'students.firstname',
        'students.timeZone',
        'classes.hash',
        'classes.name',
        'classes.description',
        'classes.releaseDate',
        'classes.durationMin',
        'speakers.name as speakerName',
      ])
      .where('seats.status', '=', 'reserved')
      .where('classes.typeId', '=', CLASS_TYPE.LIVE)
      // ISO-8601 UTC text compares in time order, on SQLite and PostgreSQL alike
      .where('classes.releaseDate', '>', isoAt(now))
      .where('classes.releaseDate', '<=', isoAt(now + 24 * HOUR))
      .where((eb) =>
        eb.or([
          eb.and([eb('classes.releaseDate', '>', isoAt(now + HOUR)), eb('seats.reminded24hAt', 'is', null)]),
          eb.and([eb('classes.releaseDate', '<=', isoAt(now + HOUR)), eb('seats.reminded1hAt', 'is', null)]),
        ]),
      )
      .orderBy('classes.releaseDate')
      .orderBy('seats.id')
      .execute();

  type DueSeat = Awaited<ReturnType<typeof dueSeats>>[number];

  /** true when this process won the seat's reminder and its mail is in the outbox */
  async function remind(seat: DueSeat, due: ReminderDue, now: number): Promise<boolean> {
    const webinar = { hash: seat.hash, title: seat.name, description: seat.description, speakerName: seat.speakerName, start: seat.releaseDate, durationMin: seat.durationMin };
    const cancelUrl = `${opts.publicUrl}/cancel-seat/${seat.cancelCode}`;
    // built before the transaction, so the write lock is held only for the two writes
    const mail = seatReminderMail(
      { id: seat.studentId, email: seat.email, firstname: seat.firstname, timeZone: seat.timeZone },
      { hash: webinar.hash, title: webinar.title, start: webinar.start, speakerName: webinar.speakerName, durationMin: webinar.durationMin, ics: webinarIcs(webinar, opts.publicUrl, { cancelUrl }) },
      due,
      seat.cancelCode,
      opts.publicUrl,
    );
    return writeTransaction(db, async (trx) => {
      const at = isoAt(now);
      const marked =
        due === '1h'
          ? await trx
              .updateTable('seats')
              // a seat reserved within the last hour skips the 24-hour mail: one reminder, not two back to back
              .set((eb) => ({ reminded1hAt: at, reminded24hAt: eb.fn.coalesce('reminded24hAt', eb.val(at)) }))
              .where('id', '=', seat.seatId)
              .where('reminded1hAt', 'is', null)
              .where('status', '=', 'reserved')
              .executeTakeFirst()
          : await trx
              .updateTable('seats')
              .set({ reminded24hAt: at })
              .where('id', '=', seat.seatId)
              .where('reminded24hAt', 'is', null)
              .where('status', '=', 'reserved')
              .executeTakeFirst();
      // another process got there first, or the seat was cancelled since the select
      if (Number(marked.numUpdatedRows) !== 1) return false;
      await enqueueMail(trx, mail, now);
      return true;
    });
  }

  async function pass(closing: () => boolean): Promise<number> {
    const now = opts.clock.now();
    let sent = 0;
    for (const seat of await dueSeats(now)) {
      if (closing()) break;
      const due: ReminderDue = Date.parse(seat.releaseDate) - now <= HOUR ? '1h' : '24h';
      try {
        if (await remind(seat, due, now)) {
          sent++;
          opts.mailer.wake();
        }
      } catch (err) {
        // the transaction rolled back, mark included: the next pass tries this seat again
        opts.log.error({ err, seat: seat.seatId, due }, 'seat reminder failed; will retry');
      }
    }
    return sent;
  }

  return startPeriodic({ pass, idle: 0, intervalMs: opts.intervalMs ?? 60_000, ...(opts.firstDelayMs === undefined ? {} : { firstDelayMs: opts.firstDelayMs }), log: opts.log, name: 'seat reminder' });
}
