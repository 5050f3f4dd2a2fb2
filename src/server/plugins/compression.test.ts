// The API's answers as a phone gets them (docs/decisions/0030): compressed when it asks, the same JSON once
// decompressed, for a visitor (the kept answer, compressed once) and a student (their own marks, compressed per
// request); brotli refused by weight gives gzip, nothing asked gives plain JSON; small answers, audio and PDFs are
// sent as they are; a compressed request body is never opened.
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASS_TYPE } from '#shared/domain/constants';
import { buildTestApp, createStudents, type TestApp } from '../test-support.ts';
import { copiedFor, sendKeptJson } from './compression.ts';
import { keepJson } from './kept-json.ts';

let t: TestApp;
let cookie: string;
let webinarHash: string;
beforeAll(async () => {
  t = await buildTestApp();
  cookie = (await createStudents(t, 1, 'zip'))[0]!.cookie;
  // a seat of her own: home is then her copy of the kept answer, made for her request, not the kept one
  const home = (await t.app.inject({ method: 'GET', url: '/api/home' })).json();
  const webinar = home.webinars.data.find((w: { hash: string; typeId: number }) => w.typeId === CLASS_TYPE.LIVE);
  webinarHash = webinar.hash;
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

  it("a student's copy kept while their marks stand is compressed as well as the visitors' answer, once", async () => {
    const visitor = await get('/api/home', 'br');
    const [first, again] = [await get('/api/home', 'br', true), await get('/api/home', 'br', true)];
    expect(first.headers['content-encoding']).toBe('br');
    // her seat is on one row: a few bytes more than the visitors', not a faster, looser compression's fifth more
    expect(first.rawPayload.length).toBeLessThan(visitor.rawPayload.length * 1.05);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
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

  it("a student's classroom to a browser: the kept classroom's head compressed once for every student, their own fields after it", async () => {
    const other = (await createStudents(t, 1, 'zap'))[0]!.cookie;
    const chromium = 'gzip, deflate, br, zstd';
    const as = (who: string, enc: string | null) => t.app.inject({ method: 'GET', url: `/api/class?c=${webinarHash}`, headers: { cookie: who, ...(enc === null ? {} : { 'accept-encoding': enc }) } });
    const [mine, theirs] = [await as(cookie, chromium), await as(other, chromium)];
    for (const [res, plain, seated] of [[mine, await as(cookie, null), true], [theirs, await as(other, null), false]] as const) {
      expect(res.headers['content-encoding']).toBe('gzip');
      // gunzip checks the stream's CRC-32 and length against what it decoded
      const answer = JSON.parse(gunzipSync(res.rawPayload).toString('utf8'));
      expect(answer).toEqual(plain.json());
      expect(answer.studentData).toMatchObject({ status: true, isReserved: seated, hasSeat: seated });
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length * 0.8);
    }
    // the two answers part only at the students' own fields: their compressed bytes begin the same
    expect(mine.rawPayload.subarray(0, 400).equals(theirs.rawPayload.subarray(0, 400))).toBe(true);
    expect(mine.rawPayload.equals(theirs.rawPayload)).toBe(false);
  });

  it('a copy spliced onto its kept answer decodes to its own text wherever the two part, across any character', async () => {
    const app = Fastify();
    const cases: { kept: object; copy: object }[] = [];
    // the copy parts from the kept text at every offset around a head's cut, with letters of two, three and four bytes there
    for (let pad = 500; pad < 720; pad++) {
      const kept = { text: `${'a'.repeat(pad)}é€😀 shared ${'b'.repeat(600)}`, own: '😀 kept' };
      keepJson(kept);
      cases.push({ kept, copy: { ...kept, own: 'ü copy 😀'.repeat(pad % 7) } });
      // the same through the four-byte letter, apart just after it: a cut may fall between its two halves
      cases.push({ kept, copy: { ...kept, text: `${kept.text.slice(0, pad + 4)}Z${kept.text.slice(pad + 5)}` } });
      cases.push({ kept, copy: { ...kept, text: `${kept.text.slice(0, pad + 1)}😀${kept.text.slice(pad + 2)}` } });
    }
    app.get('/:n', async (req, reply) => {
      const { kept, copy } = cases[Number((req.params as { n: string }).n)]!;
      return sendKeptJson(req, reply, copiedFor(copy, kept));
    });
    try {
      let spliced = 0;
      for (let n = 0; n < cases.length; n++) {
        const res = await app.inject({ method: 'GET', url: `/${n}`, headers: { 'accept-encoding': 'gzip, br' } });
        expect(res.headers['content-encoding']).toMatch(/^(gzip|br)$/);
        const bytes = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload) : brotliDecompressSync(res.rawPayload);
        expect(bytes.toString('utf8')).toBe(JSON.stringify(cases[n]!.copy));
        if (res.headers['content-encoding'] === 'gzip') spliced++;
      }
      // every case whose copy parts after the first head's end was spliced; the others were compressed whole
      expect(spliced).toBeGreaterThan(cases.length / 2);
    } finally {
      await app.close();
    }
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
