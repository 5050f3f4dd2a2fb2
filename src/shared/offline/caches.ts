// The service worker's runtime caches, named once for the worker and the page (which downloads into them,
// lists and deletes them). A name carries its version: a change of format gets a new name, and the old
// cache is deleted by the worker's activate step (sw/caches.ts).

/** whole-file episode downloads (a 200 each), answered to the player's Range requests with 206 slices */
export const AUDIO_CACHE = 'podcast-audio-v1';
/** downloaded e-books: gated content, removed at logout */
export const EBOOK_CACHE = 'ebooks-v1';
/** images of what was seen (covers, photos), capped in number and age */
export const IMAGE_CACHE = 'media-images-v1';

export const RUNTIME_CACHES: readonly string[] = [AUDIO_CACHE, EBOOK_CACHE, IMAGE_CACHE];

/** the worker owns only caches with these prefixes besides Workbox's precache (an old version is deleted) */
export const RUNTIME_CACHE_PREFIXES: readonly string[] = ['podcast-audio-', 'ebooks-', 'media-images-'];
