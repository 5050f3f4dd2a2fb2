// POST /api/ad-event: a banner view or click, recorded first-party (security.md); fire-and-forget.
import { postAdEvent } from '#shared/api/ads';
import { VPAD_EVENT } from '#shared/domain/constants';
import { callQuietly } from '../../../lib/api.ts';

export const recordAdView = (a: number): void => callQuietly(postAdEvent, { body: { a, e: VPAD_EVENT.VIEW } });
export const recordAdClick = (a: number): void => callQuietly(postAdEvent, { body: { a, e: VPAD_EVENT.CLICK } });
