// The Google Calendar link of a live webinar (spec §7, "External"). Pure: the client renders it as a link.
import { webinarEndMs } from './countdown.ts';

/** Google's template wants UTC date-times without separators or milliseconds: YYYYMMDDTHHMMSSZ */
const googleTime = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');

export function googleCalendarUrl(w: { title: string; start: string; durationMin: number; details?: string }): string {
  const start = Date.parse(w.start);
  if (Number.isNaN(start)) throw new RangeError(`not a start date: ${w.start}`);
  const title = w.title.trim() ? `Live CE Webinar: ${w.title.trim()}` : 'Live CE Webinar';
  // dates as Google documents them, start/end: digits, 'T', 'Z' and '/' may stand in a query as they are
  const params = [`action=TEMPLATE`, `text=${encodeURIComponent(title)}`, `dates=${googleTime(start)}/${googleTime(webinarEndMs({ releaseDate: w.start, durationMin: w.durationMin }))}`];
  if (w.details) params.push(`details=${encodeURIComponent(w.details)}`);
  return `https://calendar.google.com/calendar/render?${params.join('&')}`;
}
