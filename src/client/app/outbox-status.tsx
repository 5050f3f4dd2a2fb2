// What the outbox holds, said where the student sees it (issue 16): a line while actions wait to be sent, a
// warning when one needs attention (the server refused it) or when a login is needed for them to go, a sheet
// listing them with Try again and Discard, and a notice for an exam graded once the network was back, with
// its certificate. Nothing the student did offline is lost, or left unsaid. And an action of a screen still
// waiting for its answer after 3 s says that the connection is slow (issue 21).
import { lazy, Suspense, useState } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { Link } from 'wouter';
import { paths } from '../config/paths.ts';
import { useOutboxView } from '../lib/outbox/index.ts';
import { useIsLoggedIn } from '../features/session/stores/session-store.ts';
import { SLOW_SENDING, useSlow } from '../lib/slow.ts';
import { useGradedLater } from './outbox.ts';

const GradedToasts = lazy(() => import('./graded-toasts.tsx'));
// the sheet (a dialog) comes when Details is tapped
const OutboxSheet = lazy(() => import('./outbox-sheet.tsx'));

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function OutboxStatus() {
  const { pending, attention, loginNeeded } = useOutboxView();
  const loggedIn = useIsLoggedIn();
  const graded = useGradedLater((s) => s.results);
  const [open, setOpen] = useState(false);
  // the bar counts what the student did; bookkeeping (page views, play logs) waits with it, said in the sheet
  const waiting = pending.filter((a) => !a.quiet).length;
  // an action of a screen still waiting for its answer after 3 s: said here, not left to a greyed-out form
  const slow = useSlow(useIsMutating() > 0);
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
                  : `${plural(waiting, 'action', 'actions')} saved on this device, waiting to be sent`}
            </span>
            <button type="button" className="bar-action" aria-haspopup="dialog" onClick={() => setOpen(true)}>
              Details
            </button>
          </p>
        )}
        {!loggedIn && loginNeeded && waiting > 0 && (
          <p className="outbox-bar">
            <span>Log in to send what you did offline.</span>
            <Link className="bar-action" href={paths.login()}>
              Log In
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
