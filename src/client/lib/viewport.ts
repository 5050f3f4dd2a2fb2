// The one breakpoint of the layout as a hook: under 900 px the app is laid out as a phone app (compact rows,
// no side columns), from 900 px on as the spec's three-column page. app.css and lists.css use the same width.
import { useSyncExternalStore } from 'react';

export const WIDE_QUERY = '(min-width: 900px)';

const subscribe = (onChange: () => void) => {
  const mq = matchMedia(WIDE_QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
};

/** true from 900 px on; read synchronously on the first render, so a phone never paints the wide layout first */
export const useWide = (): boolean => useSyncExternalStore(subscribe, () => matchMedia(WIDE_QUERY).matches, () => false);
