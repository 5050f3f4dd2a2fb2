// License reminders (issue 19): an e-mail 90, 30 and 7 days before a license's renewal date while its requirements
// are unmet, with what is left. Each once, even with several server processes on one database: the process whose
// insert of (license, cycle, window) into license_reminders succeeds is the one that writes the mail, in the same
// transaction, so the mail exists exactly when the mark does (as seat reminders, modules/seats/reminders.ts).
// Only the window the license is in now is sent: a server that was down through the 90-day window sends the
// 30-day one, not both; and a window that opened before the license was added (or its date changed) is skipped,
// so a license added 20 days before renewal gets the 7-day reminder only.
import type { FastifyBaseLogger } from 'fastify';
import { REMINDER_DAYS } from '#shared/domain/license';
import { addDays, cyclesOf, dayOf, daysBetween } from '#shared/domain/license-progress';
import { isoAt } from '../../clock.ts';
import { writeTransaction } from '../../db/write-transaction.ts';
import { startPeriodic, type PeriodicJob } from '../../jobs/periodic.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { licenseReminderMail } from '../../mail/messages.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { licenseService, type LicenseDeps } from './license.service.ts';

export type LicenseReminderRunner = PeriodicJob<number>;

/** the reminder window a renewal `days` away is in (the nearest of 90, 30, 7 not yet passed), or null */
export const windowOf = (days: number): number | null => (days < 0 ? null : ([...REMINDER_DAYS].sort((a, b) => a - b).find((w) => days <= w) ?? null));

/** the reminders due today: each license's current cycle end, the window it is in, if it opened after the license was set */
export async function dueReminders(deps: Pick<LicenseDeps, 'db'>, today: string) {
  const licenses = await deps.db.selectFrom('licenses').select(['id', 'studentId', 'firstRenewalDate', 'cycleYears', 'remindersFrom']).execute();
  const due: { licenseId: number; studentId: number; cycleEnd: string; days: number; window: number }[] = [];
  for (const l of licenses) {
    const end = cyclesOf(l.firstRenewalDate, l.cycleYears, today)[0]!.end;
    const days = daysBetween(today, end);
    const window = windowOf(days);
    if (window === null || addDays(end, -window) < l.remindersFrom) continue;
    due.push({ licenseId: l.id, studentId: l.studentId, cycleEnd: end, days, window });
  }
  if (!due.length) return due;
  const sent = await deps.db.selectFrom('licenseReminders').select(['licenseId', 'cycleEnd', 'days']).where('licenseId', 'in', due.map((d) => d.licenseId)).execute();
  return due.filter((d) => !sent.some((s) => s.licenseId === d.licenseId && s.cycleEnd === d.cycleEnd && s.days === d.window));
}

export function startLicenseReminders(deps: LicenseDeps & { mailer: Mailer; log: FastifyBaseLogger; intervalMs?: number; firstDelayMs?: number }): LicenseReminderRunner {
  const { db, clock, publicUrl } = deps;
  const licenses = licenseService(deps);

  /** true when this process won the reminder and its mail is in the outbox */
  async function remind(d: Awaited<ReturnType<typeof dueReminders>>[number], now: number): Promise<boolean> {
    const view = await licenses.view(d.studentId, d.licenseId);
    // met since: nothing to remind of (and the window stays open, should a rule change make it unmet again)
    if (view.progress.met) return false;
    const to = await db.selectFrom('students').select(['id', 'email', 'firstname']).where('id', '=', d.studentId).executeTakeFirstOrThrow();
    const mail = licenseReminderMail(to, { id: view.license.id, jurisdiction: view.license.jurisdiction, licenseType: view.license.licenseType, renewalDate: d.cycleEnd, daysLeft: d.days }, view.progress.whatsLeft, publicUrl);
    return writeTransaction(db, async (trx) => {
      const marked = await trx
        .insertInto('licenseReminders')
        .values({ licenseId: d.licenseId, cycleEnd: d.cycleEnd, days: d.window, sentAt: isoAt(now) })
        .onConflict((oc) => oc.columns(['licenseId', 'cycleEnd', 'days']).doNothing())
        .executeTakeFirst();
      // another process got there first
      if (Number(marked.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
      await enqueueMail(trx, mail, now);
      return true;
    });
  }

  async function pass(closing: () => boolean): Promise<number> {
    const now = clock.now();
    let sent = 0;
    for (const d of await dueReminders(deps, dayOf(now))) {
      if (closing()) break;
      try {
        if (await remind(d, now)) {
          sent++;
          deps.mailer.wake();
        }
      } catch (err) {
        // rolled back, mark included: the next pass tries this license again
        deps.log.error({ err, license: d.licenseId, window: d.window }, 'license reminder failed; will retry');
      }
    }
    return sent;
  }

  return startPeriodic({ pass, idle: 0, intervalMs: deps.intervalMs ?? 60_000, ...(deps.firstDelayMs === undefined ? {} : { firstDelayMs: deps.firstDelayMs }), log: deps.log, name: 'license reminder' });
}
