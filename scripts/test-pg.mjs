// `npm run test:pg`: the server suite (and the outbox's property test) against PostgreSQL, so the two dialects never drift apart.
// Needs TEST_DATABASE_URL (or DATABASE_URL) naming a database it may create schemas in; fails without one.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!url || !url.startsWith('postgres')) {
  console.error('test:pg needs TEST_DATABASE_URL=postgres://user:pass@host/db (see .ci/run for a local cluster).');
  process.exit(1);
}
try {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query('select version()');
  await client.end();
  console.log(`PostgreSQL: ${rows[0].version.split(',')[0]}`);
} catch (err) {
  console.error(`test:pg cannot reach PostgreSQL at ${url.replace(/:[^:@/]+@/, ':***@')}: ${err.message}`);
  process.exit(1);
}
const out = process.env.VITEST_JSON ?? path.join(root, 'test-results', 'vitest-pg.json');
// the server's tests, and the outbox's property test, whose client sends to the server in process (tests/outbox)
const r = spawnSync('npx', ['vitest', 'run', 'src/server', 'tests/outbox'], { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url, VITEST_JSON: out } });
process.exit(r.status ?? 1);
