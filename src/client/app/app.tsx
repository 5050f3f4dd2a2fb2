// The app: server-state provider, session wiring, the page shell, the routes and the navigation effects.
import { lazy, Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient, setUnauthorizedHandler } from '../lib/query-client.ts';
import { useSessionStore } from '../features/session/stores/session-store.ts';
import { PageShell } from './shell/page-shell.tsx';
import { AppRoutes } from './router.tsx';
import { NavigationEffects } from './navigation-effects.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { WhenIdle } from './deferred.tsx';

// registered after the first view is up: the worker and workbox-window are not needed to show it
const PwaUpdatePrompt = lazy(() => import('./pwa-update.tsx'));

// what was seen, read back from the device and kept from now on (docs/decisions/0018): started at once but
// off the first screen's path; a screen shown meanwhile waits for its own answer as it always did
void import('./keep-what-was-seen.ts');

// the server ended the session (expired, revoked): forget it here too, so guarded screens send to /login
setUnauthorizedHandler(() => {
  const session = useSessionStore.getState();
  if (useSessionStore.persist.hasHydrated() && session.hash !== null) session.clearSession();
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <OfflineBanner />
      <PageShell>
        <AppRoutes />
      </PageShell>
      <NavigationEffects />
      <WhenIdle>
        <Suspense fallback={null}>
          <PwaUpdatePrompt />
        </Suspense>
      </WhenIdle>
    </QueryClientProvider>
  );
}
