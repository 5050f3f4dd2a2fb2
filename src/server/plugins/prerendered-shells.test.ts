// The prerendered first screens (decision 0024) as a browser asks for them: each route with a shell is answered
// with its own shell, revalidated every time; a route without one, or with a query string, gets the plain app.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test-support.ts';
import { prerenderedShells } from './static-files.ts';

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
