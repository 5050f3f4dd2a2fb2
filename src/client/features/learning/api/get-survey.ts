// GET /api/survey: the sponsor survey of a class. Fetched once per visit and never again during it: each answer
// names a fresh sessionHash, so one pass through the survey keeps one session, and the next visit starts anew.
import { useQuery } from '@tanstack/react-query';
import { getSurvey } from '#shared/api/learning';
import { apiQuery } from '../../../lib/query-client.ts';

export const useSurvey = (c: string) => useQuery({ ...apiQuery(getSurvey, { c }), staleTime: Infinity, gcTime: 0 });
