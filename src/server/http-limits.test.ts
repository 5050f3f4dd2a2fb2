// What only real HTTP shows (issue 18): the authorization matrix and the generated bad input go through Fastify's
// inject, which has no socket, no header parser and no clock between bytes. Here the real server process gets
// oversized headers (431), oversized bodies, declared or streamed (413), and requests that stall half-sent, which
// must not hold it: everyone else is still answered at once. No answer is a 5xx. Run once, on SQLite: nothing
// here depends on the database (`npm run test:pg` skips it).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess } from './server-process.test-support.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ce-pass-http-'));
let port = 0;
let server: ChildProcess | undefined;
/** every status the server answered in this file */
const statuses: number[] = [];

/** sends the bytes as they are, then answers the status of the first response line (0 if the socket closed without one) */
function raw(bytes: string | (string | Buffer)[], opts: { keepOpen?: boolean } = {}): Promise<{ status: number; head: string; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let got = '';
    const done = () => {
      const m = /^HTTP\/1\.1 (\d{3})/.exec(got);
      const status = m ? Number(m[1]) : 0;
      if (status) statuses.push(status);
      if (!opts.keepOpen) socket.destroy();
      resolve({ status, head: got.split('\r\n\r\n')[0]!, socket });
    };
    socket.on('data', (d) => {
      got += d.toString('latin1');
      if (got.includes('\r\n\r\n')) done();
    });
    socket.on('close', done);
    socket.on('error', (err) => ((err as NodeJS.ErrnoException).code === 'ECONNRESET' ? done() : reject(err)));
    for (const part of [bytes].flat()) socket.write(part);
  });
}

const request = (lines: string[], body = '') => `${lines.join('\r\n')}\r\n\r\n${body}`;
const post = (pathname: string, headers: string[]) => [`POST ${pathname} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Content-Type: application/json', `Origin: http://127.0.0.1:${port}`, ...headers];

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('real HTTP limits of the server process', () => {
  beforeAll(async () => {
    port = await freePort();
    server = await startServerProcess(port, { DATA_DIR: dataDir, PASSWORD_HASH_COST: '10' });
  }, 60_000);
  afterAll(() => {
    server?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('oversized headers and request lines: 431, and the server goes on', async () => {
    const big = 'a'.repeat(32 * 1024);
    expect((await raw(request(['GET /api/health HTTP/1.1', 'Host: x', `X-Padding: ${big}`]))).status).toBe(431);
    expect((await raw(request([`GET /api/search?q=${big} HTTP/1.1`, 'Host: x']))).status).toBe(431);
    const many = Array.from({ length: 2000 }, (_, i) => `X-H${i}: ${'b'.repeat(20)}`);
    expect((await raw(request(['GET /api/health HTTP/1.1', 'Host: x', ...many]))).status).toBe(431);
    expect((await raw(request(['GET /api/health HTTP/1.1', 'Host: x']))).status).toBe(200);
  });

  it('oversized bodies: 413 in the error shape, whether declared, streamed in chunks or lying about their length', async () => {
    const body = JSON.stringify({ u: 'x'.repeat(100 * 1024), p: 'y' });
    // declared: refused from its Content-Length, before the body is read
    const declared = await raw(request([...post('/api/login', [`Content-Length: ${Buffer.byteLength(body)}`])], body));
    expect(declared.status).toBe(413);
    expect(declared.head).toMatch(/content-type: application\/json/i);
    // a Content-Length of 50 MB with a few bytes sent: refused at once, not after waiting for the rest
    const claimed = await raw(request([...post('/api/login', ['Content-Length: 52428800'])], '{"u":"a"'));
    expect(claimed.status).toBe(413);
    // chunked, no length: refused once the bytes read pass the limit
    const chunk = (s: string) => `${Buffer.byteLength(s).toString(16)}\r\n${s}\r\n`;
    const parts = Array.from({ length: 20 }, (_, i) => chunk(i === 0 ? `{"u":"${'z'.repeat(8 * 1024)}` : 'z'.repeat(8 * 1024)));
    const chunked = await raw([request(post('/api/login', ['Transfer-Encoding: chunked'])), ...parts.map((p) => Buffer.from(p))]);
    expect(chunked.status).toBe(413);
    // a fetch as a browser would send it, to a route that takes a body: the same
    const res = await fetch(`http://127.0.0.1:${port}/api/support`, { method: 'POST', headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` }, body });
    statuses.push(res.status);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { status: boolean }).status).toBe(false);
  });

  it('requests stalled half-sent do not hold the server: others are answered at once meanwhile', async () => {
    const stalled: Socket[] = [];
    // 30 that never finish their headers, 30 that promise a body and send a tenth of it
    for (let i = 0; i < 30; i++) {
      const headersOnly = connect(port, '127.0.0.1');
      headersOnly.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `);
      const partBody = connect(port, '127.0.0.1');
      partBody.write(request(post('/api/login', ['Content-Length: 100']), '{"u":"slo'));
      stalled.push(headersOnly, partBody);
    }
    try {
      await new Promise((r) => setTimeout(r, 300));
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => fetch(`http://127.0.0.1:${port}/api/${i % 2 ? 'health' : 'home'}`).then((r) => (statuses.push(r.status), r.status))),
      );
      const took = Date.now() - started;
      expect(answers.every((s) => s === 200)).toBe(true);
      // a generous bound for a busy 2-core machine; a held server would wait for the request timeout (30 s)
      expect(took).toBeLessThan(5000);
      // and the stalled ones are still open, not dropped to make room: the server only stops waiting at its timeouts
      expect(stalled.filter((s) => !s.destroyed)).toHaveLength(stalled.length);
    } finally {
      for (const s of stalled) s.destroy();
    }
  });

  it('no answer of this file was a 5xx', () => {
    expect(statuses.length).toBeGreaterThan(45);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });
});
