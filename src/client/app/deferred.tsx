// Renders its children only once the first screen is shown and the main thread is idle, so secondary work
// (the side columns, the rows' Download buttons, service-worker registration) never competes with the first view.
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { firstScreen } from '../lib/first-screen.ts';
import { useHydrated } from '../lib/hydration.ts';

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
  let cancelled = false;
  void firstScreen.then(() => {
    if (!cancelled) schedule();
  });
  return () => {
    cancelled = true;
    cancel();
  };
};

/** `fallback`: what holds the place meanwhile (nothing by default) */
export function WhenIdle({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  return <>{ready ? children : fallback}</>;
}

/**
 * A part of the shell the first screen does not show (the outbox line, the offline marker, the player dock, the
 * install entry): its code is fetched once the first screen is shown, not on an idle moment (Safari has none),
 * and it renders nothing until then.
 */
export function later(load: () => Promise<ComponentType>): ComponentType {
  // the build's prerender (decision 0024) shows what the first commit shows: none of these parts
  if (typeof window === 'undefined') return () => null;
  const Part = lazy(() => firstScreen.then(load).then((part) => ({ default: part })));
  return function Later() {
    // hydrating the server's markup, which has none of these parts (start.tsx): from the render after
    const hydrated = useHydrated();
    if (!hydrated) return null;
    return (
      <Suspense fallback={null}>
        <Part />
      </Suspense>
    );
  };
}
