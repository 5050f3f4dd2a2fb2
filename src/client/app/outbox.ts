// Wires the outbox (lib/outbox) to the app: the student it sends for is the session's; what an applied action
// made stale is refreshed (lib/query-effects.ts), a Watch Later decision is marked as the server's, and an exam
// graded in a replay (no screen left waiting) is told to the student (outbox-status.tsx); and it replays on
// start (once the session is read), when the network comes back, when the app returns to the screen, after any
// call the server answered, and on its own backoff timer (offline-and-audio.md §6: navigator.onLine lies; a
// failed call is the truth).
import { create } from 'zustand';
import type { postGradeExam } from '#shared/api/learning';
import type { ResponseOf } from '#shared/api/endpoint';
import { setCallSucceededHandler } from '../lib/api.ts';
import { applyQueryEffects } from '../lib/query-effects.ts';
import { configureOutbox, keepLeftActions, outbox, useOutboxView, type OutboxAction } from '../lib/outbox/index.ts';
import { markApplied, refKey } from '../features/watch-later/watch-later-store.ts';
import { useSessionStore, whenSessionHydrated } from '../features/session/stores/session-store.ts';

/** an exam graded when the network came back, for the student to hear of */
export interface GradedLater {
  id: string;
  /** the course's title */
  title: string;
  item: { c: string } | { p: string };
  passed: boolean;
  /** the server's words ('Congratulations! You passed…') */
  msg: string;
}

export const useGradedLater = create<{ results: GradedLater[] }>(() => ({ results: [] }));
export const dismissGraded = (id: string): void => useGradedLater.setState((s) => ({ results: s.results.filter((r) => r.id !== id) }));

function applied(action: OutboxAction, answer: unknown, screenWaiting: boolean): void {
  void applyQueryEffects(action.path);
  const body = action.body as { c?: string; p?: string; at?: number; attemptKey?: string };
  if ((action.path === 'queue-add' || action.path === 'remove-queue') && typeof body.at === 'number') {
    markApplied(refKey(body.c ? { c: body.c } : { p: body.p ?? '' }), body.at);
  }
  if (action.path === 'grade-exam' && !screenWaiting) {
    const graded = answer as ResponseOf<typeof postGradeExam>;
    const item = body.c ? { c: body.c } : { p: body.p ?? '' };
    const title = action.label.replace(/^Exam: /, '');
    useGradedLater.setState((s) => ({ results: [...s.results, { id: action.id, title, item, passed: graded.passed, msg: graded.msg }] }));
  }
}

// what a page that went noted first (lib/outbox/leaving.ts: the player's last heard ranges), then the replay
const replay = () => void keepLeftActions().then(() => outbox.replay());

void whenSessionHydrated().then(() => {
  configureOutbox({ owner: () => useSessionStore.getState().hash, onApplied: applied });
  replay();
  // a login (the same student again, or another, whose own actions may be waiting)
  useSessionStore.subscribe((state, before) => {
    if (state.hash !== before.hash) replay();
  });
  addEventListener('online', replay);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') replay();
  });
  setCallSucceededHandler(() => {
    const { pending, loginNeeded } = useOutboxView.getState();
    if (pending.length > 0 || loginNeeded) replay();
  });
});
