// Bundles the server (src/server/main.ts and the shared code it imports) into dist/server/main.js.
// Node 20 cannot run .ts itself; npm packages stay external and load from node_modules.
// SERVER_OUTFILE builds elsewhere (say dist-search/server/main.js) so parallel work never overwrites dist/.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: process.env.SERVER_OUTFILE ?? 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  // the bundle sits two folders below the project root, as src/server/*.ts does, so relative paths agree
  banner: { js: '// Built by scripts/build-server.mjs. Do not edit.' },
});
console.log(`built ${process.env.SERVER_OUTFILE ?? 'dist/server/main.js'}`);
