// Answers to requests that fail before any route: URLs the router cannot decode get the app's own body
// and the same security headers as every other answer (Fastify's frameworkErrors).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, json, type TestApp } from '../test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { demo: false });
});
afterAll(async () => t?.close());

const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'cross-origin-opener-policy'];

describe('malformed URLs', () => {
  it.each(['/media/%', '/media/pdf/ebooks/%zz.pdf', '/api/%E0%A4%A', '/%C0%AE%C0%AE/', '/api/books%', '/%C0%AE%C0%AE/media/x.pdf'])('%s: 400 with our headers and a plain sentence', async (url) => {
    const normal = await t.app.inject('/api/health');
    expect(normal.statusCode).toBe(200);
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(400);
    for (const h of SECURITY_HEADERS) expect(res.headers[h], h).toBe(normal.headers[h]);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(json(res)).toEqual({ status: false, errorMsg: 'The address is not valid.' });
    // nothing of Fastify's own answer: no error code, no stack, no echo of the address
    expect(res.body).not.toMatch(/FST_|stack|at .*\.js|valid url component/);
  });

  it('adds HSTS to that answer too when served over https', async () => {
    const secure = await buildTestApp({ publicUrl: 'https://cepass.example' }, { demo: false });
    try {
      const res = await secure.app.inject('/media/%');
      expect(res.statusCode).toBe(400);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });
});
