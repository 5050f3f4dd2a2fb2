// The app: server-state provider, session wiring, the page shell, the routes and the navigation effects.
import { lazy, Suspense, useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient, setUnauthorizedHandler } from '../lib/query-client.ts';
import { useSessionStore } from '../features/session/stores/session-store.ts';
import { PageShell } from './shell/page-shell.tsx';
import { AppRoutes } from './router.tsx';
import { NavigationEffects } from './navigation-effects.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { OutboxStatus } from './outbox-status.tsx';
import { WhenIdle } from './deferred.tsx';
import './outbox.ts';

// registered after the first view is up: the worker and workbox-window are not needed to show it
const PwaUpdatePrompt = lazy(() => import('./pwa-update.tsx'));

// what was seen is kept from then on, and read back when CE Pass cannot be reached (docs/decisions/0018): not
// needed to show the first screen, so loaded after it mounts; not left to an idle moment either, which Safari
// (no requestIdleCallback) gives seconds later, and a screen left sooner would not be kept
function KeepWhatWasSeen() {
  useEffect(() => void import('./keep-what-was-seen.ts'), []);
  return null;
}


// the server ended the session (expired, revoked): forget it here too, so guarded screens send to /login
setUnauthorizedHandler(() => {
  const session = useSessionStore.getState();
  if (useSessionStore.persist.hasHydrated() && session.hash !== null) session.clearSession();
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <OfflineBanner />
      <OutboxStatus />
      <PageShell>
        <AppRoutes />
      </PageShell>
      <NavigationEffects />
      <WhenIdle>
        <Suspense fallback={null}>
          <PwaUpdatePrompt />
        </Suspense>
      </WhenIdle>
      <KeepWhatWasSeen />
    </QueryClientProvider>
  );
}
