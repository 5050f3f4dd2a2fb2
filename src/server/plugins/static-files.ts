// The built client with an SPA fallback (media: plugins/media.ts).
// Unknown /api paths get a JSON 404 here, never the app; a route with a prerendered shell gets that shell, and a
// visitor gets it with the screen's first answers rendered in (decision 0028).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding } from './compression.ts';
import { readCookie, sessionCookieName } from './session.ts';
import { keepRecent } from '../recent.ts';

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

/** the shell of a screen of many URLs (shells/any/: a classroom, an episode), rendered at a stand-in URL */
interface AnyShell {
  file: string;
  /** the URL the build rendered it at: rendered there again, it gives the markup to replace */
  renderedAt: string;
  serves: RegExp;
}

/**
 * The shells of screens with many URLs (scripts/prerender-shells.mjs writes shells/any/classroom.html, naming on
 * its #root the URLs it serves and the stand-in URL it was rendered at; decision 0033).
 */
export function shellsForMany(clientDir: string): AnyShell[] {
  const dir = path.join(clientDir, SHELLS_DIR, 'any');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => /^[a-z0-9-]+\.html$/.test(n))
    .flatMap((n) => {
      const root = /<div id="root"[^>]* data-shell-path="([^"]+)" data-serves="([^"]+)"/.exec(readFileSync(path.join(dir, n), 'utf8'));
      return root ? [{ file: `${SHELLS_DIR}/any/${n}`, renderedAt: root[1]!, serves: new RegExp(root[2]!.replace(/&amp;/g, '&')) }] : [];
    });
}

/** the shell of a path (no query string), the route the build rendered it at, and its file; null: the plain app */
type ShellOf = (url: string) => { file: string; renderedAt: string } | null;

/** what the build's prerender module (src/client/prerender.tsx, built into prerender/ beside the client) offers */
interface Renderer {
  renderShell: (route: string) => Promise<string>;
  renderWithAnswers: (route: string, answer: (url: string) => Promise<unknown | undefined>) => Promise<{ markup: string; answers: [readonly unknown[], unknown][]; urls: string[] } | null>;
}

interface Page {
  /** when it was rendered: a page shows times (a webinar's start), so it is rendered again after KEEP_MS */
  at: number;
  /** the answers' text it was rendered from, by URL: a page whose answers changed is rendered again */
  texts: Map<string, string>;
  /** null: the build's shell is sent (the screen shows none of its answers yet, or nothing is to be rendered) */
  sent: { html: Buffer; br: Buffer; gzip: Buffer } | null;
}

/** as long as the catalogue answers it shows are kept (the contract's sharedCacheMs, decision 0025) */
const KEEP_MS = 5000;
/** pages kept at once: one per URL of a classroom or an episode a visitor opened, the least recent let go first */
const KEPT_PAGES = 300;

/**
 * A visitor's first screen with its rows (decision 0028): the route's shell with the markup the app renders once
 * the screen's first answers are in (the same components, in this process: the build's prerender module), and
 * those answers in a JSON block the client puts in its cache before its first render (main.tsx), so its first
 * commit shows the same rows and asks nothing. The answers are the ones a visitor's request gets (asked in process,
 * from the contract's kept answers); a page is rendered again only when they changed or after KEEP_MS. Null when
 * the build has no prerender module, or the screen shows no answer: the shell is sent as built.
 */
function firstScreens(app: FastifyInstance, clientDir: string, shellOf: ShellOf, sharedReads: readonly string[]) {
  const moduleFile = path.join(clientDir, '..', 'prerender', 'prerender.js');
  if (!existsSync(moduleFile)) return null;
  // loaded at the first page asked, once; a module that cannot load (its packages missing) is said once in the log,
  // and the shells are sent as built from then on
  let renderer: Promise<Renderer | null> | null = null;
  const loadRenderer = () =>
    (renderer ??= (import(pathToFileURL(moduleFile).href) as Promise<Renderer>).catch((err: unknown) => {
      app.log.error({ err }, 'the prerender module did not load: the shells are sent as built');
      return null;
    }));
  /** per shell file: its text and the markup the build put in it, to be replaced */
  const templates = new Map<string, Promise<{ html: string; markup: string } | null>>();
  const pages = new Map<string, Page>();
  const rendering = new Map<string, Promise<Page>>();

  const templateOf = (shell: { file: string; renderedAt: string }, r: Renderer) => {
    let t = templates.get(shell.file);
    if (!t) {
      t = r.renderShell(shell.renderedAt).then((markup) => {
        const html = readFileSync(path.join(clientDir, shell.file), 'utf8');
        // a shell from another build than the module: its markup is not there to replace
        return html.includes(markup) ? { html, markup } : null;
      });
      templates.set(shell.file, t);
    }
    return t;
  };

  /**
   * the reads whose answer goes in the page: the kept ones only, the same for every visitor for a while; another
   * (the version in the footer, with the server's time) is asked by the client as without the rows
   */
  const inPage = (url: string) => sharedReads.includes(url.slice('/api/'.length).split('?')[0]!);
  /** the JSON a visitor's GET of `url` answers, or null for anything but a 200 */
  const ask = async (url: string): Promise<string | null> => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    return res.statusCode === 200 ? res.body : null;
  };

  async function render(route: string): Promise<Page> {
    const r = await loadRenderer();
    const texts = new Map<string, string>();
    const at = Date.now();
    const template = r && (await templateOf(shellOf(route)!, r));
    if (!template) return { at, texts, sent: null };
    const first = await r.renderWithAnswers(route, async (url) => {
      if (!inPage(url)) return undefined;
      const text = await ask(url);
      if (text === null) return null;
      texts.set(url, text);
      return JSON.parse(text);
    });
    // the screen still says it is loading (an answer it waits for is not a visitor's to share): the build's shell,
    // whose preload asks them as fast
    if (!first || first.markup.includes('aria-busy="true"')) return { at, texts, sent: null };
    // what the client reads before its first render; `<` escaped, so no answer's text can end the script element
    const data = JSON.stringify(first.answers).replace(/</g, '\\u003c');
    let html = template.html.replace(template.markup, () => first.markup).replace('</body>', () => `<script type="application/json" id="first-answers">${data}</script>\n  </body>`);
    // the answers are in the page: the build's preload of them would be a second request, never used
    for (const url of first.urls) html = html.replace(`<link rel="preload" as="fetch" crossorigin href="${url.replace(/&/g, '&amp;')}">`, '');
    const body = Buffer.from(html);
    return {
      at,
      texts,
      sent: {
        html: body,
        // made once per page, not per request; quality 5: a few milliseconds for about 40 KB, within a few % of 11
        br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzip: gzipSync(body, { level: 6 }),
      },
    };
  }

  /** the page for `route`, rendered again when its answers changed or it is older than KEEP_MS */
  async function page(route: string): Promise<Page> {
    const kept = pages.get(route);
    if (kept && Date.now() - kept.at < KEEP_MS) {
      const same = await Promise.all([...kept.texts].map(async ([url, text]) => (await ask(url)) === text));
      if (same.every(Boolean)) return kept;
    }
    // a crowd arriving at once waits for one render
    let pending = rendering.get(route);
    if (!pending) {
      pending = render(route).finally(() => rendering.delete(route));
      rendering.set(route, pending);
    }
    const fresh = await pending;
    keepRecent(pages, route, fresh, KEPT_PAGES);
    return fresh;
  }

  return async (req: FastifyRequest, reply: FastifyReply, route: string): Promise<boolean> => {
    let p: Page['sent'];
    try {
      p = (await page(route)).sent;
    } catch (err) {
      req.log.error({ err, route }, 'the first screen with its answers could not be rendered; the shell is sent');
      return false;
    }
    if (!p) return false;
    const encoding = acceptedEncoding(req);
    const body = encoding ? p[encoding] : p.html;
    if (encoding) reply.header('content-encoding', encoding);
    // a student's request gets the build's shell (see sendApp): a shared cache must not give them this one
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8').send(body);
    return true;
  };
}

/** a session cookie, whichever the server's address names (session.ts); whether it is still valid is not asked */
const SESSION_COOKIES = [sessionCookieName('http:'), sessionCookieName('https:')];
const hasSession = (req: FastifyRequest) => SESSION_COOKIES.some((name) => readCookie(req, name) !== null);

export async function registerStaticFiles(app: FastifyInstance, opts: { clientDir: string; sharedReads?: readonly string[] }): Promise<void> {
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
  const forMany = hasClient ? shellsForMany(opts.clientDir) : [];
  const shellOf: ShellOf = (url) => {
    const file = shells.get(url);
    if (file) return { file, renderedAt: url };
    const many = forMany.find((s) => s.serves.test(url));
    return many ? { file: many.file, renderedAt: many.renderedAt } : null;
  };
  // a shell is what the route shows before its data and JS arrive; with a query string (filters, a search) the
  // screen shows something else, so the plain app is sent and paints once its JS runs, as before the shells
  // a visitor gets the screen's first answers rendered in it; a student (a session cookie) the shell as built, since
  // the rows a visitor sees lack the student's own marks (a seat, a completed exam), which must never show wrong
  const withAnswers = hasClient && shells.size + forMany.length > 0 ? firstScreens(app, opts.clientDir, shellOf, opts.sharedReads ?? []) : null;
  // (the reply in every case: an async handler that resolves to nothing before its answer is sent answers a 500)
  const sendApp = async (req: FastifyRequest, reply: FastifyReply, url = ''): Promise<FastifyReply> => {
    if (withAnswers && shellOf(url) && !hasSession(req) && (await withAnswers(req, reply, url))) return reply;
    // the shell of a screen of many URLs is only the frame of a visitor's rendered page: otherwise the plain app (its
    // skeleton would start the screen's chunks before the app asks for them, for a frame painted a little sooner)
    return reply.header('cache-control', 'no-cache').sendFile(shells.get(url) ?? 'index.html', opts.clientDir);
  };
  // "/" is a directory to the static plugin; it is the app's alias of /home
  if (hasClient) app.get('/', async (req, reply) => sendApp(req, reply));

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0]!;
    if (url.startsWith('/api/') || url === '/api') return reply.code(404).send({ status: false, errorMsg: 'No such API call.' });
    // a missing file (an old chunk after a deploy, /favicon.ico) is a 404, never the app's HTML
    const isFile = url.startsWith('/assets/') || /\/[^/]+\.[a-z0-9]{1,12}$/i.test(url);
    if (url.startsWith('/media/') || isFile || req.method !== 'GET' || !hasClient) {
      return reply.code(404).type('text/plain; charset=utf-8').send(hasClient ? 'Not found.' : 'Not found. (The client is not built: run npm run build.)');
    }
    // every other path is a client route: the app decides between a screen and its "Page Not Found"
    return sendApp(req, reply, req.url);
  });
}
