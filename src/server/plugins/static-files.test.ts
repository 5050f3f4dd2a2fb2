// The e-book gate as a caller sees it: every spelling of a gated PDF's URL that reaches the file is
// refused to a visitor and served to a student; spellings that reach no file give nobody the PDF.
// Over a real socket: inject() would tidy '/./' and '../' away before the server ever saw them.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createStudents, type TestApp } from '../test-support.ts';
import { mediaFileOf } from './media.ts';

let t: TestApp;
let cookie: string;
let port: number;
// the demo pack's first e-book (content/demo/pack.json)
const BOOK = 'pdf/ebooks/chairside-caries-risk-guide.pdf';
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  cookie = (await createStudents(t, 1, 'ebook'))[0]!.cookie;
  // the test is about this file: make sure it is an e-book of the demo pack
  expect(await t.database.db.selectFrom('ebooks').select('pdf').where('pdf', '=', BOOK).executeTakeFirst()).toEqual({ pdf: BOOK });
});
afterAll(async () => t?.close());

interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  rawPayload: Buffer;
}
/** the path goes on the wire exactly as written */
const fetchAs = (path: string, who: 'visitor' | 'student', method: 'GET' | 'HEAD' = 'GET') =>
  new Promise<Answer>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: who === 'student' ? { cookie } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, rawPayload: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
const isThePdf = (res: Answer) => res.statusCode === 200 && res.rawPayload.subarray(0, 5).toString() === '%PDF-';

/** spellings that @fastify/static resolves to the e-book's file */
const servedSpellings = [
  `/media/${BOOK}`,
  `/media/./${BOOK}`,
  `/media//${BOOK}`,
  `/media/pdf//ebooks/chairside-caries-risk-guide.pdf`,
  `/media/pdf/classes/../ebooks/chairside-caries-risk-guide.pdf`,
  `/media/pdf/ebooks/./chairside-caries-risk-guide.pdf`,
  `/media/pdf/ebooks/%2e/chairside-caries-risk-guide.pdf`,
  `/media/pdf/classes/%2e%2e/ebooks/chairside-caries-risk-guide.pdf`,
  `/media/pdf/classes/%2E%2E/ebooks/chairside-caries-risk-guide.pdf`,
  `/media/pdf/ebooks/chairside-caries-risk-guide.%70df`,
  `/media/pdf/ebooks/chairside-caries-risk-guide%2Epdf`,
  `/media/%70df/%65books/chairside-caries-risk-guide.pdf`,
  `/media/pdf/ebooks/%63%68airside-caries-risk-guide.pdf`,
  `/media/${BOOK}?download=1`,
  `/media/./pdf/./ebooks/../ebooks/chairside-caries-risk-guide.%50%44%46`.replace('%50%44%46', 'pdf'),
];

/** spellings that reach no file on this disk (wrong case, outside the media route, climbing out of it) */
const unservedSpellings = [
  `/media/pdf/ebooks/chairside-caries-risk-guide.PDF`,
  `/media/PDF/ebooks/Chairside-Caries-Risk-Guide.Pdf`,
  `/media/pdf/ebooks/chairside-caries-risk-guide.%50DF`,
  `/./media/${BOOK}`,
  `//media/${BOOK}`,
  `/MEDIA/${BOOK}`,
  `/Media/${BOOK}`,
  `/%6Dedia/${BOOK}`,
  `/media/../media/${BOOK}`,
  `/media/%2e%2e/media/${BOOK}`,
  `/x/../media/${BOOK}`,
  `/media/${BOOK}/`,
];

describe('the e-book gate', () => {
  it.each(servedSpellings)('%s: a visitor is sent to log in, a student gets the PDF', async (url) => {
    const visitor = await fetchAs(url, 'visitor');
    expect(isThePdf(visitor)).toBe(false);
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe('/login?rurl=%2Febooks');
    expect((await fetchAs(url, 'visitor', 'HEAD')).statusCode).toBe(302);
    const student = await fetchAs(url, 'student');
    expect(student.statusCode).toBe(200);
    expect(isThePdf(student)).toBe(true);
    expect(student.headers['cache-control']).toBe('private, max-age=86400');
  });

  it.each(unservedSpellings)('%s: nobody gets the PDF', async (url) => {
    const visitor = await fetchAs(url, 'visitor');
    expect(isThePdf(visitor)).toBe(false);
    expect(visitor.statusCode).not.toBe(200);
    expect(visitor.rawPayload.includes('%PDF-')).toBe(false);
    expect(isThePdf(await fetchAs(url, 'student'))).toBe(false);
  });

  it('judges a wrongly-cased name as the e-book, as a case-insensitive disk would serve it', async () => {
    const visitor = await fetchAs(`/media/pdf/ebooks/Chairside-Caries-Risk-Guide.PDF`, 'visitor');
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe('/login?rurl=%2Febooks');
  });

  it('still serves a course PDF, which is not an e-book, to anyone', async () => {
    const course = await t.database.db.selectFrom('classes').select('pdfFile').where('pdfFile', 'is not', null).executeTakeFirstOrThrow();
    for (const url of [`/media/${course.pdfFile}`, `/media/./${course.pdfFile!.replace(/\.pdf$/, '.%70df')}`]) {
      const visitor = await fetchAs(url, 'visitor');
      expect(visitor.statusCode).toBe(200);
      expect(isThePdf(visitor)).toBe(true);
    }
  });

  it('names the file the media route serves for a URL', () => {
    expect(mediaFileOf(`/media/pdf/classes/%2e%2e/ebooks/x.%70df?y=1`)).toBe('pdf/ebooks/x.pdf');
    expect(mediaFileOf(`/media//a//b/./c.pdf`)).toBe('a/b/c.pdf');
    expect(mediaFileOf(`/media/../secret.pdf`)).toBeNull();
    expect(mediaFileOf(`/media/%E0%A4%A.pdf`)).toBeNull();
    expect(mediaFileOf(`//media/a.pdf`)).toBeNull();
  });
});
