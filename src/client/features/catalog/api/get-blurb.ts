// GET /api/blurb: a content blurb by code (terms, privacy).
import { useQuery } from '@tanstack/react-query';
import { getBlurb } from '#shared/api/catalog';
import { apiQuery } from '../../../lib/query-client.ts';

export const useBlurb = (code: string) => useQuery({ ...apiQuery(getBlurb, { code }), staleTime: 60 * 60_000 });
