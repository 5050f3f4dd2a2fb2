// Slow is said, not spun (issue 21): a load or an action still waiting after SLOW_MS says that the connection is
// slow, in words, instead of a spinner that never explains itself.
import { useEffect, useState } from 'react';

export const SLOW_MS = 3000;
export const SLOW_LOADING = 'The connection is slow. Still loading…';
export const SLOW_SENDING = 'The connection is slow. Still sending…';

/** true once `active` has been true for SLOW_MS without a break */
export function useSlow(active: boolean, ms = SLOW_MS): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (!active) return;
    const timer = setTimeout(() => setSlow(true), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return active && slow;
}
