// Whether a live webinar is under way, on the server's clock: the lists' LIVE NOW badge (issue 13). The server
// decides rather than the phone, whose clock or time zone may be set wrong; the live page's countdown uses the
// server's time for the same reason.
import { CLASS_TYPE } from '#shared/domain/constants';
import { webinarEndMs } from '#shared/domain/countdown';

export interface LiveWindow {
  typeId: number;
  /** the start, ISO 8601 UTC */
  releaseDate: string;
  /** the end: the start plus durationMin (set by the importer), ISO 8601 UTC */
  endDate: string;
}

/** in progress from its start (inclusive) until its end (exclusive), as the upcoming list drops it at its end */
export const inProgressAt = (w: LiveWindow, nowIso: string): boolean => {
  const now = Date.parse(nowIso);
  return w.typeId === CLASS_TYPE.LIVE && Date.parse(w.releaseDate) <= now && now < Date.parse(w.endDate);
};

/**
 * The first moment after `now` (ms) when a listed live webinar starts or ends: its LIVE NOW flag turns on, or it
 * leaves the lists of what is to come. A kept catalogue answer that lists it is stale from then (docs/decisions/0025).
 */
export function nextLiveChange(items: { typeId: number; releaseDateUTC: string; durationMin: number }[], now: number): number | null {
  let next = Infinity;
  for (const w of items) {
    if (w.typeId !== CLASS_TYPE.LIVE) continue;
    const start = Date.parse(w.releaseDateUTC);
    const end = webinarEndMs({ releaseDate: w.releaseDateUTC, durationMin: w.durationMin });
    if (start > now) next = Math.min(next, start);
    else if (end > now) next = Math.min(next, end);
  }
  return next === Infinity ? null : next;
}
