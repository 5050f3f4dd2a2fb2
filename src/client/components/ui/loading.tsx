// The accessible busy indicator: a polite status with visible text (Suspense fallback, list loads).
// Offline, a load waits for the network instead of spinning, and says so.
import { useOnline } from '../../lib/online.ts';

export const WAITING_FOR_NETWORK = 'This page needs a connection. It will load when you are back online.';

/** `quiet`: the words are for screen readers only, where skeleton rows already show that the list is coming */
export function Loading({ label = 'Loading…', quiet = false }: { label?: string; quiet?: boolean }) {
  const online = useOnline();
  return (
    <div className={quiet && online ? 'loading visually-hidden' : 'loading'} role="status">
      {online && <span className="spinner" aria-hidden="true" />}
      <span>{online ? label : WAITING_FOR_NETWORK}</span>
    </div>
  );
}
