// GET /api/podcasts: one page of podcast episodes (page zero-based).
import { useQuery } from '@tanstack/react-query';
import { getPodcasts } from '#shared/api/catalog';
import { apiQuery } from '../../../lib/query-client.ts';

export const usePodcasts = (query: { cid?: string; coid?: string; q?: string; page?: string }) => useQuery({ ...apiQuery(getPodcasts, query), placeholderData: (previous) => previous });
