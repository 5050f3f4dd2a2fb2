// The API's answers as a phone gets them (docs/decisions/0030): compressed when it asks, the same JSON once
// decompressed, for a visitor (the kept answer, compressed once) and a student (their own marks, compressed per
// request); brotli refused by weight gives gzip, nothing asked gives plain JSON; small answers, audio and PDFs are
// sent as they are; a compressed request body is never opened.
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASS_TYPE } from '#shared/domain/constants';
import { buildTestApp, createStudents, type TestApp } from '../test-support.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  cookie = (await createStudents(t, 1, 'zip'))[0]!.cookie;
  // a seat of her own: home is then her copy of the kept answer, made for her request, not the kept one
  const home = (await t.app.inject({ method: 'GET', url: '/api/home' })).json();
  const webinar = home.webinars.data.find((w: { hash: string; typeId: number }) => w.typeId === CLASS_TYPE.LIVE);
  const seat = await t.app.inject({ method: 'POST', url: '/api/reserve-seat', headers: { 'content-type': 'application/json', cookie }, payload: { c: webinar.hash } });
  expect(seat.json()).toMatchObject({ status: true });
});
afterAll(async () => t?.close());

const get = (url: string, acceptEncoding: string | null, student = false) =>
  t.app.inject({ method: 'GET', url, headers: { ...(acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding }), ...(student ? { cookie } : {}) } });

const decoded = (res: Awaited<ReturnType<typeof get>>): unknown => {
  const encoding = res.headers['content-encoding'];
  const bytes = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : encoding === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
  return JSON.parse(bytes.toString('utf8'));
};

describe('compressed answers', () => {
  for (const who of ['visitor', 'student'] as const) {
    it(`/api/home to a ${who}: brotli for a browser, a third of the size, the same JSON as uncompressed`, async () => {
      const student = who === 'student';
      const plain = await get('/api/home', null, student);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const expected = plain.json();
      expect(expected.status).toBe(true);
      expect(expected.webinars.seats.length).toBe(student ? 1 : 0);

      const br = await get('/api/home', 'gzip, deflate, br, zstd', student);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['content-type']).toMatch(/^application\/json/);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(decoded(br)).toEqual(expected);

      const gz = await get('/api/home', 'br;q=0, gzip', student);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(decoded(gz)).toEqual(expected);

      const none = await get('/api/home', 'br;q=0, gzip;q=0.0', student);
      expect(none.headers['content-encoding']).toBeUndefined();
      expect(none.json()).toEqual(expected);
    });
  }

  it("the visitors' kept answer is compressed once while kept: the same bytes to every visitor", async () => {
    const a = await get('/api/ondemand?page=0', 'br');
    const b = await get('/api/ondemand?page=0', 'br');
    expect(a.headers['content-encoding']).toBe('br');
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
  });

  it('an answer made per request (a classroom) and an error are compressed only when they are worth it', async () => {
    const cls = (await get('/api/ondemand?page=0', null)).json().data[0].hash as string;
    const plain = await get(`/api/class?c=${cls}`, null, true);
    const br = await get(`/api/class?c=${cls}`, 'br', true);
    expect(decoded(br)).toEqual(plain.json());
    expect(br.headers['content-encoding']).toBe(plain.rawPayload.length >= 1024 ? 'br' : undefined);
    const missing = await get('/api/class?c=no-such-class', 'br', true);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json()).toMatchObject({ status: false });
  });

  it('a request body sent compressed is not opened: refused as JSON it cannot read, nothing done', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ u: 'demostudent', p: 'ce-pass-demo' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false });
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
