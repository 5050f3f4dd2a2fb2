// POST /api/featuredcontent-click: logs a featured-content click; navigation never waits for it.
import { postFeaturedContentClick } from '#shared/api/ads';
import { call } from '../../../lib/api.ts';

export const logFeaturedClick = (t: 36 | 37, h: string) => call(postFeaturedContentClick, { body: { t, h } });
