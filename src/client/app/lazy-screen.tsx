// A screen loaded on demand (one chunk each), like React.lazy, that can be loaded ahead: once its module is in,
// it renders at once instead of suspending, so the app's first commit over a prerendered shell (decision 0024)
// shows the screen itself, never the route's Suspense fallback in place of the heading the HTML already painted.
import { createElement, lazy, type ComponentType } from 'react';

export type LazyScreen = ComponentType<object> & {
  /** starts loading the screen's chunk (once); resolves when it is in */
  preload: () => Promise<void>;
};

export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: ComponentType<object> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then((m) => {
      loaded = m.default;
    }));
  // until the module is in, React.lazy suspends (and reports a failed chunk to the route's error boundary)
  const Suspending = lazy(() => preload().then(() => ({ default: loaded! })));
  function Screen(props: object) {
    return createElement(loaded ?? Suspending, props);
  }
  return Object.assign(Screen, { preload });
}
