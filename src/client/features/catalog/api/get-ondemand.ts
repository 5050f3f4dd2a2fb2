// GET /api/ondemand: one page of on-demand classes (page zero-based).
import { useQuery } from '@tanstack/react-query';
import { getOndemand } from '#shared/api/catalog';
import { apiQuery } from '../../../lib/query-client.ts';

export const useOndemand = (query: { cid?: string; coid?: string; q?: string; page?: string }) => useQuery({ ...apiQuery(getOndemand, query), placeholderData: (previous) => previous });
