// What the outbox holds, said where the student sees it (issue 16): a line while actions wait to be sent, a
// warning when one needs attention (the server refused it) or when a login is needed for them to go, a sheet
// listing them with Try again and Discard, and a notice for an exam graded once the network was back, with
// its certificate. Nothing the student did offline is lost, or left unsaid. And an action of a screen still
// waiting for its answer after 3 s says that the connection is slow (issue 21).
import { lazy, Suspense, useState } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Dialog } from '../components/ui/dialog.tsx';
import { paths } from '../config/paths.ts';
import { outbox, useOutboxView, type OutboxAction } from '../lib/outbox/index.ts';
import { useIsLoggedIn } from '../features/session/stores/session-store.ts';
import { SLOW_SENDING, useSlow } from '../lib/slow.ts';
import { useGradedLater } from './outbox.ts';

const GradedToasts = lazy(() => import('./graded-toasts.tsx'));

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function OutboxSheet({ onClose }: { onClose: () => void }) {
  const { pending, attention } = useOutboxView();
  const row = (action: OutboxAction) => (
    <li key={action.id} className="outbox-item">
      <p className="outbox-label">{action.label}</p>
      {action.state === 'attention' ? (
        <>
          <p className="outbox-error">{action.error}</p>
          <div className="actions">
            <button type="button" className="button button-small" onClick={() => void outbox.retry(action.id)}>
              Try again
            </button>
            <button type="button" className="button button-small button-secondary" onClick={() => void outbox.discard(action.id)}>
              Discard
            </button>
          </div>
        </>
      ) : (
        <p className="hint">Waiting for the network</p>
      )}
    </li>
  );
  return (
    <Dialog title="Saved on this device" onClose={onClose}>
      {() => (
        <>
          {attention.length > 0 && (
            <section aria-labelledby="outbox-attention">
              <h2 id="outbox-attention">Needs your attention</h2>
              <ul className="outbox-list">{attention.map(row)}</ul>
            </section>
          )}
          {pending.length > 0 && (
            <section aria-labelledby="outbox-pending">
              <h2 id="outbox-pending">Waiting to be sent</h2>
              <p className="hint">Sent by themselves, in this order, as soon as CE Pass can be reached.</p>
              <ul className="outbox-list">{pending.map(row)}</ul>
            </section>
          )}
          {pending.length + attention.length === 0 && <p>Everything you did has been sent.</p>}
        </>
      )}
    </Dialog>
  );
}

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
      {open && <OutboxSheet onClose={() => setOpen(false)} />}
    </>
  );
}
