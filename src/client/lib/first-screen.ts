// The moment the first screen is up: its screen mounted, its data arrived (or its first try failed), its skeleton
// gave way to the rows, and the browser painted it. What that screen does not show (the side columns, the rows'
// Download buttons, the update prompt, the writer of what was seen) waits for it, so none of it competes with the
// first view for the network or the main thread (quality-bars.md: the first screen's JS is what the budget counts).
import { queryClient } from './query-client.ts';
import { within } from './within.ts';

/** past this, nothing waits longer for a screen whose data never comes */
const AT_MOST_MS = 4000;

let screenMounted: () => void = () => undefined;
/** resolves once the first screen's frame is on the page (rendered, or hydrated: lib/hydration.ts) */
export const mounted = new Promise<void>((resolve) => (screenMounted = resolve));

/** the screen frame (components/ui/screen.tsx) says a screen is on the page */
export const markScreenMounted = (): void => screenMounted();

// a query still on its first try holds the screen back; one that failed once is the screen's answer
// (offline, it shows what was kept, which is loaded after this)
const dataSettled = (): boolean => queryClient.getQueryCache().getAll().every((q) => q.state.fetchStatus !== 'fetching' || q.state.fetchFailureCount > 0);

const settled = (): Promise<void> =>
  new Promise((resolve) => {
    if (dataSettled()) return resolve();
    const cache = queryClient.getQueryCache();
    const unsubscribe = cache.subscribe(() => {
      if (!dataSettled()) return;
      unsubscribe();
      resolve();
    });
  });

// the data's rows on the page: a screen may put them in a render React can pause (home: useDeferredValue), so the
// answer being in is not yet the rows being shown; while its skeleton is there, the screen is not shown. Not when a
// read failed: offline, the skeleton gives way to what was kept, which is restored after the first screen
const SKELETON = 'main .list-skeleton';
const anyFailed = (): boolean => queryClient.getQueryCache().getAll().some((q) => q.state.fetchFailureCount > 0 || q.state.status === 'error');
const rowsIn = (): Promise<void> =>
  new Promise((resolve) => {
    if (anyFailed() || !document.querySelector(SKELETON)) return resolve();
    const observer = new MutationObserver(() => {
      if (document.querySelector(SKELETON)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });

// two frames: React committed the rows, then the browser painted them
const painted = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/** resolves once, when the first screen is shown; never in the build's prerender (no screen is shown there, so
 * nothing that waits for it is loaded into the shell, decision 0024) */
export const firstScreen: Promise<void> =
  typeof window === 'undefined'
    ? new Promise<void>(() => undefined)
    : within(mounted.then(() => settled()).then(rowsIn).then(painted), AT_MOST_MS);
