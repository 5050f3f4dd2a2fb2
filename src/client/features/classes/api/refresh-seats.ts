// After a seat changes (reserved, released, a waitlist place turned into a seat), every answer that shows the
// student's seats is out of date: the class, Reserved Seats, the seat a cancel link names, and the
// RESERVED/WAITLIST badges of the webinar list, home and search. Marks them stale: the ones on screen reload
// at once, the others when next shown.
import { getCancelSeat, getClass } from '#shared/api/classes';
import { getHome, getSearch, getUpcoming } from '#shared/api/catalog';
import { getSeats } from '#shared/api/my-ce';
import { queryClient } from '../../../lib/query-client.ts';

export const refreshSeats = async (): Promise<void> => {
  await Promise.all([getClass, getCancelSeat, getSeats, getUpcoming, getHome, getSearch].map((endpoint) => queryClient.invalidateQueries({ queryKey: ['api', endpoint.path] })));
};
