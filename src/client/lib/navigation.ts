// What the app remembers about the last navigation: whether it came from back/forward (restore the
// scroll position), whether the next screen heading should take focus (screen readers), and how many
// in-app steps lie behind the current history entry (a Back button goes back only inside the app).

let lastWasPop = false;
let focusPending = false;

// Each history entry carries its depth in the app: 0 for the entry the app was opened on, one more for each
// in-app push. Kept in history.state, so it survives a reload and is right again after back and forward.
const DEPTH = 'ceAppDepth';
let depth = 0;
const asRecord = (state: unknown): Record<string, unknown> | null => (typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : null);
const depthOf = (state: unknown): number | null => {
  const value = asRecord(state)?.[DEPTH];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
};
/**
 * records `value` as the current entry's depth, through History's own replaceState: wouter patches the
 * instance's to announce a navigation, and this is none (no re-render, no notice consumed, no echo here)
 */
const stampDepth = (value: number) => {
  depth = value;
  if (depthOf(history.state) !== value) Object.getPrototypeOf(history).replaceState.call(history, { ...asRecord(history.state), [DEPTH]: value }, '');
};

if (typeof window !== 'undefined') {
  stampDepth(depthOf(history.state) ?? 0);
  // wouter dispatches these around history.pushState/replaceState; popstate is back/forward
  // set here, before React renders the new location, so the screen that renders it finds the request
  addEventListener('popstate', () => {
    lastWasPop = true;
    focusPending = true;
    stampDepth(depthOf(history.state) ?? 0);
  });
  addEventListener('pushState', () => {
    lastWasPop = false;
    focusPending = true;
    stampDepth(depth + 1);
  });
  // a redirect replaces the entry (and wouter's state with it): the entry keeps its place in the app
  addEventListener('replaceState', () => stampDepth(depth));
}

/** an earlier entry of this app lies behind the current one, so history.back() stays inside the app */
export const canGoBackInApp = (): boolean => depth > 0;

export const navigationWasPop = (): boolean => lastWasPop;

export const requestHeadingFocus = (): void => {
  focusPending = true;
};

/** true once per navigation: the first screen heading to ask takes the focus */
export const takeHeadingFocus = (): boolean => {
  const pending = focusPending;
  focusPending = false;
  return pending;
};
