// GET /api/tutorials: one page of product-training tutorials (page zero-based).
import { useQuery } from '@tanstack/react-query';
import { getTutorials } from '#shared/api/catalog';
import { apiQuery } from '../../../lib/query-client.ts';

export const useTutorials = (query: { cid?: string; coid?: string; q?: string; page?: string }) => useQuery({ ...apiQuery(getTutorials, query), placeholderData: (previous) => previous });
