// POST /api/reserve-seat: a seat, or a waitlist place when the webinar is full.
import { postReserveSeat } from '#shared/api/classes';
import { call } from '../../../lib/api.ts';

export const reserveSeat = (c: string) => call(postReserveSeat, { body: { c } });
