// POST /api/cancel-seat: releases the seat a cancel code names.
import { postCancelSeat } from '#shared/api/classes';
import { call } from '../../../lib/api.ts';

export const cancelSeat = (code: string) => call(postCancelSeat, { body: { code } });
