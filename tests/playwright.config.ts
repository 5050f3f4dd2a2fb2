// Browser journeys on Debian's Chromium against the real built server with a fresh data folder.
// A missing browser fails the run: there is no download fallback and no silent skip.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { appPort, clockAppPort, mailSinkHttpPort, mailSinkUrl, smtpPort } from './e2e/ports.ts';
import { root, serverEntry, serverEnv } from './e2e/server-env.ts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) throw new Error(`Chromium not found at ${chromium}: apt-get install -y chromium (npm test does this when it can).`);

const port = appPort;
// named by port, so two runs on different E2E_PORTs never delete each other's data
export const dataDir = path.join(root, 'test-results', `e2e-data-${port}`);
/** the clock app's data and the file whose milliseconds move its time */
export const clockDataDir = path.join(root, 'test-results', `e2e-clock-data-${port}`);
export const clockOffsetFile = path.join(root, 'test-results', `e2e-clock-offset-${port}`);

/** the built app on `appPort` with a fresh data folder, delivering mail to the journeys' SMTP server */
function appServer(appPort: number, data: string, extraEnv: Record<string, string> = {}, before = '') {
  return {
    command: `${before}rm -rf "${data}" && node ${serverEntry}`,
    cwd: root,
    url: `http://localhost:${appPort}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: serverEnv(appPort, data, extraEnv),
  };
}

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(root, 'test-results', 'e2e-artifacts'),
  fullyParallel: false,
  workers: 2,
  // none by default: a journey that fails, fails. CI (.ci/run) allows one retry, so a 2-core machine's bad minute does
  // not sink a run; a journey that needed it is named at the end of the run as flaky (scripts/test-all.mjs)
  retries: Number(process.env.E2E_RETRIES ?? 0),
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
  webServer: [
    {
      command: 'node --import tsx tests/e2e/mail-sink.ts',
      cwd: root,
      url: `${mailSinkUrl}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { MAIL_SINK_SMTP_PORT: String(smtpPort), MAIL_SINK_HTTP_PORT: String(mailSinkHttpPort) },
    },
    // a fresh data folder every run: the demo pack is imported at start, as on a new machine
    appServer(port, dataDir),
    // the same app on its own data, with a clock the time-moving journey sets (tests/e2e/webinars.spec.ts)
    appServer(clockAppPort, clockDataDir, { CLOCK_OFFSET_FILE: clockOffsetFile }, `mkdir -p "${path.dirname(clockOffsetFile)}" && echo 0 > "${clockOffsetFile}" && `),
  ],
});
