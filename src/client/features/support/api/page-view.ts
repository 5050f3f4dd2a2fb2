// POST /api/page-view: one per navigation (spec §2). A student's goes through the outbox, so one made offline is
// counted when the network is back (issue 16), unless the student logs out first (app/logout.ts: nothing of theirs
// stays on the device that they did not choose to keep); a visitor's is fire-and-forget, as there is no one to keep it for.
import { postPageView } from '#shared/api/support';
import { redactPath } from '#shared/domain/redact';
import { callQuietly } from '../../../lib/api.ts';
import { submitAction } from '../../../lib/outbox/index.ts';
import { useSessionStore } from '../../session/stores/session-store.ts';

// reset tokens, login links and cancel codes stay on the device
export const reportPageView = (path: string): void => {
  const body = { path: redactPath(path).slice(0, 500) };
  if (useSessionStore.getState().hash === null) return callQuietly(postPageView, { body });
  submitAction(postPageView, body, 'Page view', { quiet: true, disposable: true }).catch(() => undefined);
};
