// The real server as its own process, for the tests that stop, kill or double it (shutdown, crash, two
// servers): started with tsx from the sources, on a port of its own, and ready once /api/health answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSmtpSink, type SmtpSink } from './mail/smtp-sink.ts';

const root = path.resolve(import.meta.dirname, '../..');

export async function startServerProcess(port: number, env: Record<string, string>, opts: { output?: (text: string) => void } = {}): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  // a server already answering there (another test's, another checkout's) would pass for this one
  if (await fetch(`${base}/api/health`).then(() => true, () => false)) throw new Error(`port ${port} is already in use: take one from freePort()`);
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', PUBLIC_URL: base, ...env },
    stdio: ['ignore', opts.output ? 'pipe' : 'ignore', opts.output ? 'pipe' : 'ignore'],
  });
  server.stdout?.on('data', (d: Buffer) => opts.output?.(d.toString()));
  server.stderr?.on('data', (d: Buffer) => opts.output?.(d.toString()));
  const started = Date.now();
  while (!(await fetch(`${base}/api/health`).then((r) => r.ok, () => false))) {
    if (server.exitCode !== null) throw new Error(`the server on ${port} exited with ${server.exitCode}`);
    if (Date.now() - started > 60_000) throw new Error(`the server on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return server;
}

/** a port the system has free now, for a test that starts a server of its own (no fixed ports to collide on) */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * One database for several server processes: a PostgreSQL schema of its own under TEST_DATABASE_URL, else one
 * SQLite file in `dataDir`. `create` before the first server starts, `drop` once the last has stopped, `open` to read
 * it beside them as the servers see it.
 */
export function sharedDatabase(dataDir: string, name: string) {
  const pgBase = process.env.TEST_DATABASE_URL;
  const schema = `${name}_${process.pid}`;
  const url = pgBase ? `${pgBase}${pgBase.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}` : `sqlite:${path.join(dataDir, 'shared.sqlite')}`;
  const admin = async (query: string) => {
    if (!pgBase) return;
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: pgBase });
    await c.connect();
    await c.query(query).finally(() => c.end());
  };
  return {
    dialect: pgBase ? 'PostgreSQL' : 'SQLite',
    url,
    create: () => admin(`create schema ${schema}`),
    drop: () => admin(`drop schema ${schema} cascade`),
    open: async () => (await import('./db/database.ts')).openDatabase(pgBase ? { databaseUrl: url, sqlitePath: '' } : { databaseUrl: null, sqlitePath: url.slice('sqlite:'.length) }),
  };
}

/** an `output` for startServerProcess that keeps the lines logged at level error or above (pino: 50 and 60) */
export const errorLines = (into: string[]) => (text: string) => void into.push(...text.split('\n').filter((line) => /"level":(50|60)/.test(line)));

export interface TwoServers {
  /** each server's address; both are told the first as PUBLIC_URL, as behind one load balancer */
  bases: string[];
  database: ReturnType<typeof sharedDatabase>;
  sink: SmtpSink;
  /** what each process logged at level error or above */
  errors: string[][];
  /** both servers' time: now + the milliseconds written here (they read it at most every 250 ms) */
  moveTo(serverTime: number): void;
  close(): Promise<void>;
}

/**
 * Two real server processes on one database (sharedDatabase), one SMTP sink and one clock file, their periodic jobs
 * every `jobsMs`; started one after the other, so the first migrates and imports the demo and the second finds it done.
 */
export async function startTwoServers(opts: { name: string; jobsMs: number; ports?: [number, number]; env?: Record<string, string> }): Promise<TwoServers> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `ce-pass-${opts.name}-`));
  const clockFile = path.join(dataDir, 'clock-offset');
  writeFileSync(clockFile, '0');
  const database = sharedDatabase(dataDir, opts.name);
  await database.create();
  const sink = await startSmtpSink();
  const ports = opts.ports ?? [await freePort(), await freePort()];
  while (ports[1] === ports[0]) ports[1] = await freePort();
  const bases = ports.map((p) => `http://127.0.0.1:${p}`);
  const errors: string[][] = [[], []];
  const servers: ChildProcess[] = [];
  const env = { DATA_DIR: dataDir, DATABASE_URL: database.url, PUBLIC_URL: bases[0]!, SMTP_URL: sink.url, PASSWORD_HASH_COST: '10', CLOCK_OFFSET_FILE: clockFile, JOBS_INTERVAL_MS: String(opts.jobsMs), LOG_LEVEL: 'error', ...opts.env };
  for (const [n, port] of ports.entries()) servers.push(await startServerProcess(port, env, { output: errorLines(errors[n]!) }));
  return {
    bases,
    database,
    sink,
    errors,
    moveTo: (serverTime) => writeFileSync(clockFile, String(serverTime - Date.now())),
    close: async () => {
      for (const s of servers) s.kill('SIGKILL');
      await sink.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
