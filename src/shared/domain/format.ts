// Display formats of spec §9: dates, date-times, durations and credits.
// Pure and DOM-free, shared by client and server: the certificate and CE report PDFs print a certificate's day
// completed (a calendar day fixed at the pass, formatDay); e-mails write their times in a zone they name.

import { CE_TYPE, ceTypeName } from './constants.ts';

const toDate = (value: string | number | Date): Date | null => {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

export interface ZoneOption {
  /** an IANA time zone; the device's own (the server process's, on the server) when left out */
  timeZone?: string;
}

/** a time zone Intl knows (an IANA name a device gave): the server leaves out any other rather than throw on it */
export const isTimeZone = (timeZone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
};

// The parts the spec's formats are assembled from, with English names whatever the device's language, as every other
// word of the app is English. In the device's zone (the server process's, on the server) and in UTC they come from
// Date itself: the first Intl date formatter a page makes costs it 20–30 ms of ICU set-up, a long task on a phone
// (decision 0051), and a list of dates needs none. Another zone, and the zone's short name after a time, come from
// Intl: en-US's (EST, PDT; 'GMT+1' where en-US has no abbreviation), one formatter per zone, made once.
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
type Parts = Record<'weekday' | 'month' | 'day' | 'year' | 'hour' | 'minute' | 'dayPeriod', string>;

const formatters = new Map<string, Intl.DateTimeFormat>();
const intlPartsOf = (d: Date, timeZone: string | undefined) => {
  const key = timeZone ?? '';
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZoneName: 'short',
      ...(timeZone ? { timeZone } : {}),
    });
    formatters.set(key, f);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of f.formatToParts(d)) parts[p.type] = p.value;
  return parts;
};

const partsOf = (d: Date, timeZone: string | undefined): Parts => {
  if (timeZone !== undefined && timeZone !== 'UTC') return intlPartsOf(d, timeZone) as Parts;
  const utc = timeZone === 'UTC';
  const hours = utc ? d.getUTCHours() : d.getHours();
  return {
    weekday: WEEKDAYS[utc ? d.getUTCDay() : d.getDay()]!,
    month: MONTHS[utc ? d.getUTCMonth() : d.getMonth()]!,
    day: String(utc ? d.getUTCDate() : d.getDate()),
    year: String(utc ? d.getUTCFullYear() : d.getFullYear()),
    hour: String(hours % 12 || 12),
    minute: String(utc ? d.getUTCMinutes() : d.getMinutes()).padStart(2, '0'),
    dayPeriod: hours < 12 ? 'AM' : 'PM',
  };
};

/** the zone's short name at that moment, as a time is followed by it */
const zoneNameOf = (d: Date, timeZone: string | undefined): string => (timeZone === 'UTC' ? 'UTC' : (intlPartsOf(d, timeZone).timeZoneName ?? ''));

/** 'Day Mon D, YYYY' in local time, e.g. 'Wed Nov 5, 2025' */
export const formatDate = (value: string | number | Date | null | undefined, opts: ZoneOption = {}): string => {
  const d = value == null ? null : toDate(value);
  if (!d) return '';
  const p = partsOf(d, opts.timeZone);
  return `${p.weekday} ${p.month} ${p.day}, ${p.year}`;
};

/**
 * The calendar day ('YYYY-MM-DD') a moment fell on in `timeZone` (UTC when none is given or Intl does not know it):
 * a certificate's date completed, fixed at the pass in the student's own zone (decision 0045), so the PDF, the
 * verification page, the report and the license tracker all say the day the student finished, wherever read.
 */
export const dayIn = (value: string | number | Date, timeZone?: string | null): string => {
  const d = toDate(value);
  if (!d) return '';
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : 'UTC';
  // en-CA writes YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
};

/** a calendar day ('YYYY-MM-DD') as 'Day Mon D, YYYY', the same day in every zone: it names a day, not a moment */
export const formatDay = (day: string | null | undefined): string => (day ? formatDate(`${day.slice(0, 10)}T12:00:00Z`, { timeZone: 'UTC' }) : '');

/**
 * '{date} at h:mm AM/PM TZ' in local time, e.g. 'Wed Nov 5, 2025 at 3:05 PM EST'. The spec's format with the time
 * zone's abbreviation after it (docs/decisions/0015-live-at-a-glance.md): a webinar's time is only useful to a
 * student who knows which zone it is in, and a phone may be set to another zone than the student thinks.
 */
export const formatDateTime = (value: string | number | Date | null | undefined, opts: ZoneOption = {}): string => {
  const d = value == null ? null : toDate(value);
  if (!d) return '';
  const p = partsOf(d, opts.timeZone);
  return `${p.weekday} ${p.month} ${p.day}, ${p.year} at ${p.hour}:${p.minute} ${p.dayPeriod} ${zoneNameOf(d, opts.timeZone)}`;
};

/** 'h:mm AM/PM TZ' in local time, e.g. '3:05 PM EST': a moment later the same day, named beside its day elsewhere */
export const formatTime = (value: string | number | Date | null | undefined, opts: ZoneOption = {}): string => {
  const d = value == null ? null : toDate(value);
  if (!d) return '';
  const p = partsOf(d, opts.timeZone);
  return `${p.hour}:${p.minute} ${p.dayPeriod} ${zoneNameOf(d, opts.timeZone)}`;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** hh:mm:ss, or mm:ss under an hour */
export const formatDuration = (seconds: number | null | undefined): string => {
  const total = Math.max(0, Math.round(seconds ?? 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${pad(h)}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
};

/** where the player is in an episode: '01:05 of 01:28' (the full player's slider, the episode page) */
export const formatPosition = (position: number, duration: number): string => `${formatDuration(position)} of ${formatDuration(duration)}`;

/** 'N CEU' */
export const formatCredits = (credits: number | null | undefined): string => `${credits ?? 0} CEU`;

/**
 * 'N CEU Self-study' (type name omitted when unknown); '' for an item that carries no credit (product training:
 * credits 0), so the screens show no credit line at all rather than '0 CEU undefined'
 */
export const formatCreditsWithType = (credits: number | null | undefined, ceTypeId: number | null | undefined, fallbackName = ''): string => {
  if (!credits || credits <= 0) return '';
  // a credit without a CE type (NONCE) shows no type name rather than the spec's 'undefined', which is also what
  // the server's creditName says for one
  const name = ceTypeId === CE_TYPE.HOMESTUDY || ceTypeId === CE_TYPE.PARTICIPATORY ? ceTypeName(ceTypeId) : fallbackName === 'undefined' ? '' : fallbackName;
  return name ? `${formatCredits(credits)} ${name}` : formatCredits(credits);
};
