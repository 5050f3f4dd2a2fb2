// Downloaded episodes and e-books, answered from their own caches (offline-and-audio.md §1). The page puts the
// whole file (a 200) into the cache (src/client/features/downloads); here it is only read:
// - audio: the player's element asks for byte ranges (it has crossorigin=anonymous, so the request reaches this
//   worker in cors mode: workbox#1663). A Range request gets a 206 slice of the cached 200
//   (createPartialResponse): answering the whole file instead makes Chrome restart at 0 on every seek
//   (howler#1238, #1289; Workbox's "serving cached audio and video" recipe). An episode not downloaded goes to
//   the network as asked and is never cached here: a cache filled while streaming holds 206s or nothing
//   (workbox#2849, #1644);
// - e-books (gated by the session cookie on the server): the cached copy when downloaded, else the network.
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { AUDIO_CACHE, EBOOK_CACHE } from '../src/shared/offline/caches.ts';

declare let self: ServiceWorkerGlobalScope;

const sameOrigin = (url: URL): boolean => url.origin === self.location.origin;

/** the cached copy by URL alone: the element's request carries Range and other headers the put had not */
async function cached(cacheName: string, url: URL): Promise<Response | undefined> {
  try {
    const cache = await caches.open(cacheName);
    return await cache.match(url.href, { ignoreSearch: false, ignoreVary: true });
  } catch {
    return undefined;
  }
}

export function registerDownloadRoutes(): void {
  registerRoute(
    ({ url }) => sameOrigin(url) && url.pathname.startsWith('/media/audio/'),
    async ({ request, url }) => {
      const hit = await cached(AUDIO_CACHE, url);
      if (!hit) return fetch(request);
      return request.headers.has('range') ? createPartialResponse(request, hit) : hit;
    },
  );
  registerRoute(
    ({ url }) => sameOrigin(url) && url.pathname.startsWith('/media/pdf/ebooks/'),
    async ({ request, url }) => (await cached(EBOOK_CACHE, url)) ?? fetch(request),
  );
}
