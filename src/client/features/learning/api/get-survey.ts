// GET /api/survey: the sponsor survey of a class, with the student's answers so far (a visit resumes at the first
// question not answered, in the same session). Fetched once per visit and never again during it: the screen
// moves on from the answers it saved itself.
import { useQuery } from '@tanstack/react-query';
import { getSurvey } from '#shared/api/learning';
import { apiQuery } from '../../../lib/query-client.ts';

export const useSurvey = (c: string) => useQuery({ ...apiQuery(getSurvey, { c }), staleTime: Infinity, gcTime: 0 });
