// The markup the app's first commit shows on a route, as a visitor on a phone, rendered from the real components in
// Node: at build time with no answer (scripts/prerender-shells.mjs: the header, the tab bar, the h1 and skeleton
// rows; decision 0024), and at request time with the screen's first answers in it (the server's plugins/static-files.ts:
// the first page of rows; decision 0028). Built for Node by vite.prerender.config.ts.
import { prerender } from 'react-dom/static';
import * as v from 'valibot';
import { Router } from 'wouter';
import { allEndpoints } from '#shared/api/index';
import { searchParams } from './lib/api.ts';
import { queryClient } from './lib/query-client.ts';
import { App } from './app/app.tsx';

/** the inner HTML of #root for `path`, every lazy part it shows loaded, with what the query cache holds now */
async function render(path: string): Promise<string> {
  const { prelude } = await prerender(
    <Router ssrPath={path} ssrSearch="">
      <App />
    </Router>,
    // no boundary outlined to be revealed by an inline script (the CSP allows none), however many rows it holds
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let markup = await new Response(prelude).text();
  // React puts resource hints of what it rendered (the logo's image) in front: the img itself is found as early
  // (and the preload was a second request for it)
  markup = markup.replace(/^(?:<link [^>]*\/>)+/, '');
  // the shell is the phone's; app.css shows the wide layout's frame from it until the app takes over
  if (!markup.includes('<div class="app" data-prerendered="">')) throw new Error(`${path}: no prerendered .app frame in the render`);
  if (!markup.includes('<h1')) throw new Error(`${path}: the render has no h1 (did the screen suspend?)`);
  return markup;
}

// one render at a time: they share the app's one query cache (a render takes a few milliseconds, and the server
// renders a route again only when its answers changed)
let queue: Promise<unknown> = Promise.resolve();
const serially = <T,>(work: () => Promise<T>): Promise<T> => {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
};

/** the first screen of `path` before any answer: the shell written at build time */
export const renderShell = (path: string): Promise<string> =>
  serially(async () => {
    queryClient.clear();
    return render(path);
  });

/** a query of the cache as the client's `call` would ask it: the GET endpoint a visitor may read, and its URL */
const readable = new Map(allEndpoints.filter((e) => e.method === 'GET' && e.access !== 'student').map((e) => [e.path, e]));
const urlOf = (key: readonly unknown[]): string | null => {
  if (key[0] !== 'api' || typeof key[1] !== 'string' || !readable.has(key[1])) return null;
  const query = new URLSearchParams(searchParams(key[2])).toString();
  return `/api/${key[1]}${query ? `?${query}` : ''}`;
};

export interface FirstScreen {
  /** the inner HTML of #root, the answers in it */
  markup: string;
  /** every answer it shows, by query key: the client puts them in its cache before its first render (start.tsx) */
  answers: [readonly unknown[], unknown][];
  /** the URLs they were read from */
  urls: string[];
}

/**
 * The first screen of `path` with its answers: rendered once to learn the queries the screen asks (their keys, as
 * the client makes them), then again with the answer to each, as `answer(url)` gives it (the JSON a visitor gets;
 * undefined: not this one, it stays loading as on the client) and the client would read it (the endpoint's response
 * schema). Null when no answer was given, or one is missing or not of its shape: the build's shell is sent then.
 */
export const renderWithAnswers = (path: string, answer: (url: string) => Promise<unknown>): Promise<FirstScreen | null> =>
  serially(async () => {
    queryClient.clear();
    try {
      const answers: [readonly unknown[], unknown][] = [];
      const urls: string[] = [];
      const tried = new Set<string>();
      // a query a screen asks only once another's answer is in (an episode, once its series is) is found by the
      // next render: rendered again while a render asks something new, a few times at most
      for (let pass = 0; pass < MAX_PASSES; pass++) {
        await render(path);
        const asked = queryClient
          .getQueryCache()
          .getAll()
          .map((q) => ({ key: q.queryKey, url: urlOf(q.queryKey) }))
          .filter((q): q is { key: readonly unknown[]; url: string } => q.url !== null && !tried.has(q.url));
        if (asked.length === 0) break;
        for (const { key, url } of asked) {
          tried.add(url);
          const json = await answer(url);
          if (json === undefined) continue;
          const parsed = v.safeParse(readable.get(key[1] as string)!.response, json);
          if (!parsed.success) return null;
          answers.push([key, parsed.output]);
          urls.push(url);
          queryClient.setQueryData(key, parsed.output);
        }
      }
      if (answers.length === 0) return null;
      return { markup: await render(path), answers, urls };
    } finally {
      queryClient.clear();
    }
  });

/** renders to find what a screen asks: its first queries, then those that wait for their answers */
const MAX_PASSES = 3;
