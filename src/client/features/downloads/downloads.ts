// Downloading, deleting and tidying what this device keeps for offline use: episodes into the audio cache (with
// their page, series and exam questions in the query cache), e-books into theirs. Loaded on the first tap of a
// download control (download-button.tsx), at logout, and by the Downloads screen.
import { getExam } from '#shared/api/learning';
import { getPodcast, getPodcastShow } from '#shared/api/podcasts';
import type { Ebook } from '#shared/api/catalog';
import { AUDIO_CACHE, EBOOK_CACHE } from '#shared/offline/caches';
import { mediaUrl } from '../../lib/media.ts';
import { apiQuery, queryClient } from '../../lib/query-client.ts';
import type { PlayerEpisode } from '../player/episode.ts';
import { useNowPlaying } from '../player/now-playing.ts';
import { useSessionStore } from '../session/stores/session-store.ts';
import {
  addRecord,
  dueForRemoval,
  forgetListening,
  markPersistAsked,
  removeRecords,
  setTransfer,
  transferKey,
  useDownloads,
  whenDownloadsHydrated,
  type DownloadKind,
  type DownloadRecord,
} from './downloads-store.ts';
import { DownloadError, fetchIntoCache, isAbort } from './fetch-into-cache.ts';

const cacheOf = (kind: DownloadKind): string => (kind === 'episode' ? AUDIO_CACHE : EBOOK_CACHE);

const controllers = new Map<string, AbortController>();

/**
 * Asked once, before the first download: an unpersisted origin's storage may be evicted under pressure (and
 * Safari's after 7 days unused). Chrome grants it quietly to an installed app; a refusal changes nothing here.
 */
async function askPersistence(): Promise<void> {
  await whenDownloadsHydrated();
  if (useDownloads.getState().persistAsked) return;
  await markPersistAsked();
  try {
    if (navigator.storage?.persist && !(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch {
    // not offered here: downloads still work, the browser may just evict them under pressure
  }
}

/** what a download keeps of its item, made once the file is in (what was fetched beside it may name more) */
type RecordOf = () => Omit<DownloadRecord, 'bytes' | 'downloadedAt' | 'url'>;

async function download(kind: DownloadKind, hash: string, url: string, record: RecordOf, expectType?: RegExp): Promise<void> {
  const key = transferKey(kind, hash);
  if (controllers.has(key)) return;
  const controller = new AbortController();
  controllers.set(key, controller);
  setTransfer(kind, hash, { status: 'downloading', received: 0, total: 0 });
  let lastShown = 0;
  try {
    await askPersistence();
    const bytes = await fetchIntoCache({
      url,
      cacheName: cacheOf(kind),
      signal: controller.signal,
      expectType,
      onProgress: (received, total) => {
        // a render per chunk is wasted on a phone: at most about ten a second
        const now = performance.now();
        if (now - lastShown < 100 && received !== total) return;
        lastShown = now;
        setTransfer(kind, hash, { status: 'downloading', received, total });
      },
    });
    await addRecord({ ...record(), url, bytes, downloadedAt: Date.now() });
    setTransfer(kind, hash, null);
  } catch (error) {
    if (isAbort(error)) setTransfer(kind, hash, null);
    else setTransfer(kind, hash, { status: 'failed', message: error instanceof DownloadError ? error.message : new DownloadError('storage').message });
  } finally {
    controllers.delete(key);
  }
}

/**
 * Keeps the episode's page (description, transcript), its series page and, for a student, its exam questions
 * (never the keys: the server does not send them) in the query cache; the query persister keeps them offline
 * while the episode is downloaded (isDownloadQuery). A failure here never fails the download.
 */
function prefetchEpisodePages(episode: PlayerEpisode): void {
  const loggedIn = useSessionStore.getState().hash !== null;
  void queryClient.prefetchQuery(apiQuery(getPodcast, { p: episode.hash }));
  if (episode.showHash) void queryClient.prefetchQuery(apiQuery(getPodcastShow, { ps: episode.showHash }));
  if (loggedIn && episode.hasExam) void queryClient.prefetchQuery(apiQuery(getExam, { p: episode.hash }));
}

export function downloadEpisode(episode: PlayerEpisode): Promise<void> {
  prefetchEpisodePages(episode);
  return download('episode', episode.hash, mediaUrl(episode.mp3), () => ({
    kind: 'episode',
    hash: episode.hash,
    title: episode.title,
    ps: episode.showHash,
    // a row of a list names no series: its page, fetched beside the file, does (Downloads and the player show it)
    showTitle: episode.showTitle || seriesTitle(episode.showHash),
    speakerName: episode.speakerName,
    photo: episode.photo,
    durationSec: episode.durationSec,
    hasExam: episode.hasExam,
    finishedAt: null,
  }));
}

const seriesTitle = (ps: string): string => (ps ? (queryClient.getQueryData(apiQuery(getPodcastShow, { ps }).queryKey)?.data[0]?.title ?? '') : '');

/** every episode of Up Next not downloaded yet, one after another (a phone's connection is shared) */
export async function downloadAll(episodes: readonly PlayerEpisode[]): Promise<void> {
  await whenDownloadsHydrated();
  for (const episode of episodes) {
    const s = useDownloads.getState();
    if (s.items.some((i) => i.kind === 'episode' && i.hash === episode.hash)) continue;
    await downloadEpisode(episode);
  }
}

export function downloadEbook(book: Pick<Ebook, 'hash' | 'title' | 'pdf' | 'thumbnail'>): Promise<void> {
  return download('ebook', book.hash, mediaUrl(book.pdf), () => ({ ...emptyExtras, kind: 'ebook', hash: book.hash, title: book.title, photo: book.thumbnail }), /pdf/i);
}

const emptyExtras = { ps: '', showTitle: '', speakerName: '', photo: '', durationSec: 0, hasExam: false, finishedAt: null };

export function cancelDownload(kind: DownloadKind, hash: string): void {
  controllers.get(transferKey(kind, hash))?.abort();
}

/** forgets a failed download's message (the button shows Download again) */
export const dismissFailure = (kind: DownloadKind, hash: string): void => setTransfer(kind, hash, null);

async function deleteWhere(match: (r: DownloadRecord) => boolean): Promise<void> {
  await whenDownloadsHydrated();
  const gone = useDownloads.getState().items.filter(match);
  // the record goes first: a file without a record is tidied at the next reconcile, a record without a file
  // would offer an episode that cannot play
  await removeRecords(match);
  if (typeof caches === 'undefined') return;
  await Promise.all(gone.map(async (r) => (await caches.open(cacheOf(r.kind))).delete(r.url).catch(() => false)));
}

export const deleteDownload = (kind: DownloadKind, hash: string): Promise<void> => deleteWhere((r) => r.kind === kind && r.hash === hash);

export const deleteAllDownloads = (): Promise<void> => deleteWhere(() => true);

/**
 * Logout (app/logout.ts): every downloaded e-book goes (gated content: a shared clinic tablet must not hand the
 * next person the last student's library); episodes go only when `episodes` is true, otherwise they stay
 * without what is personal in their records (when each was heard to the end).
 */
export async function removeDownloadsAtLogout({ episodes }: { episodes: boolean }): Promise<void> {
  for (const key of controllers.keys()) controllers.get(key)?.abort();
  await deleteWhere((r) => r.kind === 'ebook' || episodes);
  // whatever the records said, no e-book stays in its cache (one still downloading, a record lost)
  if (typeof caches !== 'undefined') await caches.delete(EBOOK_CACHE).catch(() => false);
  if (episodes && typeof caches !== 'undefined') await caches.delete(AUDIO_CACHE).catch(() => false);
  if (!episodes) await forgetListening();
}

/**
 * Tidying, at app start and when the Downloads screen opens: episodes heard to the end longer ago than the
 * setting says go (never the one in the player); records whose file the browser evicted go; files without a
 * record (a deletion cut short, a record that no longer fit its schema) go.
 */
export async function tidyDownloads(now = Date.now()): Promise<void> {
  await whenDownloadsHydrated();
  const playing = useNowPlaying.getState().episode?.hash;
  const due = dueForRemoval(useDownloads.getState(), now).filter((r) => r.hash !== playing);
  if (due.length > 0) await deleteWhere((r) => due.includes(r));
  if (typeof caches === 'undefined') return;
  for (const kind of ['episode', 'ebook'] as const) {
    const cache = await caches.open(cacheOf(kind));
    const cached = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
    const records = useDownloads.getState().items.filter((r) => r.kind === kind);
    const recorded = new Set(records.map((r) => new URL(r.url, location.href).pathname));
    const missing = records.filter((r) => !cached.has(new URL(r.url, location.href).pathname) && !controllers.has(transferKey(kind, r.hash)));
    if (missing.length > 0) await removeRecords((r) => missing.includes(r));
    const downloading = [...controllers.keys()];
    for (const request of await cache.keys()) {
      const path = new URL(request.url).pathname;
      if (!recorded.has(path) && downloading.length === 0) await cache.delete(request);
    }
  }
}
