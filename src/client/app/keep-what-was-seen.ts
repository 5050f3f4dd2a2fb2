// Wires the query persister (lib/offline) to the session, so what a student saw is restored for that student
// only, and to the downloads, whose pages and exams stay as long as the download (docs/decisions/0018).
import { del } from 'idb-keyval';
import { queryClient } from '../lib/query-client.ts';
import { PERSISTED_QUERIES_KEY, persistQueries, restoreQueries, type PinTest } from '../lib/offline/query-persister.ts';
import { useSessionStore, whenSessionHydrated } from '../features/session/stores/session-store.ts';

const owner = () => useSessionStore.getState().hash;

let pinTest: PinTest = () => false;
/** the downloads feature says which queries belong to a download */
export const setPinTest = (test: PinTest): void => {
  pinTest = test;
};
const pinned: PinTest = (queryKey) => pinTest(queryKey);

/** resolves once the device's record has been read back into the cache (or found to be someone else's) */
export const restored: Promise<void> = whenSessionHydrated().then(() => restoreQueries(queryClient, owner(), pinned));

export const queryPersister = persistQueries(queryClient, owner, pinned, restored);

// another student, or nobody, from now on (a session the server ended, a login over a visitor's cache): what
// was kept belongs to the one before and goes; logout does the same and more (app/logout.ts)
void restored.then(() => {
  let current = owner();
  useSessionStore.subscribe((state) => {
    if (state.hash === current) return;
    const before = current;
    current = state.hash;
    if (before !== null) queryClient.removeQueries({ queryKey: ['api'] });
    void del(PERSISTED_QUERIES_KEY).catch(() => undefined);
  });
});
