// What the outbox holds, listed when the outbox line's Details is tapped: what needs attention, with Try again and
// Discard, and what the student did that waits for the network, in order (app/outbox-status.tsx says how many).
// The bookkeeping that waits with it (page views, plays and listening: `quiet`) is one line, not a row each: a walk
// offline leaves dozens of page views, which buried the one Watch Later the line counted.
import { Dialog } from '../components/ui/dialog.tsx';
import { outbox, useOutboxView, type OutboxAction } from '../lib/outbox/index.ts';

export default function OutboxSheet({ onClose }: { onClose: () => void }) {
  const { pending, attention } = useOutboxView();
  const mine = pending.filter((a) => !a.quiet);
  const records = pending.length - mine.length;
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
              {mine.length > 0 && <ul className="outbox-list">{mine.map(row)}</ul>}
              {records > 0 && (
                <p className="hint">
                  {mine.length > 0 ? 'With them: ' : ''}
                  {records === 1 ? '1 record' : `${records} records`} of pages you opened and episodes you played.
                </p>
              )}
            </section>
          )}
          {pending.length + attention.length === 0 && <p>Everything you did has been sent.</p>}
        </>
      )}
    </Dialog>
  );
}
