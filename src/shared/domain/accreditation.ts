// How an accreditation statement's period reads wherever a certificate is printed (the PDF, the Proof of
// CE dialog, /verify, the Proof of CE report), so paper and screen state the same period in the same words.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export interface AccreditationPeriod {
  provider: string;
  approvalBody: string;
  /** 'YYYY-MM-DD', the first day covered */
  validFrom: string;
  /** 'YYYY-MM-DD', the last day covered */
  validThrough: string;
}

/**
 * '2026-01-01' as 'January 1, 2026'. Read from the text, never through Date: a calendar date has no time
 * zone, and a Date at UTC midnight shows the day before anywhere west of Greenwich.
 */
export function calendarDate(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${month} ${Number(m[3])}, ${m[1]}` : day;
}

/** 'ADA CERP · CE Pass · valid January 1, 2026 through December 31, 2027': who approved whom, and when */
export const accreditationLine = (a: AccreditationPeriod): string =>
  `${a.approvalBody} \u00b7 ${a.provider} \u00b7 valid ${calendarDate(a.validFrom)} through ${calendarDate(a.validThrough)}`;
