// One download: the whole file fetched by the page (a 200, no Range header), its bytes counted as they arrive
// for the progress bar, and the 200 put into the worker's cache, which answers the player's Range requests with
// 206 slices from it (sw/downloads.ts). Never a copy of a stream the player was playing: that leaves the cache
// empty or full of 206s, and cache.put rejects a 206 (workbox#2849, #1644; offline-and-audio.md §1).
import { DOWNLOAD_TEXTS } from '../../lib/messages.ts';

export type DownloadFailure = keyof typeof DOWNLOAD_TEXTS;

/** a download that did not complete, with the plain words to show (DOWNLOAD_TEXTS) */
export class DownloadError extends Error {
  constructor(readonly reason: DownloadFailure) {
    super(DOWNLOAD_TEXTS[reason]);
    this.name = 'DownloadError';
  }
}

export const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

/** 22: the legacy code some engines still give a quota error a different name with */
const isQuota = (error: unknown): boolean => error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);

export interface FetchIntoCache {
  url: string;
  cacheName: string;
  signal: AbortSignal;
  onProgress: (received: number, total: number) => void;
  /** what the file must be (an e-book whose session expired comes back as the login page, a 200 of HTML) */
  expectType?: RegExp;
}

/** the file at `url` into `cacheName`; resolves to its size in bytes */
export async function fetchIntoCache({ url, cacheName, signal, onProgress, expectType }: FetchIntoCache): Promise<number> {
  if (typeof caches === 'undefined') throw new DownloadError('unsupported');
  let response: Response;
  try {
    // no Range header: the server answers the whole file with a 200, the only answer the cache may keep
    response = await fetch(url, { signal, credentials: 'same-origin' });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new DownloadError('network');
  }
  // the e-book gate sends a visitor to /login (a redirect the fetch followed to the app's HTML)
  if (response.redirected && expectType && !expectType.test(response.headers.get('content-type') ?? '')) throw new DownloadError('login');
  if (response.status !== 200 || !response.body) throw new DownloadError(response.status === 401 || response.status === 403 ? 'login' : 'server');
  if (expectType && !expectType.test(response.headers.get('content-type') ?? '')) throw new DownloadError('server');

  const total = Number(response.headers.get('content-length')) || 0;
  // a file larger than the space left fails at once, not after minutes of downloading
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  if (total > 0 && estimate?.quota !== undefined && estimate.usage !== undefined && estimate.quota - estimate.usage < total) {
    await response.body.cancel().catch(() => undefined);
    throw new DownloadError('space');
  }

  let received = 0;
  let bodyFailed = false;
  const reader = response.body.getReader();
  // the body, counted as the cache reads it: one stream, written to disk as it arrives (no copy in memory)
  const counted = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        received += value.byteLength;
        onProgress(received, total);
        controller.enqueue(value);
      } catch (error) {
        bodyFailed = true;
        controller.error(error);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const copy = new Response(counted, { status: 200, statusText: response.statusText, headers: response.headers });
  const cache = await caches.open(cacheName);
  try {
    await cache.put(url, copy);
  } catch (error) {
    if (signal.aborted) throw new DOMException('The download was cancelled.', 'AbortError');
    if (bodyFailed) throw new DownloadError('network');
    // any other refusal to store is the device's storage: quota, or eviction pressure that reports otherwise
    throw new DownloadError(isQuota(error) ? 'space' : 'storage');
  }
  // a connection that ended early without an error would leave half a file: never keep one
  if (total > 0 && received !== total) {
    await cache.delete(url);
    throw new DownloadError('network');
  }
  return received;
}
