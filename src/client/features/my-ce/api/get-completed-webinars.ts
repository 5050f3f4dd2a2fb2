// GET /api/completed-webinars: completed webinars and classes, one page.
import { useQuery } from '@tanstack/react-query';
import { getCompletedWebinars } from '#shared/api/my-ce';
import { apiQuery } from '../../../lib/query-client.ts';

export const useCompletedWebinars = (page: string, enabled = true) => useQuery({ ...apiQuery(getCompletedWebinars, { page }), enabled, placeholderData: (previous) => previous });
