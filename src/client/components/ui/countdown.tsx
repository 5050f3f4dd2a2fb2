// The live countdown of spec §4: ticks each second from the server's time to the release time.
import { useEffect, useState } from 'react';
import { alarmFired, alarmReached, countdownText } from '#shared/domain/countdown';

/** seconds until `releaseIso`, counted on the server's clock (serverTime at fetch) and ticking each second */
export function useRemainingSeconds(releaseIso: string, serverTimeIso: string): number {
  const [offset, setOffset] = useState(() => Date.parse(serverTimeIso) - Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setOffset(Date.parse(serverTimeIso) - Date.now());
  }, [serverTimeIso]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const release = Date.parse(releaseIso);
  return Number.isNaN(release) ? 0 : Math.floor((release - (now + offset)) / 1000);
}

/** true from the tick the countdown's alarm fires on (spec §4: emitted once), for as long as the caller is mounted */
export function useAlarm(remaining: number, alarmSeconds: number): boolean {
  const [fired, setFired] = useState(() => alarmReached(remaining, alarmSeconds));
  const now = alarmFired(fired, remaining, alarmSeconds);
  // remembered in state, not recomputed: a reload that reads more time left must not switch the alarm off again
  if (now !== fired) setFired(now);
  return now;
}

export function Countdown({ remaining, label = 'Starts in' }: { remaining: number; label?: string }) {
  return (
    <p className="countdown">
      {remaining > 0 && <span className="countdown-label">{label}: </span>}
      <span role="timer" aria-atomic="true">
        {countdownText(remaining)}
      </span>
    </p>
  );
}
