// Graceful shutdown (issue 18), on the real server process: SIGTERM lets the request in flight finish with its
// answer, refuses new ones, stops the timers and closes the database (SQLite's WAL is checkpointed and removed
// only when the last connection closes cleanly), and the process ends by itself with code 0.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort, startServerProcess } from './server-process.test-support.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ce-pass-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('SIGTERM: the request in flight is answered, new ones are refused, the database is closed, exit 0', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let log = '';
  // the default password cost (scrypt 2^17): a login takes a few hundred ms, long enough to be in flight
  const server = await startServerProcess(port, { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' }, { output: (text) => (log += text) });
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  try {
    const login = fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ u: 'demostudent', p: 'ce-pass-demo' }) }).then(async (r) => ({
      status: r.status,
      cookie: r.headers.get('set-cookie') ?? '',
      at: Date.now(),
    }));
    await new Promise((r) => setTimeout(r, 40));
    const termAt = Date.now();
    server.kill('SIGTERM');
    // (a busy machine may take a while to deliver the signal: the late request goes once the server says it stops)
    for (let waited = 0; !log.includes('shutting down') && waited < 10_000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    expect(log).toContain('shutting down');
    const late = await fetch(`${base}/api/health`).then((r) => r.status, () => 'refused' as const);

    const answer = await login;
    expect(answer.at, 'the login was still in flight when SIGTERM came').toBeGreaterThan(termAt);
    expect(answer.status).toBe(200);
    expect(answer.cookie).toMatch(/^sid=/);
    expect([503, 'refused']).toContain(late);

    const code = await Promise.race([exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 15_000))]);
    expect(code, log).toBe(0);
    const wal = path.join(dataDir, 'ce-pass.sqlite-wal');
    expect(existsSync(wal) ? statSync(wal).size : 0, 'the WAL left behind: the database was not closed').toBe(0);
  } finally {
    if (server.exitCode === null) server.kill('SIGKILL');
  }
}, 90_000);
