// The build of src/client/prerender.tsx for Node (scripts/prerender-shells.mjs runs it; decision 0024): the
// client's components with the client build's constants, none of its PWA or chunking, npm packages external.
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string; build?: number | string };

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
    __APP_BUILD__: JSON.stringify(String(pkg.build ?? '')),
  },
  plugins: [
    react(),
    {
      // the update prompt waits for an idle moment after the first screen, so the prerender never renders it;
      // vite-plugin-pwa's module exists only in the client build
      name: 'no-pwa-register',
      resolveId: (id) => (id === 'virtual:pwa-register/react' ? '\0no-pwa-register' : null),
      load: (id) => (id === '\0no-pwa-register' ? 'export function useRegisterSW() { throw new Error("no service worker at build time"); }' : null),
    },
  ],
  logLevel: 'warn',
  publicDir: false,
  build: {
    ssr: 'src/client/prerender.tsx',
    outDir: 'dist/prerender',
    emptyOutDir: true,
    // no CSS is written for Node; the shells link the client build's own
    cssCodeSplit: false,
  },
});
