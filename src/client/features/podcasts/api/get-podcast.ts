// GET /api/podcast: one episode with description and transcript.
import { useQuery } from '@tanstack/react-query';
import { getPodcast } from '#shared/api/podcasts';
import { apiQuery } from '../../../lib/query-client.ts';

export const usePodcast = (p: string | null | undefined, options: { staleTime?: number } = {}) =>
  useQuery({ ...apiQuery(getPodcast, { p: p ?? '' }), enabled: Boolean(p), ...options });
