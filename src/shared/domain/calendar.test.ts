import { describe, expect, it } from 'vitest';
import { googleCalendarUrl } from './calendar.ts';

describe('the Google Calendar link of a live webinar', () => {
  it('spans releaseDate to releaseDate + durationMin in UTC, titled Live CE Webinar', () => {
    const url = new URL(googleCalendarUrl({ title: 'Caries Risk Assessment', start: '2026-11-22T15:20:00.000Z', durationMin: 90, details: 'Join: https://cepass.example/live/abc?x=1&y=2' }));
    expect(`${url.origin}${url.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Live CE Webinar: Caries Risk Assessment');
    expect(url.searchParams.get('dates')).toBe('20261122T152000Z/20261122T165000Z');
    // an ampersand in the details must not end the parameter
    expect(url.searchParams.get('details')).toBe('Join: https://cepass.example/live/abc?x=1&y=2');
  });

  it('reads a start with an offset as the same instant, and crosses midnight and year end', () => {
    const url = new URL(googleCalendarUrl({ title: 'New Year', start: '2026-12-31T18:30:00-05:00', durationMin: 60 }));
    expect(url.searchParams.get('dates')).toBe('20261231T233000Z/20270101T003000Z');
    expect(url.searchParams.has('details')).toBe(false);
  });

  it('falls back to the bare title without a webinar title, and refuses a start that is not a date', () => {
    expect(new URL(googleCalendarUrl({ title: ' ', start: '2026-11-22T15:20:00Z', durationMin: 60 })).searchParams.get('text')).toBe('Live CE Webinar');
    expect(() => googleCalendarUrl({ title: 'x', start: 'soon', durationMin: 60 })).toThrow(RangeError);
  });
});
