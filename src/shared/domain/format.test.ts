import { describe, expect, it } from 'vitest';
import { alarmReached, countdownText, LIVE_ALARM_SECONDS } from './countdown.ts';
import { formatCreditsWithType, formatDate, formatDateTime, formatDuration, formatTime } from './format.ts';
import { seatLabel, seatOf } from './labels.ts';
import { password2Error, passwordError, validateSupport } from './validation.ts';

// local-time formats: build the instants from local parts so the test holds in any time zone
const local = (y: number, mo: number, d: number, h = 0, mi = 0) => new Date(y, mo - 1, d, h, mi).toISOString();

describe('formats of spec §9', () => {
  it('writes dates as Day Mon D, YYYY and date-times with h:mm AM/PM and the time zone, in local time', () => {
    expect(formatDate(local(2025, 11, 5))).toBe('Wed Nov 5, 2025');
    expect(formatDateTime(local(2025, 11, 5, 15, 5))).toMatch(/^Wed Nov 5, 2025 at 3:05 PM [A-Z][\w+:-]+$/);
    expect(formatDateTime(local(2026, 1, 1, 0, 30))).toMatch(/^Thu Jan 1, 2026 at 12:30 AM [A-Z][\w+:-]+$/);
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });
  it("writes a time alone as h:mm AM/PM with the zone (a webinar's end, beside its day)", () => {
    expect(formatTime('2025-11-05T20:05:00Z', { timeZone: 'America/Chicago' })).toBe('2:05 PM CST');
    expect(formatTime('2026-07-01T04:30:00Z', { timeZone: 'America/New_York' })).toBe('12:30 AM EDT');
    expect(formatTime('not a date')).toBe('');
  });
  it('names the time zone after the time, with summer time, and dates the day in that zone (decision 0015)', () => {
    const instant = '2025-11-05T20:05:00Z';
    expect(formatDateTime(instant, { timeZone: 'America/New_York' })).toBe('Wed Nov 5, 2025 at 3:05 PM EST');
    expect(formatDateTime('2025-07-04T16:00:00Z', { timeZone: 'America/New_York' })).toBe('Fri Jul 4, 2025 at 12:00 PM EDT');
    expect(formatDateTime(instant, { timeZone: 'America/Los_Angeles' })).toBe('Wed Nov 5, 2025 at 12:05 PM PST');
    expect(formatDateTime(instant, { timeZone: 'UTC' })).toBe('Wed Nov 5, 2025 at 8:05 PM UTC');
    // a zone en-US has no abbreviation for still says which it is
    expect(formatDateTime(instant, { timeZone: 'Europe/Berlin' })).toBe('Wed Nov 5, 2025 at 9:05 PM GMT+1');
    // late in the evening in Honolulu is already the next day in UTC: the date follows the zone
    expect(formatDate('2025-11-06T08:30:00Z', { timeZone: 'Pacific/Honolulu' })).toBe('Wed Nov 5, 2025');
    expect(formatDateTime('2025-11-06T08:30:00Z', { timeZone: 'Pacific/Honolulu' })).toBe('Wed Nov 5, 2025 at 10:30 PM HST');
  });
  it("writes the device's zone and UTC as Intl writes them, without building an Intl formatter for a date (decision 0051)", () => {
    // the suite runs in Node, where the device's zone is the process's TZ (shared/ is typed without Node)
    const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
    const before = env.TZ;
    // every 7 hours 13 minutes through 2026: each hour of the clock, midnight and noon, both sides of summer time
    const instants = Array.from({ length: 1300 }, (_, i) => new Date(Date.UTC(2026, 0, 1) + i * (7 * 60 + 13) * 60_000));
    const withoutZone = (s: string) => s.replace(/ \S+$/, '');
    try {
      for (const zone of ['America/Chicago', 'Asia/Kolkata', 'Pacific/Chatham', 'Europe/London', 'UTC']) {
        env.TZ = zone;
        for (const at of instants) {
          // the device's zone (no option) through Date; the same zone named, through Intl ('Etc/UTC' is not the short cut)
          const named = { timeZone: zone === 'UTC' ? 'Etc/UTC' : zone };
          expect(withoutZone(formatDateTime(at))).toBe(withoutZone(formatDateTime(at, named)));
          expect(formatDate(at)).toBe(formatDate(at, named));
        }
      }
    } finally {
      env.TZ = before;
    }
    for (const at of instants) expect(formatDateTime(at, { timeZone: 'UTC' })).toBe(formatDateTime(at, { timeZone: 'Etc/UTC' }));
  });
  it('writes durations as hh:mm:ss, or mm:ss under an hour', () => {
    expect(formatDuration(88)).toBe('01:28');
    expect(formatDuration(3725)).toBe('01:02:05');
  });
  it('names credits with the CE type (decisions.md names)', () => {
    expect(formatCreditsWithType(1.5, 1)).toBe('1.5 CEU Self-study');
    expect(formatCreditsWithType(2, 2)).toBe('2 CEU Live, Interactive');
  });
  it('gives an item without credit no credit line, and never the name "undefined"', () => {
    expect(formatCreditsWithType(0, 0)).toBe('');
    expect(formatCreditsWithType(0, 0, 'undefined')).toBe('');
    expect(formatCreditsWithType(null, 1)).toBe('');
    expect(formatCreditsWithType(1, 0, 'undefined')).toBe('1 CEU');
    expect(formatCreditsWithType(1, null, 'Live, Interactive')).toBe('1 CEU Live, Interactive');
  });
});

describe('countdown of spec §4', () => {
  it('shows days, hours and minutes, seconds only under 5 minutes, then in progress', () => {
    expect(countdownText(2 * 86400 + 3 * 3600 + 4 * 60 + 5)).toBe('2 Day(s), 3 Hour(s) and 4 Minute(s)');
    expect(countdownText(299)).toBe('0 Day(s), 0 Hour(s), 4 Minute(s) and 59 Second(s)');
    expect(countdownText(0)).toBe('Webinar in Progress...');
    expect(countdownText(-10)).toBe('Webinar in Progress...');
  });
  it('fires the live-page alarm within 30 minutes, rounded to the minute', () => {
    expect(alarmReached(1831, LIVE_ALARM_SECONDS)).toBe(false);
    expect(alarmReached(1829, LIVE_ALARM_SECONDS)).toBe(true);
  });
});

describe('labels of spec §4', () => {
  it('is RESERVED with a seat, WAITLIST while waiting, nothing otherwise', () => {
    expect(seatLabel({ hasSeat: true, isWaiting: false })).toBe('RESERVED');
    expect(seatLabel({ hasSeat: true, isWaiting: true })).toBe('WAITLIST');
    expect(seatLabel({ hasSeat: false, isWaiting: false })).toBeNull();
    expect(seatOf('w1', { hasSeat: false, isWaiting: false }, [{ hash: 'w1', isWaiting: true }])).toEqual({ hasSeat: true, isWaiting: true });
  });
});

describe('form rules of spec §5', () => {
  it('gives the password messages word for word', () => {
    expect(passwordError('')).toBe('Password is required.');
    expect(passwordError('abc')).toBe('Password must be 6 characters or longer.');
    expect(passwordError('abc def')).toBe('Invalid character(s) detected.');
    expect(passwordError('ce-pass.demo!')).toBeUndefined();
    expect(password2Error('abcdef', 'abcdeg')).toBe('Passwords must match.');
  });
  it('checks every support field with the spec’s message', () => {
    expect(validateSupport({ name: 'Al', office: 'abc', email: 'x', phone: '123', subject: '', comment: 'hi' })).toEqual({
      name: 'Name is a required field and must be at least 3 characters.',
      office: 'This is a required field and must be at least 3 characters.',
      email: 'Email address is required.',
      phone: 'Phone number is required.',
      subject: 'Select reason for support.',
      comment: 'Explain reason for support up to 1000 characters.',
    });
    expect(validateSupport({ name: 'Jordan Rivera', office: 'Bright Dental', email: 'j@example.com', phone: '5125550142', subject: 'Other', comment: 'Thanks!' })).toEqual({});
    expect(validateSupport({ name: 'Jordan Rivera', office: 'Bright Dental', email: 'j@example.com', phone: '5125550142', subject: 'Other', comment: 'x'.repeat(1001) }).comment).toBeDefined();
  });

  it('counts a phone number in digits, however it is written', () => {
    const phone = (value: string) => validateSupport({ name: 'Jordan Rivera', office: 'Bright Dental', email: 'j@example.com', phone: value, subject: 'Other', comment: 'Thanks!' }).phone;
    for (const ok of ['(512) 555-0142', '512.555.0142', '+44 20 7946 0958']) expect(phone(ok)).toBeUndefined();
    for (const bad of ['(555) 123-45', 'call me ok', '555-12-345 ']) expect(phone(bad)).toBe('Phone number is required.');
  });
});

describe('redactPath', () => {
  it('hides tokens and codes in paths and query strings, and nothing else', async () => {
    const { redactPath } = await import('./redact.ts');
    expect(redactPath('/reset/Zx9-token_value')).toBe('/reset/:secret');
    expect(redactPath('/login/signedlink?rurl=/seats')).toBe('/login/:secret?rurl=/seats');
    expect(redactPath('/cancel-seat/abcdefgh1234')).toBe('/cancel-seat/:secret');
    expect(redactPath('/cancel/abcdefgh1234')).toBe('/cancel/:secret');
    expect(redactPath('/api/cancel-seat?code=abc&x=1')).toBe('/api/cancel-seat?code=:secret&x=1');
    expect(redactPath('/api/home?s=student-hash')).toBe('/api/home?s=:secret');
    expect(redactPath('/login?rurl=%2Fseats')).toBe('/login?rurl=%2Fseats');
    expect(redactPath('/ondemand/2?q=implant')).toBe('/ondemand/2?q=implant');
  });
});
