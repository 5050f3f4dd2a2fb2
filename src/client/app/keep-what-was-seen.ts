// Wires what was seen (docs/decisions/0018-what-was-seen.md) to the session and the downloads: answers are
// kept for the student logged in; they are read back only when CE Pass cannot be reached (the browser says
// offline, or a query's first try found no server), for that student only; a downloaded episode's page,
// series and exam stay as long as the download. Loaded once the first screen is up (app.tsx).
import { queryClient } from '../lib/query-client.ts';
import { isUnreachable } from '../lib/api.ts';
import { persistQueries, type PinTest } from '../lib/offline/query-persister.ts';
import { isDownloadQuery, useDownloads, whenDownloadsHydrated } from '../features/downloads/downloads-store.ts';
import { useSessionStore, whenSessionHydrated } from '../features/session/stores/session-store.ts';

const owner = () => useSessionStore.getState().hash;
const pinned: PinTest = isDownloadQuery;

let restoring: Promise<void> | null = null;
/** what was kept, into the cache, once per page: from then on the cache holds it and the writer keeps it */
const restore = (): Promise<void> =>
  (restoring ??= Promise.all([whenSessionHydrated(), whenDownloadsHydrated()])
    .then(() => import('../lib/offline/restore-queries.ts'))
    .then((m) => m.restoreQueries(queryClient, owner(), pinned)));

// nothing is written before the session (the owner) and the downloads (the pins) are read: a write before
// would tag the answers with nobody, or drop a download's pages as unpinned
export const queryPersister = persistQueries(queryClient, owner, pinned, {
  ready: Promise.all([whenSessionHydrated(), whenDownloadsHydrated()]),
  onUnreachable: () => void restore(),
});

// a download that completes pins its episode's pages, fetched when it began: they are written then
useDownloads.subscribe((state, before) => {
  if (state.items !== before.items) queryPersister.touch();
});

// offline already, or a query found no server before this module was loaded
const failedBefore = queryClient
  .getQueryCache()
  .getAll()
  .some((q) => q.state.fetchStatus === 'paused' || (q.state.fetchFailureCount > 0 && isUnreachable(q.state.fetchFailureReason)));
if (!navigator.onLine || failedBefore) void restore();
addEventListener('offline', () => void restore());

// another student, or nobody, from now on (a session the server ended, a login over a visitor's cache): what
// was kept belongs to the one before and goes; logout does the same and more (app/logout.ts)
void whenSessionHydrated().then(() => {
  let current = owner();
  useSessionStore.subscribe((state) => {
    if (state.hash === current) return;
    const before = current;
    current = state.hash;
    if (before !== null) queryClient.removeQueries({ queryKey: ['api'] });
    void queryPersister.forget();
  });
});
