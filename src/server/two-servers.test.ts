// Several servers on one database (issue 18): two real server processes share one database (PostgreSQL in
// `npm run test:pg`, one SQLite file in `npm test`), as they would behind a load balancer with no sticky
// sessions. A session made on one works on the other and a logout on one ends it on both; an Idempotency-Key
// used on one is answered with the first answer on the other; a student's writes per minute are one limit
// across both; and mail committed by either is delivered exactly once although both deliver.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from './mail/smtp-sink.ts';
import { startServerProcess } from './server-process.test-support.ts';
import { registrationForm } from './test-support.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ce-pass-two-'));
const pgBase = process.env.TEST_DATABASE_URL;
const schema = `two_${process.pid}`;
const databaseUrl = pgBase ? `${pgBase}${pgBase.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}` : `sqlite:${path.join(dataDir, 'shared.sqlite')}`;
const LIMIT = 10;
const ports = [45_000 + (process.pid % 1000) * 2, 45_001 + (process.pid % 1000) * 2];
const bases = ports.map((p) => `http://127.0.0.1:${p}`);

const admin = async (query: string) => {
  const c = new pg.Client({ connectionString: pgBase });
  await c.connect();
  await c.query(query).finally(() => c.end());
};

let sink: SmtpSink;
const servers: ChildProcess[] = [];

// (one PUBLIC_URL for both, as behind one load balancer: the Origin check and links name it)
const start = (port: number) =>
  startServerProcess(port, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PUBLIC_URL: bases[0]!, SMTP_URL: sink.url, PASSWORD_HASH_COST: '10', RATE_WRITES_PER_STUDENT: String(LIMIT) });

beforeAll(async () => {
  if (pgBase) await admin(`create schema ${schema}`);
  sink = await startSmtpSink();
  // one after the other: the first migrates and imports the demo, the second finds it done
  servers.push(await start(ports[0]!));
  servers.push(await start(ports[1]!));
}, 120_000);
afterAll(async () => {
  for (const s of servers) s.kill('SIGKILL');
  await sink?.close();
  if (pgBase) await admin(`drop schema ${schema} cascade`);
  rmSync(dataDir, { recursive: true, force: true });
});

const call = (server: 0 | 1, url: string, init: { body?: unknown; cookie?: string; key?: string } = {}) =>
  fetch(`${bases[server]}/api/${url}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json', origin: bases[0]! }), ...(init.cookie ? { cookie: init.cookie } : {}), ...(init.key ? { 'idempotency-key': init.key } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

async function student(n: string, on: 0 | 1) {
  const form = registrationForm(n);
  expect((await call(on, 'register', { body: form })).status).toBe(200);
  const login = await call(on, 'login', { body: { u: form.username, p: form.password } });
  expect(login.status).toBe(200);
  const { hash } = (await login.json()) as { hash: string };
  return { hash, email: form.email, cookie: /^(sid=[^;]*)/.exec(login.headers.get('set-cookie') ?? '')![1]! };
}

it(`${pgBase ? 'PostgreSQL' : 'SQLite'}: a session, a key and a write limit hold across two server processes, and mail goes out once`, async () => {
  // a session made on one is good on the other; a logout on the other ends it everywhere
  const a = await student('twoa', 0);
  expect((await call(1, `student?s=${a.hash}`, { cookie: a.cookie })).status).toBe(200);

  // a key used on one is answered by the other with the first answer, applied once
  const key = '6f1c1c5e-4a43-4a7c-9d53-2d5b8a1e0c11';
  const add = { c: 'air-polishing-biofilm-removal', s: a.hash, at: Date.now() };
  const first = await call(0, 'queue-add', { body: add, cookie: a.cookie, key });
  const again = await call(1, 'queue-add', { body: add, cookie: a.cookie, key });
  expect(first.status).toBe(200);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(await again.text()).toBe(await first.text());

  // one limit of writes per minute for a student, whichever server takes them
  const b = await student('twob', 1);
  const statuses: number[] = [];
  for (let i = 0; i < LIMIT + 2; i++) statuses.push((await call((i % 2) as 0 | 1, 'hide-agd-reminder', { body: { s: b.hash }, cookie: b.cookie })).status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
  expect(statuses.slice(LIMIT)).toEqual([429, 429]);

  expect((await call(1, 'logout', { body: {}, cookie: a.cookie })).status).toBe(200);
  expect((await call(0, `student?s=${a.hash}`, { cookie: a.cookie })).status).toBe(401);

  // welcome mail committed on either server: each delivered once, though both servers deliver the outbox
  const more = await Promise.all([0, 1, 0, 1].map((on, i) => student(`twom${i}`, on as 0 | 1)));
  const welcomed = [a, b, ...more].map((s) => s.email);
  for (const to of welcomed) await sink.waitFor((m) => m.to === to, 20_000);
  await new Promise((r) => setTimeout(r, 1500));
  const delivered = sink.messages.filter((m) => welcomed.includes(m.to)).map((m) => m.to);
  expect(delivered.sort()).toEqual([...welcomed].sort());
}, 120_000);
