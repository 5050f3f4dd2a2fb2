// After the client build: brotli and gzip copies of every text asset, so @fastify/static
// (preCompressed) sends a phone the small file without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// another built folder may be named (npm run lighthouse compresses its floor page the same way)
const dir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist', 'client'));
const walk = (d) => readdirSync(d).flatMap((n) => (statSync(path.join(d, n)).isDirectory() ? walk(path.join(d, n)) : [path.join(d, n)]));
let raw = 0;
let br = 0;
let count = 0;
for (const file of walk(dir)) {
  if (!/\.(js|css|html|svg|webmanifest|json)$/.test(file)) continue;
  const body = readFileSync(file);
  if (body.length < 1024) continue;
  const b = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  writeFileSync(`${file}.br`, b);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  raw += body.length;
  br += b.length;
  count++;
}
console.log(`compressed ${count} assets: ${(raw / 1024).toFixed(1)} KiB → ${(br / 1024).toFixed(1)} KiB brotli`);
