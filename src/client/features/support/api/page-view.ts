// POST /api/page-view: one per navigation, fire-and-forget (spec §2).
import { postPageView } from '#shared/api/support';
import { callQuietly } from '../../../lib/api.ts';

export const reportPageView = (path: string): void => callQuietly(postPageView, { body: { path: path.slice(0, 500) } });
