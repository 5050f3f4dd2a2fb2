// GET /api/queue: the watch-later list, one page.
import { useQuery } from '@tanstack/react-query';
import { getQueue } from '#shared/api/my-ce';
import { apiQuery } from '../../../lib/query-client.ts';

export const useQueue = (page: string) => useQuery({ ...apiQuery(getQueue, { page }), placeholderData: (previous) => previous });
