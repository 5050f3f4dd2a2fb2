// GET /api/cancel-seat: the seat a cancel code names.
import { useQuery } from '@tanstack/react-query';
import { getCancelSeat } from '#shared/api/classes';
import { apiQuery } from '../../../lib/query-client.ts';

export const useCancelSeatInfo = (code: string) => useQuery(apiQuery(getCancelSeat, { code }));
