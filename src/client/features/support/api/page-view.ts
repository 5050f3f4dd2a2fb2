// POST /api/page-view: one per navigation (spec §2). A student's goes through the outbox, so one made offline is
// counted when the network is back (issue 16), unless the student logs out first (app/logout.ts: nothing of theirs
// stays on the device that they did not choose to keep); a visitor's is fire-and-forget, as there is no one to keep it for.
import { postPageView } from '#shared/api/support';
import { redactPath } from '#shared/domain/redact';
import { callQuietly } from '../../../lib/api.ts';
import { useSessionStore } from '../../session/stores/session-store.ts';

/**
 * Reports a view of `path`. `leaving`: the page is being left (pagehide) before the view went out; the outbox
 * could not keep it in time, so it goes at once for anyone, in a request that outlives the page.
 */
export const reportPageView = (path: string, leaving = false): void => {
  // reset tokens, login links and cancel codes stay on the device
  const body = { path: redactPath(path).slice(0, 500) };
  if (leaving || useSessionStore.getState().hash === null) return callQuietly(postPageView, { body, keepalive: true });
  // the outbox's engine comes with a student's first view (its chunk is not on a visitor's first screen)
  import('../../../lib/outbox/index.ts')
    .then(({ submitAction }) => submitAction(postPageView, body, 'Page view', { quiet: true, disposable: true }))
    .catch(() => undefined);
};
