import { describe, expect, it } from 'vitest';
import { alarmFired, alarmReached, countdownText, DEFAULT_ALARM_SECONDS, IN_PROGRESS_TEXT, LIVE_ALARM_SECONDS } from './countdown.ts';

const DAY = 86400;
const HOUR = 3600;
const MINUTE = 60;

describe('the countdown text of spec §4', () => {
  it('says days, hours and minutes, in the spec’s words, from 5 minutes up', () => {
    expect(countdownText(2 * DAY + 3 * HOUR + 4 * MINUTE + 5)).toBe('2 Day(s), 3 Hour(s) and 4 Minute(s)');
    expect(countdownText(31 * MINUTE)).toBe('0 Day(s), 0 Hour(s) and 31 Minute(s)');
    expect(countdownText(DAY)).toBe('1 Day(s), 0 Hour(s) and 0 Minute(s)');
    // exactly 5 minutes is not under 5 minutes: still no seconds
    expect(countdownText(5 * MINUTE)).toBe('0 Day(s), 0 Hour(s) and 5 Minute(s)');
    // the seconds are cut, never rounded up into the next minute
    expect(countdownText(10 * MINUTE + 59)).toBe('0 Day(s), 0 Hour(s) and 10 Minute(s)');
  });

  it('adds the seconds only under 5 minutes', () => {
    expect(countdownText(5 * MINUTE - 1)).toBe('0 Day(s), 0 Hour(s), 4 Minute(s) and 59 Second(s)');
    expect(countdownText(61)).toBe('0 Day(s), 0 Hour(s), 1 Minute(s) and 1 Second(s)');
    expect(countdownText(1)).toBe('0 Day(s), 0 Hour(s), 0 Minute(s) and 1 Second(s)');
  });

  it('says the webinar is in progress at zero or less', () => {
    expect(IN_PROGRESS_TEXT).toBe('Webinar in Progress...');
    expect(countdownText(0)).toBe(IN_PROGRESS_TEXT);
    expect(countdownText(0.4)).toBe(IN_PROGRESS_TEXT);
    expect(countdownText(-1)).toBe(IN_PROGRESS_TEXT);
    expect(countdownText(-2 * HOUR)).toBe(IN_PROGRESS_TEXT);
  });
});

describe('the countdown alarm of spec §4 and §9', () => {
  it('has the thresholds of spec §9: 3600 s by default, 1800 s on live pages', () => {
    expect(DEFAULT_ALARM_SECONDS).toBe(3600);
    expect(LIVE_ALARM_SECONDS).toBe(1800);
    expect(alarmReached(61 * MINUTE)).toBe(false);
    expect(alarmReached(59 * MINUTE)).toBe(true);
  });

  it('compares the remaining time rounded to the minute', () => {
    // 30:29 rounds to 30 minutes, 30:30 to 31
    expect(alarmReached(30 * MINUTE + 29, LIVE_ALARM_SECONDS)).toBe(true);
    expect(alarmReached(30 * MINUTE + 30, LIVE_ALARM_SECONDS)).toBe(false);
    expect(alarmReached(31 * MINUTE, LIVE_ALARM_SECONDS)).toBe(false);
    expect(alarmReached(0, LIVE_ALARM_SECONDS)).toBe(true);
    expect(alarmReached(-10 * MINUTE, LIVE_ALARM_SECONDS)).toBe(true);
  });

  it('fires once, on the first tick within the threshold, and stays fired', () => {
    // a tick each second from 30:35 down, then a reload that re-anchors to a server clock 20 s behind the device
    const ticks = [1835, 1834, 1833, 1832, 1831, 1830, 1829, 1828, 1848, 1847];
    const states: boolean[] = [];
    ticks.reduce((fired, remaining) => {
      const now = alarmFired(fired, remaining, LIVE_ALARM_SECONDS);
      states.push(now);
      return now;
    }, false);
    expect(states.indexOf(true)).toBe(ticks.indexOf(1829));
    expect(states.slice(ticks.indexOf(1829))).toEqual(Array(ticks.length - ticks.indexOf(1829)).fill(true));
  });

  it('is fired from the first tick when the page opens inside the threshold', () => {
    expect(alarmFired(false, 10 * MINUTE, LIVE_ALARM_SECONDS)).toBe(true);
    expect(alarmFired(false, 45 * MINUTE, LIVE_ALARM_SECONDS)).toBe(false);
  });
});
