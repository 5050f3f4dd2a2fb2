// The built client with an SPA fallback (media: plugins/media.ts).
// Unknown /api paths get a JSON 404 here, never the app; a route with a prerendered shell gets that shell.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const SHELLS_DIR = 'shells';

/**
 * The routes the build prerendered a first screen for (scripts/prerender-shells.mjs writes shells/home.html for
 * /home; decision 0024), each with its file; empty when the build has none (a client built by `vite build` alone).
 */
export function prerenderedShells(clientDir: string): Map<string, string> {
  const dir = path.join(clientDir, SHELLS_DIR);
  if (!existsSync(dir)) return new Map();
  const names = readdirSync(dir).filter((n) => /^[a-z0-9-]+\.html$/.test(n));
  return new Map(names.map((n) => [`/${n.slice(0, -'.html'.length)}`, `${SHELLS_DIR}/${n}`]));
}

export async function registerStaticFiles(app: FastifyInstance, opts: { clientDir: string }): Promise<void> {
  const hasClient = existsSync(path.join(opts.clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: opts.clientDir,
      prefix: '/',
      index: false,
      // scripts/compress-assets.mjs writes .br/.gz beside each asset at build time
      preCompressed: true,
      // our setHeaders decides caching per file; the plugin's default would overwrite it
      cacheControl: false,
      setHeaders(res, file) {
        // the precompressed twin (sw.js.br) is the same file to the browser
        const name = path.basename(file).replace(/\.(br|gz)$/, '');
        // hashed build assets never change; the worker and the shell must be revalidated every time
        if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else if (name === 'sw.js' || name.endsWith('.html') || name.endsWith('.webmanifest')) res.setHeader('cache-control', 'no-cache');
        else res.setHeader('cache-control', 'public, max-age=3600');
      },
    });
  }
  const shells = hasClient ? prerenderedShells(opts.clientDir) : new Map<string, string>();
  // a shell is what the route shows before its data and JS arrive; with a query string (filters, a search) the
  // screen shows something else, so the plain app is sent and paints once its JS runs, as before the shells
  const sendApp = (reply: FastifyReply, url = '') =>
    reply.header('cache-control', 'no-cache').sendFile(shells.get(url) ?? 'index.html', opts.clientDir);
  // "/" is a directory to the static plugin; it is the app's alias of /home
  if (hasClient) app.get('/', async (_req, reply) => sendApp(reply));

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0]!;
    if (url.startsWith('/api/') || url === '/api') return reply.code(404).send({ status: false, errorMsg: 'No such API call.' });
    // a missing file (an old chunk after a deploy, /favicon.ico) is a 404, never the app's HTML
    const isFile = url.startsWith('/assets/') || /\/[^/]+\.[a-z0-9]{1,12}$/i.test(url);
    if (url.startsWith('/media/') || isFile || req.method !== 'GET' || !hasClient) {
      return reply.code(404).type('text/plain; charset=utf-8').send(hasClient ? 'Not found.' : 'Not found. (The client is not built: run npm run build.)');
    }
    // every other path is a client route: the app decides between a screen and its "Page Not Found"
    return sendApp(reply, req.url);
  });
}
