// What `npm run bench` and `npm run lighthouse` share: the bare React floor page, the built server
// started as its own process, a free port, the median. One copy, so both measure the same floor.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
/**
 * The build measured: dist/ (`npm run build`), or another one named by BENCH_DIST (say dist-x, built as the README's
 * parallel-work steps build it), so a run never measures or overwrites a build others are serving
 */
export const distDir = path.resolve(root, process.env.BENCH_DIST ?? 'dist');
export const clientDir = path.join(distDir, 'client');
export const serverMain = path.join(distDir, 'server/main.js');
/** BENCH_PORT: the first of the ports a run may listen on (the next few too); otherwise the OS picks free ones */
export const basePort = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : null;
/**
 * Debian's Chromium, or the one `envName` names: a missing browser stops the run at once, before anything is built or
 * a server started (on a fresh machine the bench otherwise sat silent, its server left running)
 */
export function chromiumAt(envName) {
  const at = process.env[envName] ?? '/usr/bin/chromium';
  if (existsSync(at)) return at;
  console.error(`Chromium is missing at ${at}: \`npm test\` installs it (apt-get install chromium), or set ${envName}.`);
  process.exit(1);
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The floor: a one-line React 19 page built by the same Vite, in `dir` (wiped first); returns its dist folder.
 * Inside the project, so it resolves the same react and react-dom from node_modules. The head has what any
 * real page has (lang, viewport, title, an icon), so Lighthouse grades it on its speed rather than on a missing tag.
 */
export function buildFloorPage(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<meta name="description" content="A bare React page, the floor of the benchmarks."><title>Floor</title>' +
      // no favicon request: the server's 404 for one would cost the floor Best Practices points, not speed
      '<link rel="icon" href="data:,"></head>' +
      '<body><div id="root"></div><script type="module" src="./main.js"></script></body></html>\n',
  );
  writeFileSync(path.join(dir, 'main.js'), "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(createElement('p', null, 'Hello'));\n");
  writeFileSync(path.join(dir, 'vite.config.mjs'), 'export default { logLevel: "error" };\n');
  const out = path.join(dir, 'dist');
  const r = spawnSync('npx', ['vite', 'build', dir, '--config', path.join(dir, 'vite.config.mjs'), '--outDir', out], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the floor page did not build');
  return out;
}

/** a port nobody listens on right now (the OS picks it) */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `node dist/server/main.js` on 127.0.0.1:port with `env` on top of ours, resolved at its first healthy
 * /api/health; `ms` is the time from spawn to that answer (the cold start). Run as node itself, never
 * through npx, so the PID we stop is the server's own.
 */
export async function startServer({ port, env = {} }) {
  const started = performance.now();
  const proc = spawn(process.execPath, [serverMain], { cwd: root, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${port}`, CLIENT_DIR: clientDir, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  let exited = null;
  proc.once('exit', (code) => (exited = code));
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { proc, ms: performance.now() - started, base: `http://127.0.0.1:${port}` };
    } catch {}
    if (exited !== null) throw new Error(`the server exited with ${exited} before answering`);
    if (performance.now() - started > 60_000) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const stop = (proc) => new Promise((r) => (proc.exitCode !== null || proc.signalCode !== null ? r() : (proc.once('exit', r), proc.kill('SIGTERM'))));
