// GET /api/class: a class and, when logged in, the student's data for it.
import { useQuery } from '@tanstack/react-query';
import { getClass } from '#shared/api/classes';
import { apiQuery } from '../../../lib/query-client.ts';

export const useClass = (c: string, options: { refetchInterval?: number; staleTime?: number } = {}) => useQuery({ ...apiQuery(getClass, { c }), ...options });
