// The build of src/client/prerender.tsx for Node (scripts/prerender-shells.mjs runs it; decision 0024): the
// client's components with the client build's constants, none of its PWA or chunking, npm packages external.
// The server runs it too, at request time, for a visitor's first screen with its rows (decision 0028).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import client from './vite.config.ts';

export default defineConfig({
  // the client build's constants (the version in the footer), from its one definition
  define: client.define,
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
