// What was seen stays (docs/decisions/0018-what-was-seen.md): the kept answers of the query cache are written
// to one IndexedDB record tagged with the student they belong to; restore-queries.ts reads them back when
// CE Pass cannot be reached. Our own small persister on TanStack Query's dehydrate/hydrate rather than
// @tanstack/react-query-persist-client: that package trails react-query's version (two query-cores), restores
// everything at every start (we restore only when offline, so an online start never shows an old answer),
// and has no notion of per-student records, a schema check per answer, or pins.
import { dehydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { del, get, set } from 'idb-keyval';
import { isUnreachable } from '../api.ts';
import { isKept } from './kept-queries.ts';
import { within } from '../within.ts';

/** the IndexedDB record (idb-keyval's default store) */
export const PERSISTED_QUERIES_KEY = 'cepass.queries';
export const FORMAT = 1;
/**
 * Writes are gathered: a screen's queries settle within a moment of each other. Short, because a write begun
 * as the page is left (pagehide) may be cut off with the page (the browser closes its IndexedDB connection):
 * what came in more than this long before a reload is safe.
 */
const WRITE_DELAY_MS = 100;
/** a hung IndexedDB (seen on WebKit, docs/decisions/0017) must not keep the app waiting */
export const READ_TIMEOUT_MS = 2000;

export type KeptQuery = DehydratedState['queries'][number];

export interface PersistedQueries {
  format: number;
  /** the student whose answers these are; null for a visitor's (public) answers */
  owner: string | null;
  savedAt: number;
  state: DehydratedState;
}

/** a query kept beyond MAX_AGE_MS and even when unused (a downloaded episode's page and exam) */
export type PinTest = (queryKey: readonly unknown[]) => boolean;

/** the record, or undefined when there is none, it cannot be read in time, or it is not of this format */
export async function readRecord(): Promise<PersistedQueries | undefined> {
  const stored = await within(
    get<PersistedQueries>(PERSISTED_QUERIES_KEY).catch(() => undefined),
    READ_TIMEOUT_MS,
  );
  const fits = stored && typeof stored === 'object' && stored.format === FORMAT && stored.state && Array.isArray(stored.state.queries);
  return fits ? stored : undefined;
}

/** a failed refresh since is not what was seen: its error would read, once stored, as the server refusing */
const asSeen = (q: KeptQuery): KeptQuery => ({
  ...q,
  state: { ...q.state, status: 'success', error: null, errorUpdatedAt: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchStatus: 'idle' },
});

export interface QueryPersister {
  /** what is kept changed without a new answer (a download pins its pages): written a moment later */
  touch: () => void;
  /** writes now what a pending write would have written */
  flush: () => Promise<void>;
  /** what was kept belonged to someone else (another student, or a visitor before a login): gone, and never merged again */
  forget: () => Promise<void>;
  /** no more writes (logout), then the record is deleted */
  stopAndClear: () => Promise<void>;
}

interface PersistOptions {
  /** nothing is written before (the session read from the device: until then the owner is not known) */
  ready?: Promise<unknown>;
  /** a query could not reach CE Pass: the page may want what was kept (restore-queries.ts) */
  onUnreachable?: () => void;
}

/**
 * Keeps the record in step with the query cache from now on, for `owner()` at the time of each write. What the
 * record already holds for that owner and is not in this page's cache (screens seen in an earlier visit) is
 * merged in, so a start online never loses what an earlier visit kept.
 */
export function persistQueries(client: QueryClient, owner: () => string | null, pinned: PinTest, options: PersistOptions = {}): QueryPersister {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();
  /** the record as read once, for the owner of that time: what earlier visits kept */
  let earlier: Promise<{ owner: string | null; queries: KeptQuery[] }> = readRecord().then((r) => ({ owner: r?.owner ?? null, queries: r?.state.queries ?? [] }));

  const keep = (query: Query, now: number) => query.state.data !== undefined && isKept(query.queryKey, query.state.dataUpdatedAt, pinned, now);

  const write = async (): Promise<void> => {
    timer = null;
    await options.ready;
    const before = await earlier;
    if (stopped) return;
    const now = Date.now();
    const current = dehydrate(client, { shouldDehydrateQuery: (query) => keep(query, now), shouldDehydrateMutation: () => false }).queries;
    const who = owner();
    // a query in this page's cache with no answer (a disabled one, a first try that failed) replaces nothing
    const inCache = new Set(current.map((q) => q.queryHash));
    const carried = before.owner === who ? before.queries.filter((q) => !inCache.has(q.queryHash) && isKept(q.queryKey, q.state.dataUpdatedAt, pinned, now)) : [];
    const record: PersistedQueries = { format: FORMAT, owner: who, savedAt: now, state: { mutations: [], queries: [...carried, ...current].map(asSeen) } };
    writing = writing.then(() => (stopped ? undefined : set(PERSISTED_QUERIES_KEY, record).catch(() => undefined)));
    await writing;
  };

  const schedule = () => {
    if (stopped || timer !== null) return;
    timer = setTimeout(() => void write(), WRITE_DELAY_MS);
  };

  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    // a new answer: the kept set changes
    if (event.action.type === 'success') schedule();
    // the first failed try is enough to know: the retries take seconds more
    if ((event.action.type === 'failed' || event.action.type === 'error') && isUnreachable(event.action.error)) options.onUnreachable?.();
  });

  // answers that arrived before this module was loaded (it is not on the first screen's path) are written too
  schedule();

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
    touch: schedule,
    flush: async () => {
      if (timer !== null) clearTimeout(timer);
      await write();
    },
    forget: async () => {
      earlier = Promise.resolve({ owner: null, queries: [] });
      await writing;
      await del(PERSISTED_QUERIES_KEY).catch(() => undefined);
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
