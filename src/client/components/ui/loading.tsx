// The accessible busy indicator: a polite status with visible text (Suspense fallback, list loads).
// Offline, a load waits for the network instead of spinning, and says so; a load still waiting after 3 s says
// the connection is slow, with Try again where the caller can start it over (lib/slow.ts).
import { canGoBackInApp } from '../../lib/navigation.ts';
import { useOnline } from '../../lib/online.ts';
import { restartStalledLoads } from '../../lib/query-client.ts';
import { SLOW_LOADING, useSlowScreen } from '../../lib/slow.ts';

export const WAITING_FOR_NETWORK = 'This page needs a connection. It will load when you are back online.';

/** `quiet`: the words are for screen readers only, where skeleton rows already show that the list is coming */
export function Loading({ label = 'Loading…', quiet = false, onRetry }: { label?: string; quiet?: boolean; onRetry?: () => void }) {
  const online = useOnline();
  const slow = useSlowScreen() && online;
  return (
    <div className={quiet && online && !slow ? 'loading visually-hidden' : 'loading'} role="status">
      {online && <span className="spinner" aria-hidden="true" />}
      <span>{!online ? WAITING_FOR_NETWORK : slow ? SLOW_LOADING : label}</span>
      {slow && onRetry && (
        <span className="actions">
          <button type="button" className="button button-secondary" onClick={onRetry}>
            Try again
          </button>
          {/* leaving a load is always safe (nothing is sent): back to the screen the student came from */}
          {canGoBackInApp() && (
            <button type="button" className="button button-secondary" onClick={() => history.back()}>
              Cancel
            </button>
          )}
        </span>
      )}
    </div>
  );
}

/** a screen's data on its way: slow, Try again starts every load on screen over */
export const LoadingAnswer = (props: { label?: string; quiet?: boolean }) => <Loading {...props} onRetry={() => void restartStalledLoads()} />;
