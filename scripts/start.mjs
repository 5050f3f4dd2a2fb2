// `npm start`: build what is missing or out of date, then run the built server.
// A fresh checkout needs nothing but `npm ci` first; the demo content is imported at first start.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const newest = (dir) => {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};
const mtime = (f) => (existsSync(f) ? statSync(f).mtimeMs : 0);
const sources = Math.max(newest(path.join(root, 'src')), newest(path.join(root, 'sw')), newest(path.join(root, 'public')), mtime(path.join(root, 'index.html')), mtime(path.join(root, 'vite.config.ts')), mtime(path.join(root, 'package.json')));
const built = Math.min(mtime(path.join(root, 'dist/client/index.html')), mtime(path.join(root, 'dist/server/main.js')));

if (built === 0 || sources > built) {
  console.log('Building CE Pass (client and server)…');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const port = process.env.PORT ?? '8080';
console.log(`Starting CE Pass on http://localhost:${port} (demo login: demostudent / ce-pass-demo)`);
const server = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
