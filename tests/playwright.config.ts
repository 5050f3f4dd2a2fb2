// Browser journeys on Debian's Chromium against the real built server with a fresh data folder.
// A missing browser fails the run: there is no download fallback and no silent skip.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) throw new Error(`Chromium not found at ${chromium}: apt-get install -y chromium (npm test does this when it can).`);

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 4321);
export const dataDir = path.join(root, 'test-results', 'e2e-data');

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(root, 'test-results', 'e2e-artifacts'),
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], browserName: 'chromium' } },
    // the layout-sensitive journeys again at desktop width; the route sweep runs once, on the phone
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 900 } }, grep: /@desktop/ },
  ],
  webServer: {
    // a fresh data folder every run: the demo pack is imported at start, as on a new machine
    command: `rm -rf "${dataDir}" && node dist/server/main.js`,
    cwd: root,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}`, LOG_LEVEL: 'warn', PASSWORD_HASH_COST: '14', RATE_LOGIN_PER_IP: '1000' },
  },
});
