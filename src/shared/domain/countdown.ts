// The countdown text and alarm of spec §4, one module for every countdown.

export const IN_PROGRESS_TEXT = 'Webinar in Progress...';
/** alarm thresholds of spec §9 */
export const DEFAULT_ALARM_SECONDS = 3600;
export const LIVE_ALARM_SECONDS = 1800;

/** 'N Day(s), N Hour(s) and N Minute(s)'; seconds only under 5 minutes; 'Webinar in Progress...' at 0 or less */
export const countdownText = (remainingSeconds: number): string => {
  const total = Math.floor(remainingSeconds);
  if (total <= 0) return IN_PROGRESS_TEXT;
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (total < 300) return `${days} Day(s), ${hours} Hour(s), ${minutes} Minute(s) and ${seconds} Second(s)`;
  return `${days} Day(s), ${hours} Hour(s) and ${minutes} Minute(s)`;
};

/** the alarm fires once the remaining time, rounded to the minute, is within the threshold */
export const alarmReached = (remainingSeconds: number, alarmSeconds = DEFAULT_ALARM_SECONDS): boolean =>
  Math.round(remainingSeconds / 60) * 60 <= alarmSeconds;

/**
 * The alarm is emitted once (spec §4): the first tick within the threshold fires it and it stays fired. A later
 * tick that reads more time left (the live page re-anchors to the server's clock at each 15-second reload, and a
 * device clock that ran fast loses a few seconds then) must not take back what the alarm enabled.
 * `fired` is this function's answer for the previous tick.
 */
export const alarmFired = (fired: boolean, remainingSeconds: number, alarmSeconds = DEFAULT_ALARM_SECONDS): boolean =>
  fired || alarmReached(remainingSeconds, alarmSeconds);

/**
 * A live webinar's end, in ms: its start plus durationMin (the importer stores the same as end_date, which the lists'
 * SQL reads). Its attendance question and exam open then (decision 0046), entering closes, the lists drop it.
 */
export const webinarEndMs = (w: { releaseDate: string; durationMin: number }): number => Date.parse(w.releaseDate) + w.durationMin * 60_000;

/**
 * Past the end, from a countdown's whole seconds (remaining = floor of the seconds to the start): strictly less than
 * minus the duration, which the floor reaches only once the end has passed, so a page never says "ended" (and asks
 * for the exam) in the second before the server does.
 */
export const webinarOver = (remainingSeconds: number, durationMin: number): boolean => remainingSeconds < -durationMin * 60;
