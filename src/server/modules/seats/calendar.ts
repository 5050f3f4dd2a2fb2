// The .ics of a live webinar, for GET /api/calendar and the reminder mails (decisions.md "Calendar
// endpoint"). ical-generator does the escaping and line folding RFC 5545 asks for, which summaries
// and descriptions written by people (commas, semicolons, long lines) would otherwise break.
import ical, { ICalAlarmType, ICalCalendarMethod } from 'ical-generator';
import { webinarEndMs } from '#shared/domain/countdown';

export interface WebinarEvent {
  hash: string;
  title: string;
  description: string;
  speakerName: string;
  /** ISO-8601 */
  start: string;
  durationMin: number;
}

export function webinarIcs(w: WebinarEvent, publicUrl: string, opts: { cancelUrl?: string } = {}): string {
  const start = new Date(w.start);
  if (Number.isNaN(start.getTime())) throw new RangeError(`webinar ${w.hash} has no valid start: ${w.start}`);
  const liveUrl = `${publicUrl}/live/${w.hash}`;
  // PUBLISH: the file adds an event to the student's calendar; it is not a meeting invitation to answer
  const calendar = ical({ prodId: { company: 'CE Pass', product: 'CE Pass', language: 'EN' }, method: ICalCalendarMethod.PUBLISH });
  calendar.createEvent({
    // the same UID every time, so downloading the file again (or a second reminder) updates the event instead of adding a copy
    id: `${w.hash}@${new URL(publicUrl).hostname}`,
    stamp: new Date(),
    start,
    end: new Date(webinarEndMs({ releaseDate: w.start, durationMin: w.durationMin })),
    summary: `Live CE Webinar: ${w.title}`,
    description: [
      w.description.trim(),
      `Speaker: ${w.speakerName}`,
      `Join the live webinar: ${liveUrl}`,
      opts.cancelUrl ? `Cannot attend? Cancel your seat so someone on the waitlist can have it: ${opts.cancelUrl}` : '',
    ]
      .filter(Boolean)
      .join('\n\n'),
    url: liveUrl,
    alarms: [{ type: ICalAlarmType.display, trigger: 30 * 60, description: `Live CE Webinar: ${w.title} starts in 30 minutes` }],
  });
  return calendar.toString();
}
