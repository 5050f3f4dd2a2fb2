// GET /api/pending: CE in progress, one page.
import { useQuery } from '@tanstack/react-query';
import { getPending } from '#shared/api/my-ce';
import { apiQuery } from '../../../lib/query-client.ts';

export const usePending = (page: string) => useQuery({ ...apiQuery(getPending, { page }), placeholderData: (previous) => previous });
