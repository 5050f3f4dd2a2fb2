// GET /api/completed-podcasts: completed podcasts, one page.
import { useQuery } from '@tanstack/react-query';
import { getCompletedPodcasts } from '#shared/api/my-ce';
import { apiQuery } from '../../../lib/query-client.ts';

export const useCompletedPodcasts = (page: string, enabled = true) => useQuery({ ...apiQuery(getCompletedPodcasts, { page }), enabled, placeholderData: (previous) => previous });
