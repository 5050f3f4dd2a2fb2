// Renders a query's three states the same way everywhere: a busy indicator, an error alert with the
// server's message (never a blank page), or the content. A query that could not reach CE Pass but has an
// earlier answer (kept on the device, lib/offline) shows that answer: the offline marker says how old it is.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError, errorMessage, isUnreachable, TIMEOUT_ERROR, type FailureTexts } from '../../lib/api.ts';
import { useMarkWaitingForNetwork } from '../../lib/offline/seen-at.ts';
import { retryFailedLoads } from '../../lib/query-client.ts';
import { Alert, worthRetrying } from './alert.tsx';
import { LoadingAnswer, WAITING_FOR_NETWORK } from './loading.tsx';

type Failing = Pick<UseQueryResult, 'isError' | 'error' | 'data' | 'failureCount' | 'failureReason'>;

/**
 * the query failed and has nothing to show instead: an unreachable server with an earlier answer is not a
 * failure to show, unless the screen needs an answer fetched now (`fresh`, a guard of spec §4). A first try
 * that found no server, with nothing kept, says so at once while the retries go on (not a spinner for seconds)
 */
export const showsFailure = (query: Failing, fresh = false): boolean =>
  (query.isError && (fresh || query.data === undefined || !isUnreachable(query.error))) ||
  (!query.isError && query.data === undefined && query.failureCount > 0 && isUnreachable(query.failureReason));

interface LoadFailureProps {
  query: Failing & Pick<UseQueryResult, 'refetch' | 'isFetching'>;
  /** the message when the server gave none (spec §8 per screen; lib/api.ts errorMessage decides which) */
  errorFallback?: string | FailureTexts;
  /** the server's own failure is shown as this text whatever it said (a list's spec §8 text) */
  message?: string;
  /**
   * a part of a screen whose other parts may show what was kept (an episode's details under its show's list, a
   * dialog): it does not mark the screen as showing nothing (`useMarkWaitingForNetwork`)
   */
  part?: boolean;
}

/**
 * A load that failed: unreachable with nothing kept, the screen needs a connection and says so, with a way to
 * try again (an installed app has no reload button); otherwise the server's message or the spec's text, with
 * Try again where a second try may pass (the server failed).
 */
export function LoadFailure({ query, errorFallback, message, part = false }: LoadFailureProps) {
  const failure = query.error ?? query.failureReason;
  const unreachable = isUnreachable(failure);
  // (a load that ran out of time was online all along: it says so, not that it waits for the network)
  const waiting = unreachable && !(failure instanceof ApiError && failure.timedOut);
  useMarkWaitingForNetwork(waiting && !part);
  const text = unreachable ? (waiting ? WAITING_FOR_NETWORK : TIMEOUT_ERROR) : (message ?? errorMessage(query.error, errorFallback));
  // a server failure may pass on a second try, in place; a refusal is the server's final word
  if (!unreachable && !worthRetrying(query.error)) return <Alert tone="danger">{text}</Alert>;
  return (
    <Alert tone={unreachable ? 'warning' : 'danger'}>
      <p>{text}</p>
      <button type="button" className="button button-secondary" disabled={query.isFetching} onClick={() => void Promise.all([query.refetch(), retryFailedLoads()])}>
        {query.isFetching ? 'Trying…' : 'Try again'}
      </button>
    </Alert>
  );
}

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** the message when the server gave none (spec §8 per screen; lib/api.ts errorMessage decides which) */
  errorFallback?: string | FailureTexts;
  loadingLabel?: string;
  /**
   * only an answer fetched since the screen opened counts: a guard of spec §4 judges the student's progress as
   * it is now, not a cached answer from before the step just taken (a cached one still shows the busy state)
   */
  fresh?: boolean;
  /** omitted when a screen returns early while its data is not there (`if (!q.isSuccess) return …`) */
  children?: (data: T) => ReactNode;
  /** see LoadFailure */
  part?: boolean;
}

export function QueryState<T>({ query, errorFallback, loadingLabel, fresh = false, children, part = false }: QueryStateProps<T>) {
  if (showsFailure(query, fresh)) return <LoadFailure query={query} errorFallback={errorFallback} part={part} />;
  if (query.isPending || (fresh && !query.isFetchedAfterMount)) return <LoadingAnswer label={loadingLabel} />;
  return <>{children?.(query.data as T)}</>;
}
