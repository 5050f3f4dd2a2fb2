// GET /api/survey: the sponsor survey of a class.
import { useQuery } from '@tanstack/react-query';
import { getSurvey } from '#shared/api/learning';
import { apiQuery } from '../../../lib/query-client.ts';

export const useSurvey = (c: string) => useQuery(apiQuery(getSurvey, { c }));
