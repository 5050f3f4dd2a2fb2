// POST /api/featuredcontent-click: logs a featured-content click; navigation never waits for it (spec §7).
import { postFeaturedContentClick } from '#shared/api/ads';
import { callQuietly } from '../../../lib/api.ts';

/** t: VPAD_SLOT_TYPE (36 featured class, 37 featured podcast); h: the item's hash */
export const logFeaturedClick = (t: 36 | 37, h: string): void => callQuietly(postFeaturedContentClick, { body: { t, h } });
