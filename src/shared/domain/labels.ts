// Status labels of spec §4 (RESERVED, WAITLIST, COMPLETED), LIVE NOW on a webinar under way (issue 13), and the
// webinar click rule of spec §2. Pure rules, shared by client and server.

export type Label = 'RESERVED' | 'WAITLIST' | 'COMPLETED' | 'FEATURED' | 'LIVE NOW';

export interface SeatState {
  hasSeat: boolean;
  isWaiting: boolean;
}

/** RESERVED: a seat and not waiting; WAITLIST: waiting */
export const seatLabel = (item: SeatState | null | undefined): Label | null =>
  !item ? null : item.isWaiting ? 'WAITLIST' : item.hasSeat ? 'RESERVED' : null;

/** the student's seat on a webinar, from the row itself or the list's `seats` */
export const seatOf = (hash: string, row: SeatState, seats?: ReadonlyArray<{ hash: string; isWaiting: boolean }>): SeatState => {
  const seat = seats?.find((s) => s.hash === hash);
  return seat ? { hasSeat: true, isWaiting: seat.isWaiting } : row;
};
