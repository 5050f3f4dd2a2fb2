// GET /api/reported-courses: every course the student recorded as taken elsewhere ("self-reported"), newest first.
import { useQuery } from '@tanstack/react-query';
import { getReportedCourses } from '#shared/api/license';
import { apiQuery } from '../../../lib/query-client.ts';

export const useReportedCourses = () => useQuery(apiQuery(getReportedCourses, {}));
