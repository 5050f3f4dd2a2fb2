// GET /api/tutorial-history: viewed tutorials, one page.
import { useQuery } from '@tanstack/react-query';
import { getTutorialHistory } from '#shared/api/my-ce';
import { apiQuery } from '../../../lib/query-client.ts';

export const useTutorialHistory = (page: string) => useQuery({ ...apiQuery(getTutorialHistory, { page }), placeholderData: (previous) => previous });
