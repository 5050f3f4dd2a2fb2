// After a seat changes (reserved, released, a waitlist place turned into a seat), every answer that shows the
// student's seats is out of date: the table of query effects says which (lib/query-effects.ts 'reserve-seat').
import { applyQueryEffects } from '../../../lib/query-effects.ts';

export const refreshSeats = async (): Promise<void> => {
  await applyQueryEffects('reserve-seat');
};
