// The service worker: precaches the app shell, serves it for navigations, and takes over only when the
// user accepts the update prompt (registerType 'prompt', so a playing podcast is never cut off).
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare let self: ServiceWorkerGlobalScope;

// Runtime caches arrive with the offline issue (offline-and-audio.md), one versioned name each:
// 'api-lists-v1' (lists and podcast metadata, stale-while-revalidate, shown as possibly stale),
// 'podcast-audio-v1' (whole-file downloads answered with 206 slices; never cached while streaming),
// 'ebooks-v1' and 'media-images-v1'.

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Every navigation gets the precached shell, except API calls and media files, which must reach the
// server (or, later, their own runtime caches) and never receive index.html by mistake.
// Files (a path ending in an extension: /sw.js, /icons/…) are never navigations to the app either.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/(api|media)(\/|$)/, /\.[a-z0-9]{1,12}$/i] }));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

clientsClaim();
