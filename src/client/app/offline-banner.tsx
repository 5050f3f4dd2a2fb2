// Says when the screen is not the server's answer of now: 'Offline — showing what you saw at 8:42' when a
// screen shows answers kept on the device because CE Pass cannot be reached (lib/offline), with a way to try
// again; otherwise a small notice while the browser reports no network (navigator.onLine can lie; a failed
// call is the truth, which is why the marker follows the calls). While it shows what was kept, it tries again by
// itself: in a tunnel the phone may never say the network is back (navigator.onLine stays true, no 'online' event
// comes), and a student coming out of it should not have to find the button.
import { useEffect } from 'react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useSeenAt, useWaitingForNetwork } from '../lib/offline/seen-at.ts';
import { useOnline } from '../lib/online.ts';

/** how often a screen showing kept answers tries again by itself, while the app is on screen */
export const AUTO_RETRY_MS = 10_000;

/**
 * tries again every AUTO_RETRY_MS and when the app comes back to the screen, never on top of a try still going, while
 * the screen is `stale` (showing kept answers, or saying it needs a connection)
 */
function useTryAgainWhile(stale: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!stale) return undefined;
    const tryAgain = () => {
      if (document.visibilityState === 'visible' && client.isFetching() === 0) void client.refetchQueries({ type: 'active' });
    };
    const timer = setInterval(tryAgain, AUTO_RETRY_MS);
    document.addEventListener('visibilitychange', tryAgain);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tryAgain);
    };
  }, [stale, client]);
}

// made at the first time shown, not as the app loads: a page's first Intl date formatter costs it 20–30 ms of ICU
// set-up (decision 0051), which every page paid for a line shown offline
let formats: { time: Intl.DateTimeFormat; day: Intl.DateTimeFormat } | undefined;

/** '8:42 AM' today, '8:42 AM on Nov 24' another day */
export const seenAtText = (at: number, now = new Date()): string => {
  const { time, day } = (formats ??= {
    time: new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }),
    day: new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' }),
  });
  const seen = new Date(at);
  return seen.toDateString() === now.toDateString() ? time.format(seen) : `${time.format(seen)} on ${day.format(seen)}`;
};

export function OfflineBanner() {
  const online = useOnline();
  const kept = useSeenAt();
  // a screen saying it needs a connection shows nothing kept, whatever its queries hold: not "showing what you saw"
  const waiting = useWaitingForNetwork();
  const seenAt = waiting ? null : kept;
  const client = useQueryClient();
  const trying = useIsFetching() > 0;
  useTryAgainWhile(kept !== null || waiting);
  return (
    <div role="status" className="offline-region">
      {seenAt !== null ? (
        <p className="offline-banner offline-seen">
          <span>Offline — showing what you saw at {seenAtText(seenAt)}</span>
          <button type="button" className="bar-action" disabled={trying} onClick={() => void client.refetchQueries({ type: 'active' })}>
            {trying ? 'Trying…' : 'Try again'}
          </button>
        </p>
      ) : (
        !online && <p className="offline-banner">You are offline: pages you opened before may be out of date.</p>
      )}
    </div>
  );
}
