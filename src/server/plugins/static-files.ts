// The built client with an SPA fallback, and media (audio, video, PDFs, images) with byte ranges.
// Unknown /api paths get a JSON 404 here, never the app; a route with a prerendered shell gets that shell.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

const MEDIA_PREFIX = '/media/';
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

/**
 * The file under the media folder that the media route would serve for this URL, as a path relative to
 * that folder ('pdf/ebooks/x.pdf'), or null when the route would serve none. It repeats @fastify/static's
 * own steps (the raw path after the prefix, decodeURI, then @fastify/send's normalize), so the e-book gate
 * and the session decide on what is sent, not on how the URL happens to be spelled; `allowedPath` below
 * checks that the two agree on every request.
 */
export function mediaFileOf(url: string): string | null {
  const raw = url.split('?')[0]!;
  if (!raw.startsWith(MEDIA_PREFIX)) return null;
  let decoded: string;
  try {
    decoded = decodeURI(`/${raw.slice(MEDIA_PREFIX.length)}`);
  } catch {
    return null;
  }
  return sendRelative(decoded);
}

/** @fastify/send: normalize('.' + sep + path); a path that climbs out of the root is refused (403) */
function sendRelative(pathname: string): string | null {
  if (pathname.includes('\0')) return null;
  const rel = path.normalize(`.${path.sep}${pathname}`);
  if (/(?:^|[\\/])\.\.(?:[\\/]|$)/.test(rel)) return null;
  return rel.split(path.sep).join('/');
}

/** a PDF by its name on disk: the gate compares without case, as a case-insensitive disk would serve it */
export const isPdf = (file: string | null): file is string => file !== null && file.toLowerCase().endsWith('.pdf');

/** what the e-book gate cleared for a visitor, per request, for allowedPath to hold the static plugin to */
const clearedForVisitor = new WeakMap<object, string>();

export async function registerStaticFiles(app: FastifyInstance, db: Kysely<DB>, opts: { clientDir: string; mediaDir: string }): Promise<void> {
  // spec §6: e-books download only for a logged-in student; anyone else is sent to log in and back to /ebooks
  app.addHook('onRequest', async (req, reply) => {
    if (req.student) return;
    const file = mediaFileOf(req.url);
    if (!isPdf(file)) return;
    const ebook = await db
      .selectFrom('ebooks')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['pdf']), '=', file.toLowerCase()))
      .executeTakeFirst();
    if (ebook) return reply.code(302).header('cache-control', 'no-store').redirect('/login?rurl=%2Febooks');
    clearedForVisitor.set(req.raw, file);
  });

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
  await app.register(fastifyStatic, {
    root: opts.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    // belt and braces for the gate above: a visitor gets a PDF only when it is the very file the gate
    // looked up; should the plugin ever resolve a URL differently from mediaFileOf, the answer is a 404
    allowedPath(pathname, _root, req) {
      if (req.student) return true;
      const file = sendRelative(pathname);
      return !isPdf(file) || clearedForVisitor.get(req.raw) === file;
    },
    // byte ranges are on by default in @fastify/send; audio seeking depends on them
    acceptRanges: true,
    cacheControl: false,
    setHeaders(res, file) {
      // a PDF may be an e-book, which only a logged-in student may fetch: no shared cache may keep it
      res.setHeader('cache-control', file.toLowerCase().endsWith('.pdf') ? 'private, max-age=86400' : 'public, max-age=86400');
    },
  });

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
