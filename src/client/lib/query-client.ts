// The TanStack Query client: server state lives here (never copied into zustand), with retry rules
// that know our ApiError, and one place that notices an expired session (401).
import { MutationCache, QueryCache, QueryClient, queryOptions } from '@tanstack/react-query';
import type { Endpoint, QueryOf } from '#shared/api/endpoint';
import { ApiError, call, isUnreachable } from './api.ts';

let onUnauthorized: () => void = () => undefined;
/** set by the session feature: what to do when the server says the session is gone */
export const setUnauthorizedHandler = (handler: () => void): void => {
  onUnauthorized = handler;
};

let onLostWrite: (path: string) => void = () => undefined;
/** set by the table of query effects: what to re-read when a write got no answer (it may have been applied) */
export const setLostWriteHandler = (handler: (path: string) => void): void => {
  onLostWrite = handler;
};

/**
 * retry only what may pass on a second try: network failures and gateway errors. Not a timeout: the student has
 * watched it wait 15 s already (said slow after 3 s), so it gives up with its message and Try again, not 45 s on
 */
const shouldRetry = (failureCount: number, error: unknown): boolean => failureCount < 2 && isUnreachable(error) && !(error instanceof ApiError && error.timedOut);

/** a 401 from a read or an action alike means the server session is gone: forget the stored one */
const forgetOn401 = (error: unknown) => {
  if (error instanceof ApiError && error.status === 401) onUnauthorized();
};

/**
 * How long an answer stays in memory, and on the device as "what you saw" (lib/offline/kept-queries.ts): as
 * long in both, so the device's copy never loses an answer that is still valid to show
 */
export const SEEN_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: forgetOn401 }),
  mutationCache: new MutationCache({
    onError: (error) => {
      forgetOn401(error);
      // no answer: the write may have been applied all the same; what it would change is read again, so the
      // screen shows the server's state (applied, or not) and not only the failure
      if (isUnreachable(error) && error instanceof ApiError && error.path) onLostWrite(error.path);
    },
  }),
  defaultOptions: {
    queries: {
      // catalogue data changes a few times a day; personal data is refetched on entry anyway
      staleTime: 60_000,
      gcTime: SEEN_MAX_AGE_MS,
      retry: shouldRetry,
      refetchOnWindowFocus: false,
      // try once even when the browser says offline (the service worker may answer); then wait for the network
      networkMode: 'offlineFirst',
    },
    // a write that got no answer is sent again twice, a second apart, with the same Idempotency-Key (lib/api.ts):
    // the server answers a copy with the first answer, so a lost answer costs a second, not a false failure
    // sent whatever the browser says of the network: a write through the outbox is kept on the device at once (in
    // airplane mode, Query's default 'online' paused it on its spinner, and a closed page lost it), and any other
    // write fails at once with the connection's words and Try again, instead of waiting unseen to fire later
    mutations: { retry: shouldRetry, retryDelay: 1000, networkMode: 'always' },
  },
});

/**
 * Try again on a screen whose load is slow: every load on screen still on its way is started over (a request
 * stalled on a dead connection may never end by itself; TanStack's own refetch would wait for it when the
 * screen has no answer yet)
 */
export async function restartStalledLoads(): Promise<void> {
  const stalled = queryClient.getQueryCache().findAll({ type: 'active', fetchStatus: 'fetching' });
  await Promise.all(stalled.map((q) => queryClient.cancelQueries({ queryKey: q.queryKey, exact: true })));
  await Promise.all(stalled.map((q) => queryClient.refetchQueries({ queryKey: q.queryKey, exact: true })));
}

/**
 * Try again on a failed screen: every load on screen that failed goes again, not only the one whose message
 * holds the button (a screen of several loads — counts and a tab's list — must not need a tap for each)
 */
export const retryFailedLoads = (): Promise<void> =>
  queryClient.refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' || q.state.fetchFailureCount > 0 });

/** query options for a GET endpoint: the key is the path plus the query */
export const apiQuery = <E extends Endpoint<any, any, any>>(endpoint: E, query?: QueryOf<E>) =>
  queryOptions({
    queryKey: ['api', endpoint.path, query ?? null] as const,
    queryFn: ({ signal }) => call(endpoint, { query, signal }),
  });
