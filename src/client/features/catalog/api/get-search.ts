// GET /api/search: combined results for category, company or keyword (spec §2 /search).
import { useQuery } from '@tanstack/react-query';
import { getSearch } from '#shared/api/catalog';
import { apiQuery } from '../../../lib/query-client.ts';

export const useSearchResults = (filters: { cid?: string; coid?: string; q?: string }) => useQuery(apiQuery(getSearch, filters));
