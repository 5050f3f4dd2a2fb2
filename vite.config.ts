// Build and dev-server configuration of the client: React, the PWA (injectManifest worker in sw/),
// the web app manifest, the /api and /media proxy, and the version shown in the footer.
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { transformSync } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string; build?: number | string };

const backend = 'http://localhost:8080';

/**
 * src/client/shell-boot.js as /shell-boot.js, minified: the one script a prerendered shell loads itself (decision
 * 0024), on the first screen's path, so its comments are not sent; not a module of the app's graph (it must run
 * before the entry is even asked for, and keep its name, which the shells name)
 */
/**
 * What /home and the prerendered list screens (/webinars, /ondemand, /podcasts) need beyond the entry, in three files
 * of their own instead of inside the chunk ten screens share: /home's first screen then loads none of what it does
 * not show (forms, dialogs, the learning and session calls). `SCREEN_FRAME` is what every screen draws with (its
 * alerts, loading and error states, its messages' words and formats, the player's state and play button, the
 * menu's install entry);
 * `FIRST_SCREENS_SHARE` the lists' own (rows, the search bar), `CATALOGUE_CALLS` their data, so a screen with no rows (an
 * account, a classroom, the license tracker) does not fetch them. A module home starts to need is found by the
 * bench's file count (`BENCH_ONLY=js npm run bench`), one every screen fetches by its extra JS.
 */
const SCREEN_FRAME = [
  'components/ui/alert.tsx', 'components/ui/back-button.tsx', 'components/ui/badge.tsx', 'components/ui/query-state.tsx',
  'components/ui/screen.tsx', 'components/ui/skeleton.tsx', 'components/ui/busy-button.tsx',
  'features/install/install-offer.tsx',
  'features/player/episode.ts', 'features/player/now-playing.ts', 'features/player/play-button.tsx', 'features/player/player-storage.ts',
  // an episode's place in it: home's Continue Listening rows and the episode page (decision 0046)
  'features/player/episode-progress.tsx',
  'lib/media.ts', 'lib/messages.ts', 'lib/notice.ts', 'lib/query-effects.ts',
  'shared/domain/constants.ts', 'shared/domain/format.ts', 'shared/domain/labels.ts', 'shared/domain/validation.ts',
];
const FIRST_SCREENS_SHARE = [
  'components/content/class-rows.tsx', 'components/content/content-row.tsx', 'components/content/featured-row.tsx',
  'components/ui/refresh-control.tsx', 'features/catalog/api/featured-content-click.ts',
  'features/catalog/components/search-bar.tsx', 'features/downloads/row-download-button.tsx',
];
/** the catalogue's calls: the lists', and the side columns' on a wide screen (any screen), which show no rows */
const CATALOGUE_CALLS = [
  'features/catalog/api/get-home.ts', 'features/catalog/api/get-search-items.ts',
  'shared/api/ads.ts', 'shared/api/catalog.ts', 'shared/api/podcasts.ts',
];
/** the outbox's engine and the Watch Later calls, which the outbox's wiring loads on every screen once it is shown:
 * apart from the forms' parts of the shared chunk (the dialog, the fields, the learning and session calls) */
const OUTBOX = ['lib/outbox/index.ts', 'lib/outbox/outbox.ts', 'lib/outbox/storage.ts', 'shared/api/classes.ts'];
const isOneOf = (modules: string[]) => (id: string) => modules.some((m) => id.replaceAll('\\', '/').endsWith(m));

const shellBoot = (): Plugin => ({
  name: 'ce-pass-shell-boot',
  apply: 'build',
  generateBundle() {
    const source = readFileSync(new URL('./src/client/shell-boot.js', import.meta.url), 'utf8');
    this.emitFile({ type: 'asset', fileName: 'shell-boot.js', source: transformSync(source, { loader: 'js', minify: true, target: 'es2020' }).code });
  },
});

/** index.html preloads the app's start (main.tsx imports it after React's evaluation, decision 0052): no wait for it */
const preloadStart = (): Plugin => ({
  name: 'ce-pass-preload-start',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, ctx) {
      const start = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.name === 'start');
      if (!start) throw new Error('the build has no start chunk (vite.config.ts codeSplitting groups)');
      return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${start.fileName}` }, injectTo: 'head' }];
    },
  },
});

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
    __APP_BUILD__: JSON.stringify(String(pkg.build ?? '')),
  },
  plugins: [
    react(),
    shellBoot(),
    preloadStart(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // the app registers the worker itself (useRegisterSW), so no extra script is injected
      injectRegister: false,
      injectManifest: {
        rollupFormat: 'iife',
        // the app shell only: never media or audio (offline-and-audio.md §1)
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // the manifest's screenshots are for the browser's install dialog, never needed offline
        globIgnores: ['screenshots/**'],
      },
      manifest: {
        id: '/',
        name: 'CE Pass',
        short_name: 'CE Pass',
        description: 'Free continuing education for dentists, hygienists and their staff: live webinars, on-demand courses, podcasts and e-books with CE credit.',
        lang: 'en',
        theme_color: '#0b5cab',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/home',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // the richer install dialog (Chrome): pictures of the real app, made by scripts/make-screenshots.mjs
        screenshots: [
          { src: '/screenshots/home-narrow.png', sizes: '780x1688', type: 'image/png', form_factor: 'narrow', label: 'Home on a phone: upcoming live webinars, new courses and podcasts' },
          { src: '/screenshots/home-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'Home on a computer: the menu, upcoming live webinars and new courses' },
        ],
        // long-press the app icon; the urls are paths.podcasts(), paths.myCe() and paths.queue()
        shortcuts: [
          { name: 'Podcasts', url: '/podcasts', description: 'Listen to an episode, then take its exam', icons: [{ src: '/icons/shortcut-podcasts-96.png', sizes: '96x96', type: 'image/png' }] },
          { name: 'My CE', url: '/my-ce', description: 'Your CE in progress, credits and certificates', icons: [{ src: '/icons/shortcut-my-ce-96.png', sizes: '96x96', type: 'image/png' }] },
          { name: 'Watch Later', url: '/queue', description: 'Webinars and episodes you saved for later', icons: [{ src: '/icons/shortcut-watch-later-96.png', sizes: '96x96', type: 'image/png' }] },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // scripts/prerender-shells.mjs reads which chunks and CSS each screen needs, then deletes it (decision 0024)
    manifest: true,
    // one stylesheet for the whole app (about 11 KiB brotli), linked by index.html: a prerendered shell paints with
    // it alone, instead of waiting for four more render-blocking files of the screen's chunks (decision 0024)
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // few files on a screen's path (quality-bars.md counts them): what the entry needs statically (React) in one
        // file and the app's start in one more, instead of a dozen modulepreloads, and what ten or more screens
        // import in one more, instead of a file
        // per small shared module; everything else is split by route as Rolldown decides
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 5 },
            // the app's start and every module it needs (React aside), in one file evaluated after React's (decision 0052)
            { name: 'start', test: /src[\\/]client[\\/]start\.tsx$/, priority: 4 },
            { name: 'shared', test: /src[\\/](client|shared)[\\/]/, minShareCount: 10, priority: 1 },
            // what /home and the prerendered list screens share beyond the entry (the screen frame; their rows, the search
            // bar; the catalogue's calls), in three files, before the shared chunk takes them: /home's first screen is 7 files
            // and none of them holds what it does not show (decisions 0028, 0030)
            { name: 'frame', test: isOneOf(SCREEN_FRAME), minShareCount: 2, priority: 2 },
            { name: 'lists', test: isOneOf(FIRST_SCREENS_SHARE), minShareCount: 2, priority: 2 },
            { name: 'outbox', test: isOneOf(OUTBOX), minShareCount: 2, priority: 2 },
            // what this device has downloaded: read once a screen is shown (the player dock, the rows' marks offline),
            // in a file of its own, not in the shared chunk that screens without forms never fetch (decision 0045)
            { name: 'downloads-store', test: isOneOf(['features/downloads/downloads-store.ts']), minShareCount: 2, priority: 2 },
            // before the lists' group, which would take the calls in as its rows' dependencies (priorities are integers)
            { name: 'catalogue', test: isOneOf(CATALOGUE_CALLS), minShareCount: 2, priority: 3 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/media': { target: backend, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/media': { target: backend, changeOrigin: false },
    },
  },
});
