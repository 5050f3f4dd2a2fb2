// Slow is said, not spun (issue 21): a load or an action still waiting after SLOW_MS (under 3 s) says that the connection is
// slow, in words, instead of a spinner that never explains itself.
import { useEffect, useState } from 'react';

// said before 3 s have passed (issue 21's bar), with room for a busy phone to render it
export const SLOW_MS = 2000;
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

// A screen often waits in steps, each with its own busy indicator (its code, then its data, then a redirect's):
// the student waits for all of them, so the time counts from the first until none is left.
let busyParts = 0;
let busySince: number | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

/** for a busy indicator: true once the screen has been busy SLOW_MS, counted across the indicators that follow each other */
export function useSlowScreen(): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    busyParts++;
    clearTimeout(idleTimer);
    busySince ??= Date.now();
    const timer = setTimeout(() => setSlow(true), Math.max(0, busySince + SLOW_MS - Date.now()));
    return () => {
      clearTimeout(timer);
      // one indicator giving way to the next within a moment is the same wait
      if (--busyParts === 0) idleTimer = setTimeout(() => busyParts === 0 && (busySince = null), 200);
    };
  }, []);
  return slow;
}
