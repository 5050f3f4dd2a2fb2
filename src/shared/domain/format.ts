// Display formats of spec §9: dates, date-times, durations and credits.
// Pure and DOM-free, shared by client and server (e-mails and certificates format dates too).

import { CE_TYPE, ceTypeName } from './constants.ts';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const toDate = (value: string | number | Date): Date | null => {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** 'Day Mon D, YYYY' in local time, e.g. 'Wed Nov 5, 2025' */
export const formatDate = (value: string | number | Date | null | undefined): string => {
  const d = value == null ? null : toDate(value);
  return d ? `${DAYS[d.getDay()]} ${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}` : '';
};

/** 'h:mm AM/PM' in local time */
export const formatTime = (value: string | number | Date | null | undefined): string => {
  const d = value == null ? null : toDate(value);
  if (!d) return '';
  const h = d.getHours();
  return `${h % 12 === 0 ? 12 : h % 12}:${String(d.getMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

/** '{date} at h:mm AM/PM', in the device's local time zone, e.g. 'Wed Nov 5, 2025 at 3:05 PM' */
export const formatDateTime = (value: string | number | Date | null | undefined): string => {
  const date = formatDate(value);
  return date ? `${date} at ${formatTime(value)}` : '';
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
