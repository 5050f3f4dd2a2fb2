// Downloads on the device: the whole file fetched into its cache with progress, the failures told in plain
// words (no space, no connection, a storage refusal, an expired session), cancel, the persisted list (written
// only after it was read back), the pages kept with an episode, logout's removal and the auto-remove setting.
// The Cache API is a small fake with the real one's rules that matter here: put reads the whole body, and may
// refuse (quota).
import { del, get, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIO_CACHE, EBOOK_CACHE } from '#shared/offline/caches';
import { DOWNLOAD_TEXTS } from '../../lib/messages.ts';
import { persistedStores } from '../../lib/persist/schema.ts';
import { useSessionStore } from '../session/stores/session-store.ts';
import { answerApi, ok } from '../../test/api-stub.ts';
import type { PlayerEpisode } from '../player/episode.ts';

type Store = typeof import('./downloads-store.ts');
type Manager = typeof import('./downloads.ts');

const episode: PlayerEpisode = {
  hash: 'ep-one',
  showHash: 'show-one',
  title: 'Fluoride Varnish: Five Myths',
  speakerName: 'Maya Okafor',
  showTitle: 'The Hygiene Huddle',
  photo: 'images/podcasts/one.svg',
  mp3: 'audio/podcasts/ep-one.mp3',
  durationSec: 84,
  hasExam: true,
  examTaken: false,
};
const mp3Url = '/media/audio/podcasts/ep-one.mp3';
const book = { hash: 'caries-guide', title: 'The Chairside Caries Risk Guide', pdf: 'pdf/ebooks/caries-guide.pdf', thumbnail: 'images/ebooks/caries-guide.svg' };
const pdfUrl = '/media/pdf/ebooks/caries-guide.pdf';

// ---- a Cache API with what matters: put reads the whole body and can refuse ----
class FakeCache {
  entries = new Map<string, { body: Uint8Array<ArrayBuffer>; status: number; headers: Headers }>();
  refuse: Error | null = null;
  async put(url: string, response: Response) {
    const body = new Uint8Array(await response.arrayBuffer());
    if (this.refuse) throw this.refuse;
    if (response.status !== 200) throw new TypeError('Cache.put rejects a partial response');
    this.entries.set(new URL(url, location.href).href, { body, status: response.status, headers: response.headers });
  }
  async match(url: string) {
    const hit = this.entries.get(new URL(url, location.href).href);
    return hit ? new Response(hit.body, { status: hit.status, headers: hit.headers }) : undefined;
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async delete(url: string | Request) {
    return this.entries.delete(new URL(typeof url === 'string' ? url : url.url, location.href).href);
  }
}
let cacheStorage: Map<string, FakeCache>;
const cacheNamed = (name: string): FakeCache => {
  if (!cacheStorage.has(name)) cacheStorage.set(name, new FakeCache());
  return cacheStorage.get(name)!;
};
const cachedPaths = (name: string): string[] => [...(cacheStorage.get(name)?.entries.keys() ?? [])].map((u) => new URL(u).pathname);

// ---- the network: media files in chunks, the API through the tests' table ----
interface MediaFile {
  bytes: number;
  type: string;
  /** the connection drops after this many bytes */
  dropAfter?: number;
  /** the body never ends until the request is aborted */
  hang?: boolean;
  redirectedToLogin?: boolean;
}
let media: Record<string, MediaFile>;
let mediaRequests: Request[];

function stubNetwork(routes: Parameters<typeof answerApi>[0] = {}) {
  const calls = answerApi(routes);
  const api = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), location.href), init);
    const path = new URL(request.url).pathname;
    if (!path.startsWith('/media/')) return api(input, init);
    mediaRequests.push(request);
    const aborted = () => new DOMException('The operation was aborted.', 'AbortError');
    if (init?.signal?.aborted) throw aborted();
    const file = media[path];
    if (!file) throw new TypeError('Failed to fetch');
    if (file.redirectedToLogin) {
      const page = new Response('<!doctype html><title>CE Pass</title>', { status: 200, headers: { 'content-type': 'text/html' } });
      Object.defineProperty(page, 'redirected', { value: true });
      return page;
    }
    const chunk = 1000;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (file.hang) {
          await new Promise((_, reject) => (init?.signal?.aborted ? reject(aborted()) : init?.signal?.addEventListener('abort', () => reject(aborted()))));
        }
        if (file.dropAfter !== undefined && sent >= file.dropAfter) return controller.error(new TypeError('network error'));
        if (sent >= file.bytes) return controller.close();
        const size = Math.min(chunk, file.bytes - sent);
        sent += size;
        controller.enqueue(new Uint8Array(size).fill(7));
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': file.type, 'content-length': String(file.bytes) } });
  });
  return calls;
}

/** a page load: the modules evaluated anew, the stored list read back */
async function load(): Promise<{ store: Store; manager: Manager }> {
  vi.resetModules();
  const store = await import('./downloads-store.ts');
  const manager = await import('./downloads.ts');
  await store.whenDownloadsHydrated();
  return { store, manager };
}

const stored = async (store: Store) => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return (await get(persistedStores.downloads.key, store.downloadsDb)) as { state: { items: { hash: string; finishedAt: number | null }[]; autoRemoveDays: number } } | undefined;
};

beforeEach(async () => {
  cacheStorage = new Map();
  media = { [mp3Url]: { bytes: 25_000, type: 'audio/mpeg' }, [pdfUrl]: { bytes: 8_000, type: 'application/pdf' } };
  mediaRequests = [];
  vi.stubGlobal('caches', {
    open: async (name: string) => cacheNamed(name),
    delete: async (name: string) => cacheStorage.delete(name),
    keys: async () => [...cacheStorage.keys()],
  });
  const { downloadsDb } = await import('./downloads-store.ts');
  await del(persistedStores.downloads.key, downloadsDb);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('downloading an episode', () => {
  it('fetches the whole file (no Range), shows its progress, keeps the 200 in the audio cache and lists it', async () => {
    const calls = stubNetwork();
    useSessionStore.getState().setSession({ hash: 'student-1', name: 'Avery Student', email: 'a@example.com' });
    const { store, manager } = await load();
    const progress: number[] = [];
    store.useDownloads.subscribe((s) => {
      const t = s.transfers['episode:ep-one'];
      if (t?.status === 'downloading') progress.push(t.received);
    });

    await manager.downloadEpisode(episode);

    expect(mediaRequests).toHaveLength(1);
    expect(mediaRequests[0]!.headers.get('range')).toBeNull();
    expect(progress.at(-1)).toBe(25_000);
    expect(cachedPaths(AUDIO_CACHE)).toEqual([mp3Url]);
    expect(cacheNamed(AUDIO_CACHE).entries.values().next().value!.body.byteLength).toBe(25_000);
    const state = store.downloadStateOf(store.useDownloads.getState(), 'episode', 'ep-one');
    expect(state).toMatchObject({ status: 'downloaded', record: { title: episode.title, ps: 'show-one', showTitle: 'The Hygiene Huddle', url: mp3Url, bytes: 25_000, finishedAt: null } });
    expect(store.downloadedEpisodes().map((e) => [e.hash, e.ps])).toEqual([['ep-one', 'show-one']]);
    // the page, its series and (for a student) its exam questions are fetched for the query cache
    expect(calls.map((c) => c.key).sort()).toEqual(['GET exam', 'GET podcast', 'GET podcast-show']);
    // and it survives a reload
    expect((await stored(store))?.state.items.map((i) => i.hash)).toEqual(['ep-one']);
    const again = await load();
    expect(again.store.downloadedEpisodes().map((e) => e.hash)).toEqual(['ep-one']);
  });

  it('keeps no exam for a visitor (the exam needs a student)', async () => {
    const calls = stubNetwork();
    const { manager } = await load();
    await manager.downloadEpisode(episode);
    expect(calls.map((c) => c.key).sort()).toEqual(['GET podcast', 'GET podcast-show']);
  });

  it('says the phone is out of space when the cache refuses for quota, and keeps nothing', async () => {
    stubNetwork();
    const { store, manager } = await load();
    cacheNamed(AUDIO_CACHE).refuse = new DOMException('quota', 'QuotaExceededError');
    await manager.downloadEpisode(episode);
    expect(store.downloadStateOf(store.useDownloads.getState(), 'episode', 'ep-one')).toEqual({ status: 'failed', message: DOWNLOAD_TEXTS.space });
    expect(DOWNLOAD_TEXTS.space).toMatch(/out of space.*Delete some downloads or free up space/);
    expect(store.downloadedEpisodes()).toEqual([]);
    expect(cachedPaths(AUDIO_CACHE)).toEqual([]);
  });

  it('fails at once when the file is larger than the space left', async () => {
    stubNetwork();
    vi.stubGlobal('navigator', { ...navigator, storage: { estimate: async () => ({ quota: 100_000, usage: 90_000 }) } });
    const { store, manager } = await load();
    await manager.downloadEpisode(episode);
    expect(store.useDownloads.getState().transfers['episode:ep-one']).toEqual({ status: 'failed', message: DOWNLOAD_TEXTS.space });
  });

  it('any other refusal to store is explained as the phone not saving it', async () => {
    stubNetwork();
    const { store, manager } = await load();
    cacheNamed(AUDIO_CACHE).refuse = new DOMException('unknown', 'UnknownError');
    await manager.downloadEpisode(episode);
    expect(store.useDownloads.getState().transfers['episode:ep-one']).toEqual({ status: 'failed', message: DOWNLOAD_TEXTS.storage });
  });

  it('says the connection went, whether before the file or in the middle of it; Try again then downloads it', async () => {
    stubNetwork();
    const { store, manager } = await load();
    delete media[mp3Url];
    await manager.downloadEpisode(episode);
    expect(store.useDownloads.getState().transfers['episode:ep-one']).toEqual({ status: 'failed', message: DOWNLOAD_TEXTS.network });

    media[mp3Url] = { bytes: 25_000, type: 'audio/mpeg', dropAfter: 12_000 };
    await manager.downloadEpisode(episode);
    expect(store.useDownloads.getState().transfers['episode:ep-one']).toEqual({ status: 'failed', message: DOWNLOAD_TEXTS.network });
    expect(cachedPaths(AUDIO_CACHE)).toEqual([]);

    media[mp3Url] = { bytes: 25_000, type: 'audio/mpeg' };
    manager.dismissFailure('episode', 'ep-one');
    await manager.downloadEpisode(episode);
    expect(store.downloadStateOf(store.useDownloads.getState(), 'episode', 'ep-one').status).toBe('downloaded');
  });

  it('cancel stops the download and leaves nothing behind', async () => {
    stubNetwork();
    media[mp3Url] = { bytes: 25_000, type: 'audio/mpeg', hang: true };
    const { store, manager } = await load();
    const running = manager.downloadEpisode(episode);
    await vi.waitFor(() => expect(store.useDownloads.getState().transfers['episode:ep-one']?.status).toBe('downloading'));
    manager.cancelDownload('episode', 'ep-one');
    await running;
    expect(store.downloadStateOf(store.useDownloads.getState(), 'episode', 'ep-one')).toEqual({ status: 'none' });
    expect(cachedPaths(AUDIO_CACHE)).toEqual([]);
  });

  it('Download all takes the Up Next episodes not downloaded yet, one after another', async () => {
    stubNetwork();
    const second = { ...episode, hash: 'ep-two', title: 'Ergonomics', mp3: 'audio/podcasts/ep-two.mp3' };
    media['/media/audio/podcasts/ep-two.mp3'] = { bytes: 3_000, type: 'audio/mpeg' };
    const { store, manager } = await load();
    await manager.downloadEpisode(episode);
    mediaRequests = [];
    await manager.downloadAll([episode, second]);
    expect(mediaRequests.map((r) => new URL(r.url).pathname)).toEqual(['/media/audio/podcasts/ep-two.mp3']);
    expect(store.downloadedEpisodes().map((e) => e.hash)).toEqual(['ep-two', 'ep-one']);
  });

  it('names the series of an episode started from a list row (which does not) from its page, fetched beside the file', async () => {
    const show = { hash: 'show-one', title: 'The Hygiene Huddle', sponsorCompanyName: null, photo: 'images/podcasts/show.svg', blurb: '' };
    stubNetwork({ 'GET podcast-show': ok({ status: true, rowCount: 1, data: [show], podcasts: { data: [] }, bannerAds: { bannerAds: [] } }) });
    const { store, manager } = await load();

    await manager.downloadEpisode({ ...episode, showTitle: '' });

    expect(store.downloadedEpisodes().map((e) => [e.hash, e.showTitle])).toEqual([['ep-one', 'The Hygiene Huddle']]);
  });
});

describe('downloading an e-book', () => {
  it('keeps the PDF in the e-book cache', async () => {
    stubNetwork();
    const { store, manager } = await load();
    await manager.downloadEbook(book);
    expect(cachedPaths(EBOOK_CACHE)).toEqual([pdfUrl]);
    expect(store.findDownload(store.useDownloads.getState(), 'ebook', book.hash)).toMatchObject({ kind: 'ebook', url: pdfUrl, bytes: 8_000 });
  });

  it('an expired session (the gate sends the login page) asks to log in again, and keeps no HTML as the book', async () => {
    stubNetwork();
    media[pdfUrl] = { bytes: 0, type: 'text/html', redirectedToLogin: true };
    const { store, manager } = await load();
    await manager.downloadEbook(book);
    expect(store.useDownloads.getState().transfers[`ebook:${book.hash}`]).toEqual({ status: 'failed', message: DOWNLOAD_TEXTS.login });
    expect(cachedPaths(EBOOK_CACHE)).toEqual([]);
  });
});

describe('the list on the device', () => {
  it('is never written before it was read back: a download started at once keeps what was stored', async () => {
    stubNetwork();
    const { downloadsDb } = await import('./downloads-store.ts');
    const older = { kind: 'episode', hash: 'ep-old', title: 'Older', url: '/media/audio/podcasts/ep-old.mp3', bytes: 10, downloadedAt: 1 };
    await set(persistedStores.downloads.key, { state: { items: [older], autoRemoveDays: 7 }, version: 1 }, downloadsDb);
    vi.resetModules();
    const store = await import('./downloads-store.ts');
    const manager = await import('./downloads.ts');
    // no waiting for hydration: the first tap of a cold start
    await manager.downloadEpisode(episode);
    expect(store.useDownloads.getState().items.map((i) => i.hash)).toEqual(['ep-one', 'ep-old']);
    expect(store.useDownloads.getState().autoRemoveDays).toBe(7);
  });

  it('drops a damaged record alone and reads an unknown setting as Never', async () => {
    const { downloadsDb } = await import('./downloads-store.ts');
    const good = { kind: 'ebook', hash: 'b1', title: 'Good', url: '/media/pdf/ebooks/b1.pdf', bytes: 10, downloadedAt: 1 };
    await set(persistedStores.downloads.key, { state: { items: [{ kind: 'film', hash: 3 }, good], autoRemoveDays: 3 }, version: 1 }, downloadsDb);
    const { store } = await load();
    expect(store.useDownloads.getState().items.map((i) => i.hash)).toEqual(['b1']);
    expect(store.useDownloads.getState().autoRemoveDays).toBe(0);
  });

  it('pins the page, series and exam of a downloaded episode for the query persister, nothing else', async () => {
    stubNetwork();
    const { store, manager } = await load();
    await manager.downloadEpisode(episode);
    expect(store.isDownloadQuery(['api', 'podcast', { p: 'ep-one' }])).toBe(true);
    expect(store.isDownloadQuery(['api', 'exam', { p: 'ep-one' }])).toBe(true);
    expect(store.isDownloadQuery(['api', 'podcast-show', { ps: 'show-one' }])).toBe(true);
    expect(store.isDownloadQuery(['api', 'podcast', { p: 'ep-two' }])).toBe(false);
    expect(store.isDownloadQuery(['api', 'exam', { c: 'ep-one' }])).toBe(false);
    expect(store.isDownloadQuery(['api', 'home', null])).toBe(false);
  });
});

describe('removing downloads', () => {
  async function withBoth() {
    stubNetwork();
    const loaded = await load();
    await loaded.manager.downloadEpisode(episode);
    await loaded.manager.downloadEbook(book);
    await loaded.store.markHeardToEnd('ep-one', 1000);
    return loaded;
  }

  it('logout removes every e-book and keeps episodes, without when they were heard', async () => {
    const { store, manager } = await withBoth();
    await manager.removeDownloadsAtLogout({ episodes: false });
    expect(store.useDownloads.getState().items.map((i) => [i.kind, i.hash, i.finishedAt])).toEqual([['episode', 'ep-one', null]]);
    expect(cacheStorage.has(EBOOK_CACHE)).toBe(false);
    expect(cachedPaths(AUDIO_CACHE)).toEqual([mp3Url]);
    expect((await stored(store))?.state.items).toEqual([expect.objectContaining({ hash: 'ep-one', finishedAt: null })]);
  });

  it('logout with "Also remove downloads" removes the episodes too', async () => {
    const { store, manager } = await withBoth();
    await manager.removeDownloadsAtLogout({ episodes: true });
    expect(store.useDownloads.getState().items).toEqual([]);
    expect(cacheStorage.has(EBOOK_CACHE)).toBe(false);
    expect(cachedPaths(AUDIO_CACHE)).toEqual([]);
  });

  it('the auto-remove setting deletes an episode the given days after it was heard to the end', async () => {
    const { store, manager } = await withBoth();
    const day = 24 * 60 * 60 * 1000;
    await store.markHeardToEnd('ep-one', 0);
    await manager.tidyDownloads(30 * day);
    expect(store.downloadedEpisodes().map((e) => e.hash)).toEqual(['ep-one']); // Never, the default

    await store.setAutoRemoveDays(7);
    await manager.tidyDownloads(7 * day - 1);
    expect(store.downloadedEpisodes().map((e) => e.hash)).toEqual(['ep-one']);
    await manager.tidyDownloads(7 * day);
    expect(store.downloadedEpisodes()).toEqual([]);
    expect(cachedPaths(AUDIO_CACHE)).toEqual([]);
    // the e-book was never heard: it stays
    expect(store.findDownload(store.useDownloads.getState(), 'ebook', book.hash)).toBeDefined();
  });

  it('heard to the end records the time only for a downloaded episode', async () => {
    const { store } = await withBoth();
    await store.markHeardToEnd('not-downloaded', 5);
    expect(store.useDownloads.getState().items.map((i) => i.finishedAt)).toEqual([null, 1000]);
  });

  it('tidying drops a record whose file the browser evicted, and a file with no record', async () => {
    const { store, manager } = await withBoth();
    cacheNamed(AUDIO_CACHE).entries.clear();
    await cacheNamed(EBOOK_CACHE).put('/media/pdf/ebooks/orphan.pdf', new Response('x', { status: 200 }));
    await manager.tidyDownloads();
    expect(store.downloadedEpisodes()).toEqual([]);
    expect(cachedPaths(EBOOK_CACHE)).toEqual([pdfUrl]);
  });

  it('delete all empties the list and both caches', async () => {
    const { store, manager } = await withBoth();
    await manager.deleteAllDownloads();
    expect(store.useDownloads.getState().items).toEqual([]);
    expect(cachedPaths(AUDIO_CACHE)).toEqual([]);
    expect(cachedPaths(EBOOK_CACHE)).toEqual([]);
  });
});
