// GET /api/search-items: the category and company filter lists.
import { useQuery } from '@tanstack/react-query';
import { getSearchItems } from '#shared/api/catalog';
import { apiQuery } from '../../../lib/query-client.ts';

export const useSearchItems = () => useQuery({ ...apiQuery(getSearchItems), staleTime: 60 * 60_000 });
