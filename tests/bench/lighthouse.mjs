// `npm run lighthouse`: Lighthouse mobile (simulated slow 4G) on six screens of the built app and on the bare
// React floor page served by the same server, in one run; reports in test-results/lighthouse/. Never in `npm test`.
//
// LIGHTHOUSE_RUNS and LIGHTHOUSE_PAGES (slugs: home, ondemand, podcasts, webinars, classroom, episode, floor) narrow it.
// Median run by Performance score of RUNS (3) runs per page, taken round-robin (run 1 of every page, then
// run 2, …) so a noisy minute on this shared 2-core machine spreads over all pages instead of one. Runs are
// sequential, each in a fresh headless Chromium, so nothing cached survives from one run to the next.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { formatTable, medianRun, misses, opportunities, summarizeRun } from './lighthouse-summary.mjs';
import { basePort, buildFloorPage, chromiumAt, clientDir, distDir, freePort, root, serverMain, startServer, stop } from './support.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const RETRIES = 2;
const chromePath = chromiumAt('CHROME_PATH');
const outDir = path.join(root, 'test-results', 'lighthouse');
const clientIndex = path.join(clientDir, 'index.html');
const distName = path.relative(root, distDir);
const started = performance.now();

// dist/ (or BENCH_DIST) is measured as it is: others may be serving or testing it, so it is built only when missing
if (!existsSync(serverMain) || !existsSync(clientIndex)) {
  if (process.env.BENCH_DIST) throw new Error(`${distName} has no built client or server: build it first`);
  console.log('dist/ is missing: building it once (npm run build)…');
  if (spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}
const distBuilt = new Date(statSync(clientIndex).mtimeMs).toISOString();
const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
})();
const lighthouseVersion = JSON.parse(readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version;
console.log(`Lighthouse ${lighthouseVersion}, mobile, simulated slow 4G, ${chromePath}; ${distName}/ built ${distBuilt} (run \`npm run build\` first to measure the current sources)`);

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

// the floor, compressed like the app's assets, so the server sends it brotli as it sends the app
const floorDist = buildFloorPage(path.join(outDir, 'floor'));
execFileSync(process.execPath, [path.join(root, 'scripts/compress-assets.mjs'), floorDist], { cwd: root, stdio: 'ignore' });

const servers = [];
try {
  // the app on a fresh data folder (the demo pack is imported at its first start); the floor is the same
  // server program serving the floor's folder instead of the app's, with no content
  const app = await startServer({ port: basePort ?? (await freePort()), env: { DATA_DIR: path.join(outDir, 'data') } });
  servers.push(app.proc);
  const floor = await startServer({ port: basePort ? basePort + 1 : await freePort(), env: { DATA_DIR: path.join(outDir, 'floor-data'), CLIENT_DIR: floorDist, DEMO_PACK: 'none' } });
  servers.push(floor.proc);

  // a classroom and an episode of the demo content, found the way the lists find them
  const getJson = async (p) => {
    const r = await fetch(`${app.base}${p}`);
    if (!r.ok) throw new Error(`GET ${p}: ${r.status}`);
    return r.json();
  };
  const cls = (await getJson('/api/ondemand?page=0')).data?.[0];
  const episode = (await getJson('/api/podcasts?page=0')).data?.[0];
  if (!cls || !episode) throw new Error('the demo content has no on-demand class or no podcast episode');
  const pages = [
    { name: '/home', url: `${app.base}/home` },
    { name: '/ondemand', url: `${app.base}/ondemand` },
    { name: '/podcasts', url: `${app.base}/podcasts` },
    { name: '/webinars', url: `${app.base}/webinars` },
    { name: 'classroom', url: `${app.base}/classroom/${cls.hash}` },
    { name: 'episode', url: `${app.base}/podcast/${episode.podcastShowHash}/${episode.hash}` },
    { name: 'floor (bare React)', url: `${floor.base}/`, floor: true },
  ]
    .map((p) => ({ ...p, slug: p.floor ? 'floor' : p.name.replace(/^\//, '').replace(/\W+/g, '-'), runs: [] }))
    // LIGHTHOUSE_PAGES=home,floor measures those alone (comma-separated slugs), for a quick look at one change
    .filter((p) => !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(',').includes(p.slug));

  const total = RUNS * pages.length;
  let done = 0;
  for (let run = 1; run <= RUNS; run++) {
    for (const page of pages) {
      const t0 = performance.now();
      // others share this machine: the load before each run says how far its TBT can be trusted
      const load = Number(loadavg()[0].toFixed(1));
      let figures;
      // a run Lighthouse itself could not score (its trace without a navigation start, NO_NAVSTART, one run in ten
      // here) is run again, twice at most, so the median is of RUNS scored runs
      for (let attempt = 1; attempt <= 1 + RETRIES && (!figures || figures.runtimeError); attempt++) {
        const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox'] });
        try {
          // no config: Lighthouse's default, the mobile form factor with simulated slow 4G and a 4× CPU slowdown;
          // the full-page screenshot only makes the report bigger, no figure depends on it
          const result = await lighthouse(page.url, { port: chrome.port, output: 'json', logLevel: 'error', skipAudits: ['full-page-screenshot'] });
          if (!result) throw new Error('Lighthouse returned no result');
          writeFileSync(path.join(outDir, `${page.slug}-${run}.json`), result.report);
          figures = { run, load, ...summarizeRun(result.lhr), opportunities: opportunities(result.lhr) };
        } catch (err) {
          figures = { ...summarizeRun({}), run, load, runtimeError: String(err?.message ?? err) };
        } finally {
          await chrome.kill();
        }
        if (figures.runtimeError && attempt <= RETRIES) console.log(`    ${page.name} run ${run}: ${figures.runtimeError}, run again`);
      }
      page.runs.push(figures);
      done++;
      const f = figures;
      const line = f.runtimeError
        ? `failed: ${f.runtimeError}`
        : `Performance ${f.performance}, LCP ${((f.lcpMs ?? NaN) / 1000).toFixed(1)} s, TBT ${Math.round(f.tbtMs ?? NaN)} ms, CLS ${(f.cls ?? NaN).toFixed(3)}; CPU index ${Math.round(f.benchmarkIndex ?? NaN)}, load ${load}`;
      console.log(`[${done}/${total}] ${page.name} run ${run}: ${line} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
      for (const w of f.warnings) console.log(`    warning: ${w}`);
    }
  }

  for (const page of pages) page.median = medianRun(page.runs);
  const summary = {
    date: new Date().toISOString(),
    commit,
    distBuilt,
    lighthouse: lighthouseVersion,
    chromium: chromePath,
    settings: 'default (mobile form factor, simulated slow 4G, 4× CPU slowdown), headless=new',
    method: `median run by Performance score of ${RUNS} runs per page (ties by LCP); all runs are listed`,
    pages: pages.map(({ name, url, slug, floor: isFloor, median, runs }) => ({ name, url, floor: !!isFloor, reports: runs.map((r) => `${slug}-${r.run}.json`), median, misses: isFloor ? [] : misses(median), runs })),
    seconds: Math.round((performance.now() - started) / 1000),
  };
  writeFileSync(path.join(outDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);

  console.log(`\nMedian of ${RUNS} runs by Performance score (${commit ?? 'no commit'}, ${distName}/ built ${distBuilt}):`);
  for (const line of formatTable(pages)) console.log(`  ${line}`);
  const all = pages.flatMap((p) => p.runs);
  const range = (xs) => (xs.length ? `${Math.min(...xs)}–${Math.max(...xs)}` : '—');
  console.log(`  machine over the runs: Lighthouse CPU index ${range(all.map((r) => r.benchmarkIndex).filter(Number.isFinite).map(Math.round))}, 1-minute load ${range(all.map((r) => r.load))} on ${availableParallelism()} cores`);
  if (Math.max(...all.map((r) => r.load)) > availableParallelism()) console.log('  (the machine was busier than its cores during some runs: their TBT and Performance are inflated; compare the CPU index of the runs, or run again when it is quiet)');
  console.log('');
  for (const p of summary.pages.filter((x) => !x.floor)) console.log(`${p.name}: ${p.misses.length ? `misses ${p.misses.join(', ')}` : 'every goal met'}`);
  const top = pages.find((p) => p.name === '/home')?.median?.opportunities ?? [];
  if (top.length) console.log(`/home's biggest opportunities: ${top.map((o) => `${o.title} (${o.savingsMs} ms${o.savingsBytes ? `, ${Math.round(o.savingsBytes / 1024)} KiB` : ''})`).join('; ')}`);
  console.log(`Reports: ${path.relative(root, outDir)}/*.json, summary.json (${summary.seconds} s)`);
} finally {
  for (const proc of servers) await stop(proc);
}
