// What the outbox holds, said where the student sees it (issue 16): a line while actions wait to be sent, a
// warning when one needs attention (the server refused it) or when a login is needed for them to go, a sheet
// listing them with Try again and Discard, and a notice for an exam graded once the network was back, with
// its certificate. Nothing the student did offline is lost, or left unsaid. And an action of a screen still
// waiting for its answer after 3 s says that the connection is slow (issue 21).
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { Link } from 'wouter';
import { paths } from '../config/paths.ts';
import { useOutboxView, type OutboxAction } from '../lib/outbox/index.ts';
import { useIsLoggedIn } from '../features/session/stores/session-store.ts';
import { SLOW_SENDING, useSlow } from '../lib/slow.ts';
import { useGradedLater } from './outbox.ts';

const GradedToasts = lazy(() => import('./graded-toasts.tsx'));
// the sheet (a dialog) comes when Details is tapped
const OutboxSheet = lazy(() => import('./outbox-sheet.tsx'));

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** said for a while once what had waited (not a moment's send online: at least WAITED_MS) is all sent */
export const ALL_SENT = 'All sent: what you did offline is in your account.';
/** an action sent within this of being made was never said to wait: its send says nothing */
const WAITED_MS = 2_000;
const ALL_SENT_MS = 5_000;

/**
 * Whether the line says ALL_SENT now: actions of the student's waited (WAITED_MS at least since the oldest was
 * made) and have all gone, the server having applied some since (a discard empties the line too, and says nothing),
 * none of them refused (a refusal needs their attention and is said instead), and no logout on the way.
 */
function useAllSent(waiting: OutboxAction[], attention: number, loggedIn: boolean, sent: number): boolean {
  const episode = useRef<{ oldest: number; sentBefore: number } | null>(null);
  const [said, setSaid] = useState(false);
  const oldest = waiting.length > 0 ? Math.min(...waiting.map((a) => a.createdAt)) : null;
  useEffect(() => {
    if (!loggedIn || attention > 0) {
      episode.current = null;
      setSaid(false);
      return;
    }
    if (oldest !== null) {
      episode.current = { oldest: Math.min(oldest, episode.current?.oldest ?? oldest), sentBefore: episode.current?.sentBefore ?? sent };
      setSaid(false);
      return;
    }
    const ended = episode.current;
    episode.current = null;
    if (ended && sent > ended.sentBefore && Date.now() - ended.oldest >= WAITED_MS) setSaid(true);
  }, [oldest, attention, loggedIn, sent]);
  useEffect(() => {
    if (!said) return undefined;
    const timer = setTimeout(() => setSaid(false), ALL_SENT_MS);
    return () => clearTimeout(timer);
  }, [said]);
  return said;
}

export function OutboxStatus() {
  const { pending, attention, loginNeeded, sent } = useOutboxView();
  const loggedIn = useIsLoggedIn();
  const graded = useGradedLater((s) => s.results);
  const [open, setOpen] = useState(false);
  // the bar counts what the student did; bookkeeping (page views, play logs) waits with it, said in the sheet
  const mine = pending.filter((a) => !a.quiet);
  const waiting = mine.length;
  // an action of a screen still waiting for its answer after 3 s: said here, not left to a greyed-out form
  const slow = useSlow(useIsMutating() > 0);
  const allSent = useAllSent(mine, attention.length, loggedIn, sent);
  return (
    <>
      <div className="outbox-region" role="status">
        {slow && <p className="outbox-bar">{SLOW_SENDING}</p>}
        {loggedIn && (attention.length > 0 || waiting > 0) && (
          <p className={attention.length > 0 ? 'outbox-bar outbox-bar-warning' : 'outbox-bar'}>
            <span>
              {attention.length > 0
                ? `${plural(attention.length, 'action needs', 'actions need')} your attention`
                : loginNeeded
                  ? `Log in again to send ${plural(waiting, 'action', 'actions')} saved on this device`
                  : `${plural(waiting, 'action', 'actions')} waiting to be sent`}
            </span>
            <button type="button" className="bar-action" aria-haspopup="dialog" onClick={() => setOpen(true)}>
              Details
            </button>
          </p>
        )}
        {allSent && <p className="outbox-bar">{ALL_SENT}</p>}
        {!loggedIn && loginNeeded && waiting > 0 && (
          <p className="outbox-bar">
            <span>Log in to send what you did offline.</span>
            <Link className="bar-action" href={paths.login()}>
              Login
            </Link>
          </p>
        )}
      </div>
      <div className="toast-region outbox-toasts" role="status">
        {graded.length > 0 && (
          <Suspense fallback={null}>
            <GradedToasts results={graded} />
          </Suspense>
        )}
      </div>
      {open && (
        <Suspense fallback={null}>
          <OutboxSheet onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
