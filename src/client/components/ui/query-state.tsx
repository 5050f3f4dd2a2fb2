// Renders a query's three states the same way everywhere: a busy indicator, an error alert with the
// server's message (never a blank page), or the content.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage, type FailureTexts } from '../../lib/api.ts';
import { Alert } from './alert.tsx';
import { Loading } from './loading.tsx';

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
}

export function QueryState<T>({ query, errorFallback, loadingLabel, fresh = false, children }: QueryStateProps<T>) {
  if (query.isPending || (fresh && !query.isFetchedAfterMount)) return <Loading label={loadingLabel} />;
  if (query.isError) return <Alert tone="danger">{errorMessage(query.error, errorFallback)}</Alert>;
  return <>{children?.(query.data)}</>;
}
