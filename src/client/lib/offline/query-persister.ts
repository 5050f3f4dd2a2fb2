// What was seen stays (docs/decisions/0018-what-was-seen.md): the kept answers of the query cache are written
// to one IndexedDB record tagged with the student they belong to, and read back at the next start, so a cold
// start in a tunnel shows what the student saw. Our own small persister on TanStack Query's dehydrate/hydrate
// rather than @tanstack/react-query-persist-client: that package trails react-query's version (two
// query-cores), and we need per-student records, a schema check per answer and pins the library has no
// notion of.
import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { del, get, set } from 'idb-keyval';
import { fitsContract, keepPolicy, MAX_AGE_MS } from './kept-queries.ts';

/** the IndexedDB record (idb-keyval's default store) */
export const PERSISTED_QUERIES_KEY = 'cepass.queries';
const FORMAT = 1;
/** writes are gathered: a screen's queries settle within a moment of each other */
const WRITE_DELAY_MS = 500;
/** a hung IndexedDB (seen on WebKit, docs/decisions/0017) must not keep the app from starting */
const READ_TIMEOUT_MS = 2000;

interface PersistedQueries {
  format: number;
  /** the student whose answers these are; null for a visitor's (public) answers */
  owner: string | null;
  savedAt: number;
  state: DehydratedState;
}

/** a query kept beyond MAX_AGE_MS and even when unused (a downloaded episode's page and exam) */
export type PinTest = (queryKey: readonly unknown[]) => boolean;

const shouldKeep = (query: Query, pinned: PinTest): boolean => {
  // an answer whose refresh failed (offline) is still the answer that was seen: it stays
  if (query.state.data === undefined) return false;
  const policy = keepPolicy(query.queryKey);
  return policy === 'always' || (policy === 'pinned' && pinned(query.queryKey));
};

/**
 * Reads the record and puts its answers into the query cache when it belongs to `owner`; a record of someone
 * else (another student, or a visitor's when a student is now logged in) is deleted instead.
 * Answers already fetched since the start are newer and stay (hydrate keeps the newer of the two).
 */
export async function restoreQueries(client: QueryClient, owner: string | null, pinned: PinTest, now = Date.now()): Promise<void> {
  const stored = await Promise.race([
    get<PersistedQueries>(PERSISTED_QUERIES_KEY).catch(() => undefined),
    new Promise<undefined>((resolve) => setTimeout(resolve, READ_TIMEOUT_MS)),
  ]);
  if (!stored || typeof stored !== 'object' || stored.format !== FORMAT || !stored.state || !Array.isArray(stored.state.queries)) return;
  if (stored.owner !== owner) {
    await del(PERSISTED_QUERIES_KEY).catch(() => undefined);
    return;
  }
  const queries = stored.state.queries.filter((q) => {
    const policy = keepPolicy(q.queryKey);
    if (policy === 'never' || (policy === 'pinned' && !pinned(q.queryKey))) return false;
    if (now - q.state.dataUpdatedAt > MAX_AGE_MS && !pinned(q.queryKey)) return false;
    return fitsContract(q.queryKey, q.state.data);
  });
  hydrate(client, { mutations: [], queries });
  // what comes from the device is not the server's answer of now, however recent: each is asked again when a
  // screen shows it, so offline the marker says how old it is, and online the screen is brought up to date
  const restored = new Set(queries.map((q) => q.queryHash));
  await client.invalidateQueries({ predicate: (query) => restored.has(query.queryHash), refetchType: 'none' });
}

export interface QueryPersister {
  /** writes now what a pending write would have written (pagehide, before a reload) */
  flush: () => Promise<void>;
  /** no more writes (logout), then the record is deleted */
  stopAndClear: () => Promise<void>;
}

/**
 * Keeps the record in step with the query cache from now on, for `owner()` at the time of each write.
 * `ready` resolves when the stored record has been restored: nothing is written before, so a start that
 * has not read the record yet never overwrites it with an empty cache.
 */
export function persistQueries(client: QueryClient, owner: () => string | null, pinned: PinTest, ready: Promise<void>): QueryPersister {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();

  const write = async (): Promise<void> => {
    timer = null;
    await ready;
    if (stopped) return;
    const dehydrated = dehydrate(client, { shouldDehydrateQuery: (query) => shouldKeep(query, pinned), shouldDehydrateMutation: () => false });
    // what is kept is the answer and when it came; a failed refresh since then is not (its error is no ApiError
    // once stored, and would read as the server refusing)
    const state: DehydratedState = {
      ...dehydrated,
      queries: dehydrated.queries.map((q) => ({
        ...q,
        state: { ...q.state, status: 'success', error: null, errorUpdatedAt: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchStatus: 'idle' },
      })),
    };
    const record: PersistedQueries = { format: FORMAT, owner: owner(), savedAt: Date.now(), state };
    writing = writing.then(() => (stopped ? undefined : set(PERSISTED_QUERIES_KEY, record).catch(() => undefined)));
    await writing;
  };

  const schedule = () => {
    if (stopped || timer !== null) return;
    timer = setTimeout(() => void write(), WRITE_DELAY_MS);
  };

  const unsubscribe = client.getQueryCache().subscribe((event) => {
    // a new answer, or a query gone from the cache: only then does the kept set change
    if ((event.type === 'updated' && event.action.type === 'success') || event.type === 'removed') schedule();
  });

  // answers that arrived before this module was loaded (it is not on the first screen's path) are written too
  void ready.then(schedule);

  // the system may end a hidden app without another chance: what is waiting is written now
  const onHide = () => {
    if (document.visibilityState === 'hidden' && timer !== null) {
      clearTimeout(timer);
      void write();
    }
  };
  document.addEventListener('visibilitychange', onHide);
  addEventListener('pagehide', onHide);

  return {
    flush: async () => {
      // after `ready`, so the write scheduled for the answers that came before is the one cancelled here
      await ready;
      if (timer !== null) clearTimeout(timer);
      await write();
    },
    stopAndClear: async () => {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      unsubscribe();
      document.removeEventListener('visibilitychange', onHide);
      removeEventListener('pagehide', onHide);
      await writing;
      await del(PERSISTED_QUERIES_KEY).catch(() => undefined);
    },
  };
}
