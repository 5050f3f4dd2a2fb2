// GET /api/completed: counts of completed webinars and podcasts.
import { useQuery } from '@tanstack/react-query';
import { getCompleted } from '#shared/api/my-ce';
import { apiQuery } from '../../../lib/query-client.ts';

export const useCompletedCounts = () => useQuery(apiQuery(getCompleted, {}));
