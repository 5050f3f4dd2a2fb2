// After the client build: one HTML file per first screen (dist/client/shells/*.html), holding what the app's first
// commit shows there before data arrives (the header, the tab bar, the screen's h1 and its skeleton rows), so the
// page paints before its JavaScript runs; static-files.ts serves them for those routes (decision 0024).
// Rendered from the real components by src/client/prerender.tsx, built for Node by vite.prerender.config.ts.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

process.env.NODE_ENV = 'production';
const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.resolve(process.argv[2] ?? path.join(root, 'dist', 'client'));
// (another build may be named: `node scripts/prerender-shells.mjs dist-x/client dist-x/prerender`)
const renderer = path.join(path.resolve(process.argv[3] ?? path.join(root, 'dist', 'prerender')), 'prerender.js');
const manifestFile = path.join(clientDir, '.vite', 'manifest.json');

/**
 * The routes whose first screen is known without the URL's parameters, with the screen's name in router.tsx and
 * the first API call it makes as the client makes it (lib/api.ts: '/api/' + path + its query). The call is
 * preloaded; the journey in tests/e2e/prerendered-shell.spec.ts checks that the client's own call reuses it.
 */
const SHELLS = [
  { route: '/home', screen: 'home', source: 'src/client/screens/home.tsx', data: ['/api/home'] },
  { route: '/learn', screen: 'learn', source: 'src/client/screens/learn.tsx', data: [] },
  { route: '/webinars', screen: 'webinars', source: 'src/client/screens/webinars.tsx', data: ['/api/upcoming?page=0'] },
  { route: '/ondemand', screen: 'ondemand', source: 'src/client/screens/ondemand.tsx', data: ['/api/ondemand?page=0'] },
  { route: '/podcasts', screen: 'podcasts', source: 'src/client/screens/podcasts.tsx', data: ['/api/podcasts?page=0'] },
  // screens of many URLs (decision 0033): one shell for all, rendered at a stand-in URL, and the URLs it serves (the
  // client's route pattern in router.tsx); the server finds them in shells/any/ and renders a visitor's with answers
  { route: '/classroom/_', screen: 'classroom', source: 'src/client/screens/classroom.tsx', data: [], serves: '^/classroom/[^/?]+$' },
  { route: '/podcast/_', screen: 'podcast', source: 'src/client/screens/podcast.tsx', data: [], serves: '^/podcast/[^/?]+(?:/[^/?]+)?$' },
];

const shellFile = (shell) => (shell.serves ? `shells/any/${shell.screen}.html` : `shells${shell.route}.html`);

// index.html's preload of the app's start (decision 0052) is not a shell's: its scripts, the start among the chunks
// named on #root, are fetched once the shell has painted
const template = readFileSync(path.join(clientDir, 'index.html'), 'utf8').replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const { renderShell } = await import(pathToFileURL(renderer).href);

/** a chunk's file and CSS with those of every chunk it imports statically, in load order */
const closure = (key, seen = new Set()) => {
  if (seen.has(key) || !manifest[key]) return { js: [], css: [] };
  seen.add(key);
  const chunk = manifest[key];
  const deps = (chunk.imports ?? []).map((k) => closure(k, seen));
  return { js: [...deps.flatMap((d) => d.js), chunk.file], css: [...deps.flatMap((d) => d.css), ...(chunk.css ?? [])] };
};
const linked = (file) => template.includes(`"/${file}"`);
const entryTag = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(template)?.[0];
const entry = entryTag && /src="([^"]+)"/.exec(entryTag)[1];
if (!entry) throw new Error("index.html has no entry script of the build's form");
const escapeAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
mkdirSync(path.join(clientDir, 'shells', 'any'), { recursive: true });
for (const shell of SHELLS) {
  // the phone's markup with the wide frame's marker, checked to hold an h1 (prerender.tsx)
  const markup = await renderShell(shell.route);

  const { js, css } = closure(shell.source);
  if (js.length === 0) throw new Error(`${shell.route}: ${shell.source} is not in the build's manifest`);
  // the app's scripts start once the shell has painted (src/client/shell-boot.js): the entry and the screen's chunks
  // are named on #root for it, and nothing of them is fetched before that paint
  const chunks = js.filter((f) => !linked(f)).map((f) => `/${f}`);
  const head = [
    ...css.filter((f) => !linked(f)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    // the list's data is the server's work: asked at once, it is on its way while the scripts load
    ...shell.data.map((url) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttr(url)}">`),
  ].join('\n    ');
  const html = template
    .replace(entryTag, '<script type="module" src="/shell-boot.js"></script>')
    .replace(/\s*<\/head>/, `\n    ${head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root" data-screen="${shell.screen}" data-entry="${entry}" data-chunks="${chunks.join(' ')}"${shell.serves ? ` data-shell-path="${shell.route}" data-serves="${escapeAttr(shell.serves)}"` : ''}>${markup}</div>`);
  writeFileSync(path.join(clientDir, shellFile(shell)), html);
}
// the manifest was for this script only
rmSync(path.join(clientDir, '.vite'), { recursive: true, force: true });
console.log(`prerendered ${SHELLS.length} shells: ${SHELLS.map((s) => s.route).join(', ')}`);
process.exit(0);
