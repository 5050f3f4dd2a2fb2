// The spec's constants (§3) and the names shown for them.
export const CLASS_TYPE = {
  UNDEFINED: 0,
  PDF: 10,
  LIVE: 20,
  ARCHIVE: 30,
  PRODUCED: 40,
  PRODUCED_ARCHIVE: 50,
  MOVIE: 55,
  LUNCHLEARN: 60,
  PRODUCED_PLAYBACK: 70,
  SLIDESHOW: 80,
  SEMINAR: 90,
} as const;

export const CE_TYPE = { NONCE: 0, HOMESTUDY: 1, PARTICIPATORY: 2 } as const;

/** decisions.md: 'Self-study' and 'Live, Interactive' everywhere, podcasts included; others 'undefined' */
export function ceTypeName(ceTypeId: number | null | undefined): string {
  if (ceTypeId === CE_TYPE.HOMESTUDY) return 'Self-study';
  if (ceTypeId === CE_TYPE.PARTICIPATORY) return 'Live, Interactive';
  return 'undefined';
}

export const VPAD_EVENT = { VIEW: 1, CLICK: 2 } as const;
export const VPAD_SLOT = { FEATURED_CLASS: 36, FEATURED_PODCAST: 37 } as const;
