// After each navigation: report a page view (fire-and-forget), and put the scroll where the user expects it:
// the saved position on back/forward, the top for a new page. (The title and heading focus are the Screen's.)
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { reportPageView } from '../features/support/api/page-view.ts';
import { firstScreen } from '../lib/first-screen.ts';
import { navigationWasPop } from '../lib/navigation.ts';

// views are sent once the first screen is shown (the report does not compete with it), in the order of the
// navigations; one whose page is left before then (a quick bounce, a reload) goes as the page is left
const unsent: string[] = [];
let shown = false;
const sendUnsent = (leaving: boolean) => {
  for (const path of unsent.splice(0)) reportPageView(path, leaving);
};
if (typeof window !== 'undefined') {
  void firstScreen.then(() => {
    shown = true;
    sendUnsent(false);
  });
  addEventListener('pagehide', () => sendUnsent(true));
}
const report = (path: string): void => {
  if (shown) reportPageView(path);
  else unsent.push(path);
};

const positions = new Map<string, number>();
const currentKey = () => `${window.location.pathname}${window.location.search}`;
let lastReported: string | null = null;
// the page as loaded keeps its scroll: over a prerendered page (decisions 0024, 0028) the student may have scrolled
// the rows in the HTML before the app took over, and the top is where a page loads anyway
let loaded = false;

if (typeof window !== 'undefined') {
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  let frame = 0;
  addEventListener(
    'scroll',
    () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        positions.set(currentKey(), window.scrollY);
      });
    },
    { passive: true },
  );
}

/** scrolls to `y` once the page is tall enough (lazy screens and their data arrive after the URL changes) */
const restoreScroll = (y: number): (() => void) => {
  let frame = 0;
  let stopped = false;
  const deadline = performance.now() + 2000;
  const stop = () => {
    stopped = true;
    cancelAnimationFrame(frame);
    removeEventListener('wheel', stop);
    removeEventListener('touchstart', stop);
    removeEventListener('keydown', stop);
  };
  addEventListener('wheel', stop, { passive: true });
  addEventListener('touchstart', stop, { passive: true });
  addEventListener('keydown', stop);
  const attempt = () => {
    if (stopped) return;
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 2 || performance.now() > deadline) stop();
    else frame = requestAnimationFrame(attempt);
  };
  attempt();
  return stop;
};

export function NavigationEffects() {
  const [location] = useLocation();
  const search = useSearch();

  useEffect(() => {
    const path = `${location}${search ? `?${search}` : ''}`;
    if (path !== lastReported) {
      lastReported = path;
      report(path);
    }
    if (!loaded) {
      loaded = true;
      return undefined;
    }
    if (navigationWasPop()) return restoreScroll(positions.get(currentKey()) ?? 0);
    window.scrollTo(0, 0);
    return undefined;
  }, [location, search]);

  return null;
}
