// GET /api/home: featured content, next webinars, newest on-demand and podcasts (spec §2 /home).
import { useQuery } from '@tanstack/react-query';
import { getHome } from '#shared/api/catalog';
import { apiQuery } from '../../../lib/query-client.ts';

export const useHome = () => useQuery({ ...apiQuery(getHome, {}), staleTime: 5 * 60_000 });
