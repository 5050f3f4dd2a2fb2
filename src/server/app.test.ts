// The HTTP contract every route shares: health, JSON errors without stacks, 404/405/415/501, the SPA fallback.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '#shared/api/index';
import { buildTestApp, json, type TestApp } from './test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('health', () => {
  it('answers with version, build and the database in use', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ status: true, version: '0.9.5', build: 54, database: process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite', serverTime: '2026-11-22T15:00:00.000Z' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("names the deployment's SUPPORT_EMAIL, the address the footer shows", async () => {
    expect(json(await t.app.inject('/api/health'))).toMatchObject({ supportEmail: 'support@cepass.example' });
    const other = await buildTestApp({ supportEmail: 'help@clinic.example' }, { demo: false });
    try {
      expect(json(await other.app.inject('/api/health'))).toMatchObject({ supportEmail: 'help@clinic.example' });
    } finally {
      await other.close();
    }
  });

  it('sends the security headers of security.md on every answer', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const res = await t.app.inject(url);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'; style-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('errors', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await t.app.inject('/api/no-such-call');
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ status: false, errorMsg: 'No such API call.' });
  });

  it('answers a malformed query with a 400 that names the field in plain words', async () => {
    const res = await t.app.inject('/api/ondemand?page=abc');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ status: false, errorMsg: 'page must be a whole number' });
  });

  it('answers a missing required field with a 400', async () => {
    const res = await t.app.inject('/api/class');
    expect(res.statusCode).toBe(400);
    expect(json(res).errorMsg).toBe('c is required');
  });

  it('rejects broken JSON without a stack trace', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/page-view', headers: { 'content-type': 'application/json' }, payload: '{"path": "/home"' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ status: false, errorMsg: 'The request body is not valid JSON.' });
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('rejects a body over 64 KiB', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/page-view', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ path: `/${'x'.repeat(70_000)}` }) });
    expect(res.statusCode).toBe(413);
    expect(json(res).errorMsg).toBe('The request is too large.');
  });

  it('requires JSON on mutating calls (CSRF)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/page-view', headers: { 'content-type': 'text/plain' }, payload: 'path=/home' });
    expect(res.statusCode).toBe(415);
    expect(json(res).errorMsg).toBe('Send the request as JSON.');
  });

  it('refuses cross-site posts (CSRF)', async () => {
    const cross = await t.app.inject({ method: 'POST', url: '/api/page-view', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, payload: { path: '/home' } });
    expect(cross.statusCode).toBe(403);
    const origin = await t.app.inject({ method: 'POST', url: '/api/page-view', headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, payload: { path: '/home' } });
    expect(origin.statusCode).toBe(403);
  });

  it('answers GET on a mutation with 405 (decisions.md 2)', async () => {
    const res = await t.app.inject('/api/reserve-seat?c=abc');
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(json(res)).toEqual({ status: false, errorMsg: 'Use POST for this call.' });
  });

  it('hides the detail of a server failure', async () => {
    await t.database.db.schema.dropTable('blurbs').execute();
    const res = await t.app.inject('/api/blurb?code=terms');
    expect(res.statusCode).toBe(500);
    expect(json(res)).toEqual({ status: false, errorMsg: 'System error - contact tech support.' });
    expect(res.body).not.toMatch(/blurbs|SQLITE|relation|stack/i);
  });
});

describe('sessions', () => {
  it('treats a malformed session cookie as no session, not as a server error', async () => {
    for (const cookie of ['sid=%E0%A4%A', 'sid=', 'sid=short', `sid=${'x'.repeat(500)}`]) {
      const res = await t.app.inject({ url: '/api/home', headers: { cookie } });
      expect(res.statusCode, cookie).toBe(200);
    }
  });
});

describe('page views', () => {
  it('records the path of each navigation', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/page-view', headers: { 'content-type': 'application/json' }, payload: { path: '/ondemand/2' } });
    expect(json(res)).toEqual({ status: true });
    const rows = await t.database.db.selectFrom('pageViews').select(['path', 'studentId']).execute();
    expect(rows).toContainEqual({ path: '/ondemand/2', studentId: null });
  });

  it('never stores the secret part of a path (reset tokens, login links, cancel codes)', async () => {
    for (const path of ['/reset/Zx9secretToken', '/cancel-seat/abcdefgh1234']) {
      await t.app.inject({ method: 'POST', url: '/api/page-view', headers: { 'content-type': 'application/json' }, payload: { path } });
    }
    const rows = (await t.database.db.selectFrom('pageViews').select('path').execute()).map((r) => r.path);
    expect(rows).toEqual(expect.arrayContaining(['/reset/:secret', '/cancel-seat/:secret']));
    expect(rows.join(' ')).not.toMatch(/Zx9secretToken|abcdefgh1234/);
  });

  it('rejects a path that is not one', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/page-view', headers: { 'content-type': 'application/json' }, payload: { path: 'home' } });
    expect(res.statusCode).toBe(400);
    expect(json(res).errorMsg).toBe('path must start with /');
  });
});

/**
 * The calls later issues build. Each still answers 501 'Not available yet.', so nothing pretends to
 * work; when an issue builds one, it leaves this list.
 */
const NOT_BUILT_YET: string[] = [].sort();

describe('the contract', () => {
  it('registers every call of the contract, and lists exactly those not built yet', async () => {
    const answering501: string[] = [];
    for (const ep of allEndpoints) {
      const res = await t.app.inject({ method: ep.method, url: `/api/${ep.path}`, ...(ep.method === 'POST' ? { headers: { 'content-type': 'application/json' }, payload: {} } : {}) });
      expect(res.statusCode, `${ep.method} ${ep.path}`).not.toBe(404);
      if (res.statusCode === 501) {
        expect(json(res)).toEqual({ status: false, errorMsg: 'Not available yet.' });
        answering501.push(`${ep.method} ${ep.path}`);
      }
    }
    expect(answering501.sort()).toEqual(NOT_BUILT_YET);
  });

  it('makes the calls built so far work (the catalogue reads; the account calls)', () => {
    const built = allEndpoints.map((e) => `${e.method} ${e.path}`).filter((k) => !NOT_BUILT_YET.includes(k));
    expect(built.sort()).toEqual(
      ['GET account-items', 'GET blurb', 'GET student', 'POST login', 'POST logout', 'GET account-home', 'GET profile', 'GET validate-agd-number', 'GET validate-email', 'GET validate-username', 'POST hide-agd-reminder', 'POST login-link', 'POST profile', 'POST recover', 'POST register', 'POST remove-consent', 'POST reset-password', 'POST send-ce-report', 'GET certificate', 'GET certificate-pdf', 'GET verify', 'POST send-cert', 'GET completed', 'GET completed-podcasts', 'GET completed-webinars', 'GET pending', 'GET queue', 'GET tutorial-history', 'POST class-view', 'POST podcast-view', 'POST podcast-listen', 'GET listening', 'POST queue-add', 'POST remove-queue', 'GET survey', 'GET sva', 'POST save-eval', 'POST save-survey-response', 'POST save-sva-response', 'GET exam', 'POST grade-exam', 'GET cancel-seat', 'GET calendar', 'GET seats', 'POST cancel-seat', 'POST class-start', 'POST reserve-seat', 'POST save-affidavit', 'GET mobilead', 'POST ad-event', 'POST book-response-mvp', 'POST featuredcontent-click', 'POST mobilead-submit', 'POST support', 'GET books', 'GET class', 'GET health', 'GET home', 'GET ondemand', 'GET podcast', 'GET podcast-show', 'GET podcasts', 'GET search', 'GET search-items', 'GET tutorials', 'GET upcoming', 'POST page-view', 'GET license-presets', 'GET licenses', 'GET license', 'POST license-add', 'POST license-edit', 'POST license-remove', 'POST license-rule-save', 'POST license-rule-remove', 'GET reported-courses', 'POST reported-course-add', 'POST reported-course-proof-add', 'POST reported-course-remove', 'GET reported-course-proof', 'GET license-transcript', 'GET license-audit-pack'].sort(),
    );
  });
});

describe('the built client', () => {
  let web: TestApp;
  beforeAll(async () => {
    const clientDir = path.join(t.config.dataDir, 'client');
    mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>CE Pass</title><div id="root"></div>');
    writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    writeFileSync(path.join(clientDir, 'sw.js.br'), brotliCompressSync('self.addEventListener("fetch", () => {})'));
    web = await buildTestApp({ clientDir }, { demo: false });
  });
  afterAll(async () => web?.close());

  it('serves the app for every client route (SPA fallback), never for /api', async () => {
    for (const url of ['/', '/home', '/classroom/abc', '/podcast/show/ep', '/no/such/page', '/404']) {
      const res = await web.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
    expect((await web.app.inject('/api/nope')).headers['content-type']).toMatch(/application\/json/);
  });

  it('answers a missing file with 404, not the app (a stale chunk must fail loudly)', async () => {
    for (const url of ['/assets/index-oldhash.js', '/favicon.ico', '/robots.txt']) {
      const res = await web.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    }
  });

  it('sends the precompressed asset to a browser that accepts brotli', async () => {
    const res = await web.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
    expect((await web.app.inject('/assets/app-abc123.js')).body).toBe('console.log(1)');
  });

  it('caches hashed assets forever and revalidates the worker', async () => {
    expect((await web.app.inject('/assets/app-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await web.app.inject('/sw.js')).headers['cache-control']).toBe('no-cache');
    expect((await web.app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } })).headers['cache-control']).toBe('no-cache');
  });
});
