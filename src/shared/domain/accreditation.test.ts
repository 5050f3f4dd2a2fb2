// The period of an accreditation statement as printed: the same calendar days in every time zone.
import { describe, expect, it } from 'vitest';
import { accreditationLine, calendarDate } from './accreditation.ts';

describe('accreditation periods', () => {
  it('prints calendar dates as written, whatever the time zone', () => {
    expect(calendarDate('2026-01-01')).toBe('January 1, 2026');
    expect(calendarDate('2027-12-31')).toBe('December 31, 2027');
    // not a calendar date: shown as given rather than as a made-up day
    expect(calendarDate('2027-13-01')).toBe('2027-13-01');
  });

  it('says who approved whom and for which days', () => {
    expect(accreditationLine({ provider: 'CE Pass', approvalBody: 'AGD PACE', validFrom: '2026-01-01', validThrough: '2027-12-31' })).toBe(
      'AGD PACE \u00b7 CE Pass \u00b7 valid January 1, 2026 through December 31, 2027',
    );
  });
});
