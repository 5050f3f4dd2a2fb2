// Where sponsor banners go inside a list (spec §9 "Ad placement"): first ad at indexStart, then every
// `interval` rows, up to the number of banners; other positions none. Pure, so the rule is tested once.
// Also the rule of the e-mail a visitor gives to answer an ad (spec §5).
import { isEmail } from './validation.ts';

export interface AdPlan<B> {
  indexStart: number;
  interval: number;
  banners: ReadonlyArray<B>;
}

export interface AdPlacement<B> {
  /**
   * the zero-based index of the row the ad sits before, which is also the number of rows above it:
   * `before: 3` means rows 0, 1 and 2, then the ad, then row 3
   */
  before: number;
  banner: B;
}

const isCount = (n: number): boolean => Number.isInteger(n) && n >= 0;

/**
 * The ads of a list of `rowCount` rows, in order; the k-th slot takes the k-th banner.
 * An ad always sits before a row, never after the last one: a short list (or a last page) ends with a row,
 * so an ad never dangles at the foot of a list. An interval of 0 or less places only the first ad, since
 * every later slot would land on the same spot; a negative or fractional start places none.
 */
export function placeAds<B>(plan: AdPlan<B> | null | undefined, rowCount: number): Array<AdPlacement<B>> {
  if (!plan || !isCount(plan.indexStart) || plan.banners.length === 0) return [];
  const step = isCount(plan.interval) ? plan.interval : 0;
  const slots = step === 0 ? 1 : plan.banners.length;
  const placed: Array<AdPlacement<B>> = [];
  for (let k = 0; k < slots; k++) {
    const before = plan.indexStart + k * step;
    if (before >= rowCount) break;
    placed.push({ before, banner: plan.banners[k] });
  }
  return placed;
}

export const AD_EMAIL_REQUIRED = 'Email is required.';
export const AD_EMAIL_INVALID = 'Enter valid email address.';

/** spec §5 "Mobile ad e-mail": required, valid, judged trimmed */
export const adEmailError = (email: string): string | undefined => (!email.trim() ? AD_EMAIL_REQUIRED : !isEmail(email) ? AD_EMAIL_INVALID : undefined);
