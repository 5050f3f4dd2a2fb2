// GET /api/podcast-show: a series, its episodes and banner ads.
import { useQuery } from '@tanstack/react-query';
import { getPodcastShow } from '#shared/api/podcasts';
import { apiQuery } from '../../../lib/query-client.ts';

export const usePodcastShow = (ps: string) => useQuery(apiQuery(getPodcastShow, { ps }));
