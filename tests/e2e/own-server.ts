// A journey's own app server, which the journey stops and starts again: the truest offline there is (a
// commute tunnel), and the only one that also proves what the server does when it comes back
// (offline-and-audio.md, "Testing the SW"). Each spec that uses one takes its own slot (its port is
// E2E_PORT + 4 + slot), so specs running side by side never share a server or a data folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { test } from '@playwright/test';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { appPort } from './ports.ts';
import { root, serverEntry, serverEnv } from './server-env.ts';

/** the slots in use, one per spec: a new spec takes the next number */
export const OWN_SERVER_SLOTS = { offline: 0, downloads: 1, outbox: 2, license: 3 } as const;

export class OwnServer {
  readonly port: number;
  readonly url: string;
  readonly dataDir: string;
  private child: ChildProcess | null = null;

  constructor(slot: number) {
    this.port = appPort + 4 + slot;
    this.url = `http://localhost:${this.port}`;
    this.dataDir = path.join(root, 'test-results', `e2e-own-data-${this.port}`);
  }

  /** a fresh data folder (the demo pack imported at start), then the server up and answering */
  async startFresh(): Promise<void> {
    rmSync(this.dataDir, { recursive: true, force: true });
    await this.start();
  }

  /** the server on its existing data folder, as after a restart */
  async start(): Promise<void> {
    if (this.child) throw new Error('own server already running');
    const child = spawn(process.execPath, [serverEntry], { cwd: root, env: { ...process.env, ...serverEnv(this.port, this.dataDir) }, stdio: ['ignore', 'inherit', 'inherit'] });
    this.child = child;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`own server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('own server did not answer /api/health within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** the process gone and its port closed: no answer at all, as in a tunnel */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

/**
 * The spec's own server, fresh for its run and stopped after it; the spec's tests use it (baseURL) one after
 * the other (they stop and start it)
 */
export function ownServerFor(slot: number): OwnServer {
  const server = new OwnServer(slot);
  test.use({ baseURL: server.url });
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    await server.startFresh();
  });
  test.afterAll(async () => {
    await server.stop();
  });
  return server;
}
