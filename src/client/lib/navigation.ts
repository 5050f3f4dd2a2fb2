// What the app remembers about the last navigation: whether it came from back/forward (restore the
// scroll position) and whether the next screen heading should take focus (screen readers).

let lastWasPop = false;
let focusPending = false;

if (typeof window !== 'undefined') {
  // wouter dispatches these around history.pushState/replaceState; popstate is back/forward
  // set here, before React renders the new location, so the screen that renders it finds the request
  addEventListener('popstate', () => {
    lastWasPop = true;
    focusPending = true;
  });
  addEventListener('pushState', () => {
    lastWasPop = false;
    focusPending = true;
  });
}

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
