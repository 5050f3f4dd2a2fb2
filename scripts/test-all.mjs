// `npm test`: type check, boundary check, unit and route tests, build, browser journeys.
// Installs Debian's Chromium first when it is missing and we can (root + apt); a missing browser fails.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`);
    return false;
  }
  return run('installing Debian Chromium', 'sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null']) && existsSync(CHROMIUM);
}

// `failures` names each failed test, so the last lines of a long run (all a CI page may show) say which one failed
const counts = { passed: 0, failed: 0, failures: [], flaky: [] };
function readVitest(file) {
  if (!existsSync(file)) return false;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += r.numPassedTests;
  counts.failed += r.numFailedTests;
  for (const f of r.testResults ?? []) {
    for (const t of f.assertionResults ?? []) if (t.status === 'failed') counts.failures.push(`${path.relative(root, f.name)} › ${t.fullName}`);
  }
  return true;
}
function readPlaywright(file) {
  if (!existsSync(file)) return false;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const s = report.stats;
  counts.passed += s.expected + (s.flaky ?? 0);
  counts.failed += s.unexpected;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const name = `${spec.file} › [${t.projectName}] ${[...titles, spec.title].join(' › ')}`;
        if (t.status === 'unexpected') counts.failures.push(name);
        if (t.status === 'flaky') counts.flaky.push(name);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []); // a file's suite: its title is the file
  return true;
}

let ok = true;
const step = (passed, what) => {
  if (!passed) {
    ok = false;
    counts.failed += 1;
    counts.failures.push(what);
    console.error(`✗ ${what} failed`);
  }
  return passed;
};

step(ensureChromium(), 'Chromium');
step(run('type check', 'npm', ['run', '--silent', 'typecheck']), 'type check');
step(run('layer boundaries', 'node', ['scripts/check-boundaries.mjs']), 'boundary check');
const vitestJson = path.join(results, 'vitest.json');
const unitOk = run('unit and route tests (SQLite)', 'npx', ['vitest', 'run'], { VITEST_JSON: vitestJson });
let before = counts.failed;
if (!readVitest(vitestJson)) step(false, 'unit tests (no report)');
// a run that failed with no failed test in its report (a crash after the report) is still a failure, counted
else if (!unitOk) step(counts.failed > before, 'unit tests (exited with an error)');
if (step(run('build', 'npm', ['run', '--silent', 'build']), 'build') && existsSync(CHROMIUM)) {
  const pwJson = path.join(results, 'playwright.json');
  const e2eOk = run('browser journeys (Chromium, built server, fresh data folder)', 'npx', ['playwright', 'test', '-c', 'tests/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
  before = counts.failed;
  if (!readPlaywright(pwJson)) step(false, 'browser journeys (no report)');
  // a webServer that could not start (a port in use) writes a report with no test in it: never a pass
  else if (!e2eOk) step(counts.failed > before, 'browser journeys (exited with an error)');
}
writeFileSync(path.join(results, 'summary.json'), JSON.stringify(counts));
console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed`);
for (const name of counts.failures) console.log(`  ✗ ${name}`);
for (const name of counts.flaky) console.log(`  ⚠ flaky (failed, then passed on its retry): ${name}`);
process.exit(ok && counts.failed === 0 ? 0 : 1);
