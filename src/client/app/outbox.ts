// Wires the outbox (lib/outbox) to the app: the student it sends for is the session's; what an applied action
// made stale is refreshed (lib/query-effects.ts); and it replays on start (once the session is read), when the
// network comes back, when the app returns to the screen, after any call the server answered, and on its own
// backoff timer (offline-and-audio.md §6: navigator.onLine lies; a failed call is the truth).
import { setCallSucceededHandler } from '../lib/api.ts';
import { applyQueryEffects } from '../lib/query-effects.ts';
import { configureOutbox, outbox, useOutboxView } from '../lib/outbox/index.ts';
import { useSessionStore, whenSessionHydrated } from '../features/session/stores/session-store.ts';

const replay = () => void outbox.replay();

void whenSessionHydrated().then(() => {
  configureOutbox({
    owner: () => useSessionStore.getState().hash,
    onApplied: (action) => void applyQueryEffects(action.path),
  });
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
