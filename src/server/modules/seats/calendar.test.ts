// The webinar .ics read back by an independent RFC 5545 parser (ical.js), as a calendar app would read it.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { webinarIcs, type WebinarEvent } from './calendar.ts';

const webinar: WebinarEvent = {
  hash: 'live-caries-risk-assessment',
  title: 'Caries Risk Assessment, Revisited; in Everyday Practice',
  description: 'Weighing pathological factors against protective ones, chairside, in a few minutes per patient, with every risk category explained.',
  speakerName: 'Dr. Kayla Brennan',
  start: '2026-11-22T15:20:00.000Z',
  durationMin: 90,
};
const publicUrl = 'https://cepass.example:8443';
const cancelUrl = `${publicUrl}/cancel-seat/Abc123-def456_ghi789`;

const parse = (ics: string) => {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return { calendar, vevent, event: new ICAL.Event(vevent) };
};

describe('webinarIcs', () => {
  it('is one VEVENT with a stable UID, UTC start and end, summary, URL and description links', () => {
    const ics = webinarIcs(webinar, publicUrl, { cancelUrl });
    const { calendar, vevent, event } = parse(ics);
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1);
    expect(event.uid).toBe('live-caries-risk-assessment@cepass.example');
    expect(event.summary).toBe('Live CE Webinar: Caries Risk Assessment, Revisited; in Everyday Practice');
    expect(event.startDate.isDate).toBe(false);
    expect(event.startDate.zone.tzid).toBe('UTC');
    expect(event.startDate.toJSDate()).toEqual(new Date('2026-11-22T15:20:00.000Z'));
    expect(event.endDate.toJSDate()).toEqual(new Date('2026-11-22T16:50:00.000Z'));
    expect(vevent.getFirstPropertyValue('dtstamp')).not.toBeNull();
    expect(vevent.getFirstPropertyValue('url')).toBe(`${publicUrl}/live/live-caries-risk-assessment`);
    expect(event.description).toContain('Dr. Kayla Brennan');
    expect(event.description).toContain(`${publicUrl}/live/live-caries-risk-assessment`);
    expect(event.description).toContain(cancelUrl);
    expect(event.description).toContain(webinar.description);
  });

  it('carries a display alarm 30 minutes before the start', () => {
    const { vevent } = parse(webinarIcs(webinar, publicUrl));
    const alarms = vevent.getAllSubcomponents('valarm');
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect(String(alarms[0]!.getFirstPropertyValue('trigger'))).toBe('-PT30M');
    expect(alarms[0]!.getFirstPropertyValue('description')).toBeTruthy();
  });

  it('leaves the cancel line out without a cancel link, and keeps the UID across downloads', () => {
    const first = parse(webinarIcs(webinar, publicUrl)).event;
    const second = parse(webinarIcs({ ...webinar, start: '2026-11-23T15:20:00.000Z' }, publicUrl)).event;
    expect(first.description).not.toContain('cancel-seat');
    expect(second.uid).toBe(first.uid);
  });

  it('follows RFC 5545 framing: CRLF line ends and lines of at most 75 octets', () => {
    const ics = webinarIcs({ ...webinar, description: 'Ünïcødé ✓ '.repeat(40) }, publicUrl, { cancelUrl });
    const lines = ics.split('\r\n');
    expect(lines.every((l) => !l.includes('\n'))).toBe(true);
    expect(Math.max(...lines.map((l) => Buffer.byteLength(l, 'utf8')))).toBeLessThanOrEqual(75);
    expect(parse(ics).event.description).toContain('Ünïcødé ✓ Ünïcødé ✓');
  });

  it('refuses a webinar without a valid start', () => {
    expect(() => webinarIcs({ ...webinar, start: 'soon' }, publicUrl)).toThrow(RangeError);
  });
});
