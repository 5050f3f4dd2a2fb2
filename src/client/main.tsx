// Entry point: styles, the install offer's listeners (before React mounts, so an early
// beforeinstallprompt is never missed), then the React app in #root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { captureInstallEvents } from './features/install/install-store.ts';
import './styles/app.css';
import './styles/phone-shell.css';
import './styles/lists.css';
import { App } from './app/app.tsx';

captureInstallEvents();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
