// Fails when code crosses the layer boundaries of architecture.md:
// client ↛ server, server ↛ client, shared ↛ client/server/npm DOM or Node APIs, sw → shared only.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

// an optional folder argument lets the boundary test run this against a fixture tree
const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const layers = { 'src/client': 'client', 'src/server': 'server', 'src/shared': 'shared', sw: 'sw' };
const allowed = { client: ['client', 'shared'], server: ['server', 'shared'], shared: ['shared'], sw: ['sw', 'shared'] };
const aliases = { '#client/': 'client', '#server/': 'server', '#shared/': 'shared' };

const files = (dir) =>
  readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx|mts)$/.test(n) ? [p] : [];
  });
const layerOf = (abs) => {
  const rel = path.relative(root, abs).split(path.sep).join('/');
  for (const [prefix, layer] of Object.entries(layers)) if (rel === prefix || rel.startsWith(`${prefix}/`)) return layer;
  return null;
};

const problems = [];
let checked = 0;
for (const [prefix, layer] of Object.entries(layers)) {
  const dir = path.join(root, prefix);
  try {
    statSync(dir);
  } catch {
    continue;
  }
  for (const file of files(dir)) {
    checked++;
    const src = readFileSync(file, 'utf8');
    const specs = [...src.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm)].map((m) => m[1] ?? m[2] ?? m[3]);
    for (const spec of specs) {
      let target = null;
      const alias = Object.keys(aliases).find((a) => spec.startsWith(a));
      if (alias) target = aliases[alias];
      else if (spec.startsWith('.')) target = layerOf(path.resolve(path.dirname(file), spec));
      else if (layer === 'shared' && (spec.startsWith('node:') || ['react', 'react-dom', 'fastify', 'kysely'].includes(spec.split('/')[0]))) {
        problems.push(`${path.relative(root, file)}: shared code imports "${spec}" (shared must run anywhere)`);
        continue;
      }
      if (target === null) continue;
      if (!allowed[layer].includes(target)) problems.push(`${path.relative(root, file)}: ${layer} code imports ${target} code ("${spec}")`);
    }
  }
}
if (problems.length) {
  console.error(`Layer boundary violations:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`boundaries ok (${checked} files)`);
