// A small notice while the browser reports no network (navigator.onLine can lie; failed calls say so too).
import { useOnline } from '../lib/online.ts';

export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" className="offline-region">
      {!online && <p className="offline-banner">You are offline. Pages you opened before may still show, possibly out of date.</p>}
    </div>
  );
}
