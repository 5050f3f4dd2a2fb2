// Messages of spec §8 shared by several screens.

/** a list that failed to load (danger alert) */
export const LIST_ERROR = 'System error - contact tech support.';
