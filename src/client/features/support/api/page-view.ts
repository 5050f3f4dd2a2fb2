// POST /api/page-view: one per navigation, fire-and-forget (spec §2).
import { postPageView } from '#shared/api/support';
import { redactPath } from '#shared/domain/redact';
import { callQuietly } from '../../../lib/api.ts';

// reset tokens, login links and cancel codes stay on the device
export const reportPageView = (path: string): void => callQuietly(postPageView, { body: { path: redactPath(path).slice(0, 500) } });
