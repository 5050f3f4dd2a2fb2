// Whether the screen shows the server's answer of now or what was kept (docs/decisions/0018-what-was-seen.md): the
// offline banner says since when, and a row leaves out what its answer said only of the moment it was given.
import { useEffect, useSyncExternalStore } from 'react';
import type { Query } from '@tanstack/react-query';
import { isUnreachable } from '../api.ts';
import { useOnline } from '../online.ts';
import { queryClient } from '../query-client.ts';

/** a query on screen that shows an earlier answer because its latest try could not reach CE Pass */
const showsKeptAnswer = (query: Query): boolean =>
  query.getObserversCount() > 0 &&
  query.state.data !== undefined &&
  (query.state.fetchStatus === 'paused' ||
    (query.state.status === 'error' && isUnreachable(query.state.error)) ||
    (query.state.fetchFailureCount > 0 && isUnreachable(query.state.fetchFailureReason)));

const oldestKept = (): number | null => {
  let oldest: number | null = null;
  for (const query of queryClient.getQueryCache().getAll()) if (showsKeptAnswer(query) && (oldest === null || query.state.dataUpdatedAt < oldest)) oldest = query.state.dataUpdatedAt;
  return oldest;
};
const subscribe = (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange);

/**
 * CE Pass cannot be reached now, as far as the app can tell: the browser says it is offline, or the screen shows what
 * was kept because its latest try failed (in a tunnel a phone often still says it is online)
 */
export const cannotReach = (): boolean => !navigator.onLine || oldestKept() !== null;

/** when the oldest answer on screen that could not be refreshed was fetched; null when every answer is current */
export const useSeenAt = (): number | null => useSyncExternalStore(subscribe, oldestKept, () => null);

/** cannotReach() as a hook: what a screen shows changes with it */
export function useCannotReach(): boolean {
  const online = useOnline();
  return useSeenAt() !== null || !online;
}

/**
 * How many loads now say the screen needs a connection instead of showing anything (LoadFailure's, unless it is
 * only a `part` of a screen whose other parts may show what was kept). Such a screen shows no kept answer though its
 * queries hold some (the steps of spec §4 wait for an answer fetched now; an exam never opened reads its class, kept
 * from the classroom): the offline banner must not say "showing what you saw" over "This page needs a connection".
 */
let waitingLoads = 0;
const waitingListeners = new Set<() => void>();
const notifyWaiting = () => waitingListeners.forEach((listener) => listener());

/** marks, while mounted and `waiting`, a load that says the screen needs a connection */
export function useMarkWaitingForNetwork(waiting: boolean): void {
  useEffect(() => {
    if (!waiting) return undefined;
    waitingLoads++;
    notifyWaiting();
    return () => {
      waitingLoads--;
      notifyWaiting();
    };
  }, [waiting]);
}

/** whether a load says the screen needs a connection */
export const useWaitingForNetwork = (): boolean =>
  useSyncExternalStore(
    (onChange) => {
      waitingListeners.add(onChange);
      return () => waitingListeners.delete(onChange);
    },
    () => waitingLoads > 0,
    () => false,
  );
