// The server's one clock (decisions.md: an injectable clock so tests can move server time) and the one
// way a moment becomes the ISO text the database stores.
import { readFileSync } from 'node:fs';

export interface Clock {
  /** milliseconds since the epoch; tests inject a movable clock */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * CLOCK_OFFSET_FILE: the server's time is the machine's plus the milliseconds written in this file (read
 * at most every 250 ms; missing or empty means 0). For rehearsals and browser journeys that must move the
 * server's time, as the route tests move their injected clock; never set in production.
 */
export function offsetClock(file: string): Clock {
  let offset = 0;
  let readAt = -Infinity;
  return {
    now: () => {
      const t = Date.now();
      if (t - readAt > 250) {
        readAt = t;
        try {
          offset = Number(readFileSync(file, 'utf8').trim() || '0') || 0;
        } catch {
          offset = 0;
        }
      }
      return t + offset;
    },
  };
}

/** the clock's "now" as stored in every timestamp column: ISO 8601 in UTC */
export const nowIso = (clock: Clock): string => new Date(clock.now()).toISOString();

/** a moment in milliseconds as stored in every timestamp column */
export const isoAt = (ms: number): string => new Date(ms).toISOString();
