// GET /api/seats: the student's reserved and waitlisted webinars.
import { useQuery } from '@tanstack/react-query';
import { getSeats } from '#shared/api/my-ce';
import { apiQuery } from '../../../lib/query-client.ts';

export const useSeats = () => useQuery(apiQuery(getSeats, {}));
