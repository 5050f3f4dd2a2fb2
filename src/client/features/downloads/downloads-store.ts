// What this device has downloaded (episodes and e-books), persisted to IndexedDB, and what is downloading now.
// Light on purpose: rows of every episode list read it, so the download itself (fetch, cache, the query
// prefetch) is a chunk of its own (downloads.ts), loaded on the first tap.
// The records live in an IndexedDB database of their own: logout clears the app's shared store whole, and
// downloaded episodes may outlive a session (the files stay in the worker's cache) while e-books never do.
// Writes wait for hydration (offline-and-audio.md §8, zustand#562): a write before the stored list is read
// would put an empty list over it and orphan every file in the caches.
import { createStore } from 'idb-keyval';
import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { idbStorage, whenHydrated } from '../../lib/persist/idb-storage.ts';
import { parsePersisted, persistedStores, type AutoRemoveDays, type PersistedDownload, type PersistedDownloads } from '../../lib/persist/schema.ts';
import type { PlayerEpisode } from '../player/episode.ts';

export type { AutoRemoveDays, PersistedDownload as DownloadRecord } from '../../lib/persist/schema.ts';
export type DownloadKind = PersistedDownload['kind'];

const { key, version, schema } = persistedStores.downloads;

/** a download under way, or one that failed (with the words to show); never persisted */
export type Transfer = { status: 'downloading'; received: number; total: number } | { status: 'failed'; message: string };

interface DownloadsState extends PersistedDownloads {
  transfers: Record<string, Transfer>;
}

const defaults = parsePersisted(schema, {});
/** after the first view is up: tidying is never on a screen's critical path */
const TIDY_DELAY_MS = 3000;

export const downloadsDb = createStore('cepass-downloads', 'records');

export const useDownloads = create<DownloadsState>()(
  persist(() => ({ ...defaults, transfers: {} }), {
    name: key,
    version,
    storage: idbStorage(schema, downloadsDb),
    partialize: (s): PersistedDownloads => ({ items: s.items, autoRemoveDays: s.autoRemoveDays, persistAsked: s.persistAsked }),
    // no migrations yet: an older or newer record is read through the schema's defaults
    migrate: (stored) => parsePersisted(schema, stored) as DownloadsState,
    // app start: once the list is read, heard episodes past the auto-remove setting go and the caches are
    // reconciled with the records (downloads.ts tidyDownloads), when the app is idle; a device with nothing
    // downloaded never loads that code
    onRehydrateStorage: () => (state) => {
      if (!state || state.items.length === 0) return;
      setTimeout(() => void import('./downloads.ts').then((m) => m.tidyDownloads()), TIDY_DELAY_MS);
    },
  }),
);

export const transferKey = (kind: DownloadKind, hash: string): string => `${kind}:${hash}`;

/** resolves once the stored list has been read; every write waits for it */
export const whenDownloadsHydrated = (): Promise<void> => whenHydrated(useDownloads);

const subscribeHydration = (onChange: () => void) => useDownloads.persist.onFinishHydration(onChange);
/** true once the stored list has been read (the Downloads screen and the logout choice wait for it) */
export const useDownloadsHydrated = (): boolean => useSyncExternalStore(subscribeHydration, () => useDownloads.persist.hasHydrated(), () => false);

// ---- reads ----

export const findDownload = (s: PersistedDownloads, kind: DownloadKind, hash: string): PersistedDownload | undefined =>
  s.items.find((item) => item.kind === kind && item.hash === hash);

/** whether an episode may be on this device: downloaded, or not known yet (the device's list not read) */
export const mayBeDownloaded = (hash: string): boolean => !useDownloads.persist.hasHydrated() || findDownload(useDownloads.getState(), 'episode', hash) !== undefined;

/** the downloaded episodes with their series hash (`ps`): what the query persister keeps and pins */
export const downloadedEpisodes = (): PersistedDownload[] => useDownloads.getState().items.filter((item) => item.kind === 'episode');

export const useDownloadedEpisodes = (): PersistedDownload[] => useDownloads((s) => s.items).filter((item) => item.kind === 'episode');

/**
 * The query persister's pin test (app/keep-what-was-seen.ts setPinTest): an episode's page, its series page and
 * its exam questions stay as long as the episode is downloaded. The keys are those of usePodcast, usePodcastShow
 * and useExam (['api', path, query]).
 */
export const isDownloadQuery = (queryKey: readonly unknown[]): boolean => {
  if (queryKey[0] !== 'api') return false;
  const query = queryKey[2] as { p?: unknown; ps?: unknown } | null | undefined;
  const episodes = downloadedEpisodes();
  if (queryKey[1] === 'podcast' || queryKey[1] === 'exam') return episodes.some((e) => e.hash === query?.p);
  if (queryKey[1] === 'podcast-show') return episodes.some((e) => e.ps === query?.ps);
  return false;
};

/** what a download button shows for one item */
export type DownloadState = { status: 'none' } | { status: 'downloaded'; record: PersistedDownload } | Transfer;

export const downloadStateOf = (s: DownloadsState, kind: DownloadKind, hash: string): DownloadState => {
  const transfer = s.transfers[transferKey(kind, hash)];
  if (transfer) return transfer;
  const record = findDownload(s, kind, hash);
  return record ? { status: 'downloaded', record } : { status: 'none' };
};

/** the player's episode from a record: a downloaded episode plays from the Downloads screen with no server */
export const episodeOfRecord = (r: PersistedDownload): PlayerEpisode => ({
  hash: r.hash,
  showHash: r.ps,
  title: r.title,
  speakerName: r.speakerName,
  showTitle: r.showTitle,
  photo: r.photo,
  mp3: r.url,
  durationSec: r.durationSec,
  hasExam: r.hasExam,
  examTaken: false,
});

// ---- writes (each waits for hydration) ----

export const setTransfer = (kind: DownloadKind, hash: string, transfer: Transfer | null): void => {
  const k = transferKey(kind, hash);
  useDownloads.setState((s) => {
    const transfers = { ...s.transfers };
    if (transfer) transfers[k] = transfer;
    else delete transfers[k];
    return { transfers };
  });
};

export async function addRecord(record: PersistedDownload): Promise<void> {
  await whenDownloadsHydrated();
  useDownloads.setState((s) => ({ items: [record, ...s.items.filter((i) => !(i.kind === record.kind && i.hash === record.hash))] }));
}

export async function removeRecords(match: (record: PersistedDownload) => boolean): Promise<void> {
  await whenDownloadsHydrated();
  useDownloads.setState((s) => ({ items: s.items.filter((i) => !match(i)) }));
}

export async function setAutoRemoveDays(days: AutoRemoveDays): Promise<void> {
  await whenDownloadsHydrated();
  useDownloads.setState({ autoRemoveDays: days });
}

export async function markPersistAsked(): Promise<void> {
  await whenDownloadsHydrated();
  useDownloads.setState({ persistAsked: true });
}

/**
 * The player heard `hash` to the end (engine.ts onEnded): a downloaded episode remembers when, for the
 * auto-remove setting. Anything else is not downloaded and has nothing to record.
 */
export async function markHeardToEnd(hash: string, at = Date.now()): Promise<void> {
  await whenDownloadsHydrated();
  if (!findDownload(useDownloads.getState(), 'episode', hash)) return;
  useDownloads.setState((s) => ({ items: s.items.map((i) => (i.kind === 'episode' && i.hash === hash ? { ...i, finishedAt: at } : i)) }));
}

/** logout with the episodes kept: what is personal in their records (when each was heard) goes */
export async function forgetListening(): Promise<void> {
  await whenDownloadsHydrated();
  useDownloads.setState((s) => ({ items: s.items.map((i) => (i.finishedAt === null ? i : { ...i, finishedAt: null })) }));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** the episodes the auto-remove setting says should go now */
export const dueForRemoval = (s: PersistedDownloads, now: number): PersistedDownload[] =>
  s.autoRemoveDays === 0 ? [] : s.items.filter((i) => i.kind === 'episode' && i.finishedAt !== null && now - i.finishedAt >= s.autoRemoveDays * DAY_MS);
