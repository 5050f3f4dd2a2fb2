// Images of what was seen (covers, photos, series art under /media/images/), kept for offline use in their
// own cache, capped in number and age so they never crowd out downloads. Cache first: an image's URL names
// one file, and the content pack gives a changed image a new name.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { IMAGE_CACHE } from '../src/shared/offline/caches.ts';

export function registerImageRoute(): void {
  registerRoute(
    ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/media/images/') && request.destination === 'image',
    new CacheFirst({
      cacheName: IMAGE_CACHE,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        // about 300 images is every list of the catalogue seen at least once; purgeOnQuotaError gives the space
        // back first when the device runs short
        new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
      ],
    }),
  );
}
