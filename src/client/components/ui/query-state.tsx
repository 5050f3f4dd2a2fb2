// Renders a query's three states the same way everywhere: a busy indicator, an error alert with the
// server's message (never a blank page), or the content.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api.ts';
import { Alert } from './alert.tsx';
import { Loading } from './loading.tsx';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** the message when the server gave none (spec §8 per screen) */
  errorFallback?: string;
  loadingLabel?: string;
  /** omitted when a screen returns early while its data is not there (`if (!q.isSuccess) return …`) */
  children?: (data: T) => ReactNode;
}

export function QueryState<T>({ query, errorFallback, loadingLabel, children }: QueryStateProps<T>) {
  if (query.isPending) return <Loading label={loadingLabel} />;
  if (query.isError) return <Alert tone="danger">{errorMessage(query.error, errorFallback)}</Alert>;
  return <>{children?.(query.data)}</>;
}
