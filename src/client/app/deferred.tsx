// Renders its children only once the page has loaded and the main thread is idle, so secondary work
// (service-worker registration) never competes with the first view.
import { useEffect, useState, type ReactNode } from 'react';

const whenIdle = (run: () => void): (() => void) => {
  let cancel = () => undefined as void;
  const schedule = () => {
    if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(run, { timeout: 5000 });
      cancel = () => cancelIdleCallback(id);
    } else {
      // Safari has no requestIdleCallback: a moment after load stands in for idle
      const id = setTimeout(run, 300);
      cancel = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') schedule();
  else {
    addEventListener('load', schedule, { once: true });
    cancel = () => removeEventListener('load', schedule);
  }
  return () => cancel();
};

/** `fallback`: what holds the place meanwhile (nothing by default) */
export function WhenIdle({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  return <>{ready ? children : fallback}</>;
}
