// The app's start (loaded by main.tsx, in a task after React's evaluation): the install offer's listeners, then the
// React app in #root. Over a prerendered shell (decision 0024; src/client/shell-boot.js, served as /shell-boot.js,
// loads the entry once the shell has painted), the screen it names is loaded first, so React's first commit shows
// the same heading and skeleton, not the route's loading fallback. A visitor's shell may hold the screen's first rows
// too (decision 0028): their answers come in the page, and are in the query cache before that first render, so it
// shows the same rows and asks for nothing; React then takes over the page's own elements (hydrateRoot, decision 0051).
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { captureInstallEvents } from './features/install/install-store.ts';
import { App } from './app/app.tsx';
import { preloadScreen } from './app/router.tsx';
import { useSessionStore, whenSessionHydrated } from './features/session/stores/session-store.ts';
import { queryClient } from './lib/query-client.ts';
import { within } from './lib/within.ts';
import { startHydrating } from './lib/hydration.ts';

/** how long the page's rows stay as they are for the stored session's read (IndexedDB: a few ms when well) */
const SESSION_READ_WAIT_MS = 300;

captureInstallEvents();

const root = document.getElementById('root')!;
const firstAnswers = document.getElementById('first-answers')?.textContent;
if (firstAnswers) for (const [key, data] of JSON.parse(firstAnswers) as [unknown[], unknown][]) queryClient.setQueryData(key, data);
// a chunk that fails to load is the route error boundary's to show, as without a shell
const screenReady = root.dataset.screen ? preloadScreen(root.dataset.screen).catch(() => undefined) : null;
// rows rendered for a visitor (home's wait for the stored session too): the first commit shows the same rows once
// the device's session is read, not a skeleton over them in between (decision 0048); a slow read shows the skeleton
const sessionRead = firstAnswers ? within(whenSessionHydrated(), SESSION_READ_WAIT_MS) : null;

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A visitor's rows from the server, on a device with nobody stored: the app's first render is that markup (the
// server rendered it as a visitor, and what it cannot know of the device waits for the render after:
// lib/hydration.ts), so React takes over the page's own elements instead of replacing them, and the browser has
// no new page to style and lay out (decision 0051). A student's device, or a read not done in time, renders anew.
const hydrates = () => firstAnswers !== undefined && useSessionStore.persist.hasHydrated() && useSessionStore.getState().hash === null;

// over a shell, the first screen is already on view: React renders in slices (a transition), so no long task
// holds the page while it takes over or replaces the shell's markup (TBT, quality-bars.md)
if (screenReady)
  void Promise.all([screenReady, sessionRead]).then(() =>
    startTransition(() => {
      if (hydrates()) {
        startHydrating();
        hydrateRoot(root, app);
      } else createRoot(root).render(app);
    }),
  );
else createRoot(root).render(app);
