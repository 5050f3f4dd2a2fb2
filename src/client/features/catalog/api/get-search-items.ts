// GET /api/search-items: the category and company filter lists.
import { useQuery } from '@tanstack/react-query';
import { getSearchItems } from '#shared/api/catalog';
import { apiQuery } from '../../../lib/query-client.ts';

/** enabled: false while nothing on screen needs the lists (a bar with no category or company and no open panel) */
export const useSearchItems = (enabled = true) => useQuery({ ...apiQuery(getSearchItems), staleTime: 60 * 60_000, enabled });
