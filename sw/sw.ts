// The service worker's composition root (architecture.md: one file per concern): the precached app shell
// and navigations here; images of what was seen (images.ts); downloaded episodes and e-books (downloads.ts).
// It takes over only when the user accepts the update prompt (registerType 'prompt'), so a playing podcast
// is never cut off. The API is never cached here: what was seen is kept by the page (lib/offline).
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { RUNTIME_CACHES, RUNTIME_CACHE_PREFIXES } from '../src/shared/offline/caches.ts';
import { registerDownloadRoutes } from './downloads.ts';
import { registerImageRoute } from './images.ts';

declare let self: ServiceWorkerGlobalScope;

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Every navigation gets the precached shell, except API calls and media files, which must reach the
// server (or their own runtime caches) and never receive index.html by mistake.
// Files (a path ending in an extension: /sw.js, /icons/…) are never navigations to the app either.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/(api|media)(\/|$)/, /\.[a-z0-9]{1,12}$/i] }));

// downloads first: a downloaded file is answered from its cache before any other route sees it
registerDownloadRoutes();
registerImageRoute();

// a runtime cache whose name is no longer current (an older version of its format) is deleted
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((names) =>
      Promise.all(
        names
          .filter((name) => RUNTIME_CACHE_PREFIXES.some((prefix) => name.startsWith(prefix)) && !RUNTIME_CACHES.includes(name))
          .map((name) => caches.delete(name)),
      ),
    ),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

clientsClaim();
