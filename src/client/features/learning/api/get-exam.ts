// GET /api/exam: exam questions (without answer keys) for a class or a podcast.
import { useQuery } from '@tanstack/react-query';
import { getExam } from '#shared/api/learning';
import { apiQuery } from '../../../lib/query-client.ts';

export const useExam = (item: { c?: string; p?: string }, options: { gcTime?: number } = {}) => useQuery({ ...apiQuery(getExam, item), ...options });
