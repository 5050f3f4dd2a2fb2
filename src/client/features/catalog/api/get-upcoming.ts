// GET /api/upcoming: upcoming live webinars with the student's seats.
import { useQuery } from '@tanstack/react-query';
import { getUpcoming } from '#shared/api/catalog';
import { apiQuery } from '../../../lib/query-client.ts';

export const useUpcoming = (query: { cid?: string; coid?: string; q?: string; page?: string }) => useQuery(apiQuery(getUpcoming, query));
