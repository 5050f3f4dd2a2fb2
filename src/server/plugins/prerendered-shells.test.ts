// The prerendered first screens (decision 0024) as a browser asks for them: each route with a shell is answered
// with its own shell, revalidated every time; a route without one, or with a query string, gets the plain app.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test-support.ts';
import { prerenderedShells, shellsForMany } from './static-files.ts';

const page = (name: string) => `<!doctype html><html lang="en"><head><title>CE Pass</title></head><body><div id="root">${name}</div></body></html>`;

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'ce-pass-shells-'));
  mkdirSync(path.join(clientDir, 'shells'));
  writeFileSync(path.join(clientDir, 'index.html'), page('the plain app'));
  for (const name of ['home', 'ondemand', 'podcasts']) writeFileSync(path.join(clientDir, 'shells', `${name}.html`), page(`the ${name} shell`));
  // what compress-assets.mjs writes beside each: never a route of its own
  writeFileSync(path.join(clientDir, 'shells', 'home.html.br'), 'not a route');
  t = await buildTestApp({ clientDir }, { demo: false });
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('prerendered shells', () => {
  it('are found by route, one per file, and nothing else is', () => {
    expect([...prerenderedShells(clientDir)].sort()).toEqual([
      ['/home', 'shells/home.html'],
      ['/ondemand', 'shells/ondemand.html'],
      ['/podcasts', 'shells/podcasts.html'],
    ]);
    expect(prerenderedShells(path.join(clientDir, 'nowhere')).size).toBe(0);
  });

  it.each(['home', 'ondemand', 'podcasts'])('/%s is answered with its own shell, revalidated every time', async (name) => {
    const res = await get(`/${name}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(`the ${name} shell`);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it.each(['/', '/webinars', '/classroom/abc', '/home/', '/ondemand/2', '/home?q=perio', '/ondemand?cid=3', '/no-such-page', '/home.html.br'])(
    '%s gets the plain app',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(url === '/home.html.br' ? 404 : 200);
      if (res.statusCode === 200) expect(res.body).toContain('the plain app');
    },
  );
});

// A visitor's first screen with its answers (decision 0028): the server's part, with a stand-in for the build's
// prerender module (prerender/prerender.js beside the client) that renders what it was answered. The real module is
// in the journeys (tests/e2e/prerendered-shell.spec.ts).
describe('the first screen with its answers', () => {
  let t2: TestApp;
  let dir: string;
  const shell = (root: string, head = '') =>
    `<!doctype html><html><head>${head}</head><body><div id="root" data-screen="x">${root}</div>\n  </body></html>`;
  const preload = '<link rel="preload" as="fetch" crossorigin href="/api/ondemand?page=0">';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ce-pass-first-'));
    const client = path.join(dir, 'client');
    mkdirSync(path.join(client, 'shells'), { recursive: true });
    mkdirSync(path.join(dir, 'prerender'));
    writeFileSync(path.join(client, 'index.html'), page('the plain app'));
    writeFileSync(path.join(client, 'shells', 'ondemand.html'), shell('<h1>On-Demand</h1><p>skeleton</p>', preload));
    writeFileSync(path.join(client, 'shells', 'learn.html'), shell('<h1>Learn</h1>'));
    writeFileSync(path.join(client, 'shells', 'home.html'), shell('<h1>Home</h1><div aria-busy="true">skeleton</div>', '<link rel="preload" as="fetch" crossorigin href="/api/home">'));
    // asks the list as the client would and the version (not a kept read: the server leaves it out); counts renders
    writeFileSync(
      path.join(dir, 'prerender', 'prerender.js'),
      `globalThis.renders = 0;
export async function renderShell(route) { return { '/ondemand': '<h1>On-Demand</h1><p>skeleton</p>', '/home': '<h1>Home</h1><div aria-busy="true">skeleton</div>' }[route] ?? '<h1>Learn</h1>'; }
export async function renderWithAnswers(route, answer) {
  // a screen still loading with its answers in (it waits on something no visitor's answer holds)
  if (route === '/home') return { markup: '<h1>Home</h1><div aria-busy="true">skeleton</div>', answers: [[['api', 'home', {}], await answer('/api/home')]], urls: ['/api/home'] };
  if (route !== '/ondemand') return null;
  globalThis.renders++;
  const health = await answer('/api/health');
  const list = await answer('/api/ondemand?page=0');
  if (list === null) return null;
  return { markup: '<h1>On-Demand</h1><p>' + list.totalRows + ' rows</p><p>health ' + typeof health + '</p>', answers: [[['api', 'ondemand', { page: '0' }], { ...list, note: '</script><script>alert(1)</script>' }]], urls: ['/api/ondemand?page=0'] };
}`,
    );
    t2 = await buildTestApp({ clientDir: client }, { demo: false });
  });
  afterAll(async () => {
    await t2?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const renders = () => (globalThis as { renders?: number }).renders;

  it('a visitor gets the rows rendered in, their answers in the page, and no preload of them', async () => {
    const res = await t2.app.inject({ method: 'GET', url: '/ondemand' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('cookie');
    expect(res.body).toContain('<div id="root" data-screen="x"><h1>On-Demand</h1><p>0 rows</p><p>health undefined</p></div>');
    expect(res.body).not.toContain('skeleton');
    expect(res.body).not.toContain('rel="preload"');
    const json = /<script type="application\/json" id="first-answers">(.*?)<\/script>/.exec(res.body)?.[1];
    // an answer's text can never end the script element
    expect(json).not.toContain('<');
    expect(JSON.parse(json!)).toEqual([[['api', 'ondemand', { page: '0' }], expect.objectContaining({ totalRows: 0, note: '</script><script>alert(1)</script>' })]]);
  });

  it('is rendered once while its answers stay the same, and sent compressed to a browser that takes it', async () => {
    await t2.app.inject({ method: 'GET', url: '/ondemand' });
    const before = renders();
    const br = await t2.app.inject({ method: 'GET', url: '/ondemand', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const { brotliDecompressSync } = await import('node:zlib');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<p>0 rows</p>');
    expect(renders()).toBe(before);
  });

  it('a student (a session cookie) gets the shell as built, never a visitor\'s rows', async () => {
    const res = await t2.app.inject({ method: 'GET', url: '/ondemand', headers: { cookie: 'sid=anything' } });
    expect(res.body).toContain('<p>skeleton</p>');
    expect(res.body).toContain(preload);
    expect(res.body).not.toContain('first-answers');
  });

  it('a screen still loading with its answers gets the build\'s shell and its preload', async () => {
    const res = await t2.app.inject({ method: 'GET', url: '/home' });
    expect(res.body).toContain('<link rel="preload" as="fetch" crossorigin href="/api/home">');
    expect(res.body).not.toContain('first-answers');
  });

  it('a screen with nothing to answer, or a query string, gets its shell or the plain app', async () => {
    expect((await t2.app.inject({ method: 'GET', url: '/learn' })).body).toContain('<h1>Learn</h1>');
    expect((await t2.app.inject({ method: 'GET', url: '/ondemand?cid=3' })).body).toContain('the plain app');
  });
});

// A screen of many URLs (decision 0033): one shell (shells/any/) naming the URLs it serves and the stand-in URL the
// build rendered it at; a visitor's page for one of them is rendered with its answer, a kept read (a classroom is
// kept 1 s for visitors, decision 0032); anything else gets the plain app.
describe('a screen of many URLs', () => {
  let t3: TestApp;
  let dir: string;
  let hash: string;
  const frame = (root: string, extra = '') => `<!doctype html><html><head></head><body><div id="root" data-screen="classroom"${extra}>${root}</div>\n  </body></html>`;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ce-pass-many-'));
    const client = path.join(dir, 'client');
    mkdirSync(path.join(client, 'shells', 'any'), { recursive: true });
    mkdirSync(path.join(dir, 'prerender'));
    writeFileSync(path.join(client, 'index.html'), page('the plain app'));
    writeFileSync(path.join(client, 'shells', 'any', 'classroom.html'), frame('<h1>Classroom</h1><p>skeleton</p>', ' data-shell-path="/classroom/_" data-serves="^/classroom/[^/?]+$"'));
    // a file naming no URLs is no shell
    writeFileSync(path.join(client, 'shells', 'any', 'stray.html'), frame('<h1>Stray</h1>'));
    writeFileSync(
      path.join(dir, 'prerender', 'prerender.js'),
      `export async function renderShell(route) { if (route !== '/classroom/_') throw new Error('rendered at ' + route); return '<h1>Classroom</h1><p>skeleton</p>'; }
export async function renderWithAnswers(route, answer) {
  const hash = decodeURIComponent(route.split('/')[2]);
  const url = '/api/class?c=' + encodeURIComponent(hash);
  const cls = await answer(url);
  if (!cls) return null;
  return { markup: '<h1>' + cls.classObj.className + '</h1>', answers: [[['api', 'class', { c: hash }], cls]], urls: [url] };
}`,
    );
    t3 = await buildTestApp({ clientDir: client });
    hash = (await t3.app.inject({ method: 'GET', url: '/api/ondemand?page=0' })).json().data[0].hash;
  });
  afterAll(async () => {
    await t3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the shells of many URLs by what their #root names, and nothing else', () => {
    const found = shellsForMany(path.join(dir, 'client'));
    expect(found.map((s) => [s.file, s.renderedAt, s.serves.source])).toEqual([['shells/any/classroom.html', '/classroom/_', '^\\/classroom\\/[^/?]+$']]);
  });

  it("a visitor's classroom comes with its class rendered in the shell's frame and its answer in the page", async () => {
    const res = await t3.app.inject({ method: 'GET', url: `/classroom/${hash}` });
    const cls = (await t3.app.inject({ method: 'GET', url: `/api/class?c=${hash}` })).json();
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toContain('cookie');
    expect(res.body).toContain(`<div id="root" data-screen="classroom" data-shell-path="/classroom/_" data-serves="^/classroom/[^/?]+$"><h1>${cls.classObj.className}</h1></div>`);
    const json = /<script type="application\/json" id="first-answers">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(JSON.parse(json!)).toEqual([[['api', 'class', { c: hash }], cls]]);
  });

  it.each([
    ['a student', `/classroom/{hash}`, { cookie: 'sid=anything' }],
    ['an unknown class', '/classroom/no-such-class', {}],
    ['a query string', '/classroom/{hash}?from=mail', {}],
    ['a path it does not serve', '/classroom/{hash}/more', {}],
  ])('%s gets the plain app', async (_, url, headers) => {
    const res = await t3.app.inject({ method: 'GET', url: url.replace('{hash}', hash), headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('the plain app');
    expect(res.body).not.toContain('first-answers');
  });
});
