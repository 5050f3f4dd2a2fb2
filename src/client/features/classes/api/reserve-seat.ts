// POST /api/reserve-seat: a seat, or a waitlist place when the webinar is full.
import { postReserveSeat } from '#shared/api/classes';
import { call } from '../../../lib/api.ts';
import { deviceTimeZone } from '../../../lib/time-zone.ts';

/** the device's time zone goes with it: the seat's e-mails say the start in it (decision 0041) */
export const reserveSeat = (c: string) => call(postReserveSeat, { body: { c, tz: deviceTimeZone() } });
