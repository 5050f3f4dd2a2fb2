// Entry point: the styles and React, then the app's start (start.tsx) in a task of its own. Evaluated together, the
// modules of React and of the app were one task of 140-230 ms at a phone's pace, the page's longest once its rows
// are hydrated; apart, each is under half of it (decision 0052). index.html preloads the start's chunk, and a
// prerendered shell names it for shell-boot.js, so it is on its way while React's evaluates.
import 'react';
import 'react-dom/client';
import './styles/app.css';
import './styles/phone-shell.css';
import './styles/lists.css';

// the browser's offer to install may come before the start has run (at once on a page the worker serves): kept for
// it, as shell-boot.js keeps it under a prerendered shell (features/install/install-store.ts)
addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  (window as Window & { __earlyInstallPrompt?: Event }).__earlyInstallPrompt = event;
});

setTimeout(() => void import('./start.tsx'));
