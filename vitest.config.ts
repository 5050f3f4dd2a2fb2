// Two Vitest projects, one run and one report: `node` for the server, the shared rules and the scripts;
// `client` for the React app in happy-dom with fake-indexeddb (docs/decisions/0008-client-tests-and-error-texts.md).
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string; build?: number | string };

export default defineConfig({
  test: {
    reporters: process.env.VITEST_JSON ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]] : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // each server test file builds its own app and database; they may run side by side
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        // the footer's "version … build …", as vite.config.ts defines them for the real build
        define: { __APP_VERSION__: JSON.stringify(pkg.version), __APP_BUILD__: JSON.stringify(String(pkg.build ?? '')) },
        test: {
          name: 'client',
          include: ['src/client/**/*.test.ts', 'src/client/**/*.test.tsx'],
          environment: 'happy-dom',
          // a page address, so ky's relative /api resolves as it does in the browser
          environmentOptions: { happyDOM: { url: 'http://localhost:8080/' } },
          setupFiles: ['src/client/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          // the client's outbox and transport against the real server in process (tests/outbox): happy-dom for
          // the page (ky's relative /api, IndexedDB by fake-indexeddb), the server's app from buildTestApp
          name: 'outbox',
          include: ['tests/outbox/**/*.test.ts'],
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://localhost:8080/' } },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
