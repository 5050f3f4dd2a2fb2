// GET /api/sva: the sponsored video offered after a class evaluation.
import { useQuery } from '@tanstack/react-query';
import { getSva } from '#shared/api/learning';
import { apiQuery } from '../../../lib/query-client.ts';

export const useSva = (c: string) => useQuery(apiQuery(getSva, { c }));
