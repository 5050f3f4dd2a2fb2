// Every e-mail the app sends, in one place: who it goes to, its subject and its words. Links come from
// PUBLIC_URL; a password never appears in any of them (security.md).
import { certificateFileName } from '#shared/api/certificates';
import { formatDateTime, isTimeZone } from '#shared/domain/format';
import type { MailAttachment, MailKind, OutgoingMail } from './outbox.ts';

interface Recipient {
  id: number;
  email: string;
  firstname: string;
  /** the student's device's time zone (decision 0041): webinar times are said in it, with UTC beside */
  timeZone?: string | null;
}

/** a greeting, the paragraphs, and the whose-and-what-kind the per-account limits count */
const letter = (to: Recipient, kind: MailKind, subject: string, paragraphs: string[], attachments?: MailAttachment[]): OutgoingMail => ({
  to: to.email,
  subject,
  kind,
  studentId: to.id,
  text: [`Hello ${to.firstname},`, ...paragraphs].join('\n\n'),
  ...(attachments ? { attachments } : {}),
});

export const welcomeMail = (to: Recipient, username: string, loginUrl: string, publicUrl: string) =>
  letter(to, 'welcome', 'Welcome to CE Pass', [
    `Your free CE Pass account is ready. Your username is: ${username}`,
    `To log in on another device, open this link within 24 hours. It works once:\n${loginUrl}`,
    `Upcoming live webinars: ${publicUrl}/webinars`,
  ]);

export const recoverMail = (to: Recipient, username: string, resetUrl: string, minutes: number) =>
  letter(to, 'recover', 'Your CE Pass login', [
    `Your CE Pass username is: ${username}`,
    `To set a new password, open this link within ${minutes} minutes. It works once:\n${resetUrl}`,
    'If you did not ask for this, you can ignore this e-mail: your password has not changed.',
  ]);

/** tells the owner, so a change they did not make does not go unnoticed */
export const passwordChangedMail = (to: Recipient, publicUrl: string) =>
  letter(to, 'password-changed', 'Your CE Pass password was changed', [
    'The password of your CE Pass account was just changed, and your other devices were logged out.',
    `If you did not do this, recover your account at ${publicUrl}/recover and contact support at ${publicUrl}/support.`,
  ]);

/** to the OLD address: if someone else moved the account to their own address, the owner still hears of it */
export const emailChangedMail = (to: Recipient, newEmail: string, publicUrl: string) =>
  letter(to, 'email-changed', 'Your CE Pass e-mail address was changed', [
    `The e-mail address of your CE Pass account was just changed from ${to.email} to ${newEmail}. From now on, CE Pass writes to the new address.`,
    `If you did not do this, contact support at ${publicUrl}/support at once, and say that this address is yours.`,
  ]);

export const ceReportMail = (to: Recipient, completed: number, pdf: Uint8Array, publicUrl: string) =>
  letter(
    to,
    'ce-report',
    'Your CE Pass Proof of CE report',
    [`Your Proof of CE report is attached: ${completed} completed ${completed === 1 ? 'course' : 'courses'}.`, `Your certificates are also on ${publicUrl}/completed.`],
    [{ filename: 'ce-pass-proof-of-ce.pdf', contentType: 'application/pdf', content: Buffer.from(pdf).toString('base64') }],
  );

/** one course's certificate (modules/certificates): the PDF, and where anyone can check it is genuine */
export const certificateMail = (to: Recipient, c: { code: string; title: string; verifyUrl: string }, pdf: Uint8Array, publicUrl: string) =>
  letter(
    to,
    'certificate',
    `Your CE Pass certificate: ${c.title}`,
    [
      `Your Proof of CE certificate for "${c.title}" is attached.`,
      `Certificate number ${c.code}. Anyone, such as your dental board, can check that it is genuine at ${c.verifyUrl} or by scanning the QR code on it.`,
      `All your completed CE: ${publicUrl}/completed`,
    ],
    [{ filename: certificateFileName(c.code), contentType: 'application/pdf', content: Buffer.from(pdf).toString('base64') }],
  );

/** to the support team: the sender's own words, with who they are (the student hash when logged in) */
export const supportMail = (supportAddress: string, id: number, f: { name: string; office: string; email: string; phone: string; subject: string; comment: string }, studentHash: string | null): OutgoingMail => ({
  to: supportAddress,
  subject: `Support #${id}: ${f.subject}`,
  kind: 'support',
  text: [
    `From: ${f.name} <${f.email}>`,
    `Office: ${f.office}`,
    `Phone: ${f.phone}`,
    `Student: ${studentHash ?? 'not logged in'}`,
    '',
    f.comment,
  ].join('\n'),
});

export interface WebinarMailInfo {
  hash: string;
  title: string;
  start: string;
  /** the webinar as an .ics file (modules/seats/calendar.ts) */
  ics: string;
}
const icsAttachment = (ics: string): MailAttachment => ({ filename: 'webinar.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: Buffer.from(ics).toString('base64') });
/** a webinar's start in the student's time zone with UTC beside ('Sun Nov 29, 2026 at 5:09 AM CST (11:09 UTC)'); UTC alone without one */
const when = (iso: string, timeZone?: string | null) => {
  const utc = `${new Date(iso).toISOString().slice(0, 16).replace('T', ' at ')} UTC`;
  return timeZone && isTimeZone(timeZone) ? `${formatDateTime(iso, { timeZone })} (${utc.slice(14)})` : utc;
};

/** a seat or a waitlist place: the cancel link always, the calendar file for a seat */
export const seatMail = (to: Recipient, w: WebinarMailInfo, seat: { isWaiting: boolean; cancelCode: string }, publicUrl: string) =>
  seat.isWaiting
    ? letter(to, 'seat', `Waitlist: ${w.title}`, [
        `The webinar "${w.title}" (${when(w.start, to.timeZone)}) is full, so you are on its waitlist. If a seat frees up, it is yours and we e-mail you at once.`,
        `Your waitlist place: ${publicUrl}/live/${w.hash}`,
        `To leave the waitlist: ${publicUrl}/cancel-seat/${seat.cancelCode}`,
      ])
    : letter(
        to,
        'seat',
        `Seat reserved: ${w.title}`,
        [
          `Your seat in "${w.title}" is reserved for ${when(w.start, to.timeZone)}. The attached calendar file adds it to your calendar.`,
          `Enter the webinar from ${publicUrl}/live/${w.hash} (the button opens 30 minutes before the start).`,
          `If you cannot attend, release your seat so someone on the waitlist gets it: ${publicUrl}/cancel-seat/${seat.cancelCode}`,
        ],
        [icsAttachment(w.ics)],
      );

/** the head of the waitlist got a freed seat */
export const promotedMail = (to: Recipient, w: WebinarMailInfo, cancelCode: string, publicUrl: string) =>
  letter(
    to,
    'seat',
    `A seat opened up: ${w.title}`,
    [
      `Good news: a seat in "${w.title}" (${when(w.start, to.timeZone)}) opened up, and it is now yours.`,
      `Enter the webinar from ${publicUrl}/live/${w.hash} (the button opens 30 minutes before the start).`,
      `If you cannot attend, release it for the next person: ${publicUrl}/cancel-seat/${cancelCode}`,
    ],
    [icsAttachment(w.ics)],
  );

/**
 * 90, 30 and 7 days before a license's renewal date while its requirements are unmet (modules/license/reminders.ts),
 * with what is left and the CE Pass courses that cover it
 */
export const licenseReminderMail = (
  to: Recipient,
  l: { id: number; jurisdiction: string; licenseType: string; renewalDate: string; daysLeft: number },
  whatsLeft: { text: string; courses: { kind: 'class' | 'podcast'; hash: string; show: string | null; title: string }[] }[],
  publicUrl: string,
) =>
  letter(to, 'license-reminder', `Your ${l.jurisdiction} ${l.licenseType} renewal is in ${l.daysLeft} days`, [
    `Your ${l.jurisdiction} ${l.licenseType} license renews on ${l.renewalDate}, in ${l.daysLeft} days, and its requirements are not met yet. What's left:`,
    whatsLeft
      .map((w) => [`- ${w.text}`, ...w.courses.map((c) => `    ${c.title}: ${publicUrl}${c.kind === 'class' ? `/classroom/${c.hash}` : `/podcast/${c.show}/${c.hash}`}`)].join('\n'))
      .join('\n'),
    `Your progress and the audit pack: ${publicUrl}/my-license/${l.id}`,
    'The rules are the ones you keep in CE Pass: confirm with your board what applies to you.',
  ]);

export type ReminderDue = '24h' | '1h';

/** 24 hours and 1 hour before the start, to each confirmed seat (modules/seats/reminders.ts) */
export const seatReminderMail = (to: Recipient, w: WebinarMailInfo & { speakerName: string; durationMin: number }, due: ReminderDue, cancelCode: string, publicUrl: string) =>
  letter(
    to,
    'reminder',
    `Reminder: ${w.title} starts in ${due === '24h' ? '24 hours' : '1 hour'}`,
    [
      `Your seat is reserved for the live CE webinar "${w.title}" with ${w.speakerName}. It starts ${when(w.start, to.timeZone)} and runs ${w.durationMin} minutes.`,
      `Enter the webinar from ${publicUrl}/live/${w.hash} (the button opens 30 minutes before the start).`,
      `If you cannot attend, release your seat so someone on the waitlist gets it: ${publicUrl}/cancel-seat/${cancelCode}`,
    ],
    [icsAttachment(w.ics)],
  );
