// The app: server-state provider, session wiring, the page shell, the routes and the navigation effects.
import { lazy, Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient, setUnauthorizedHandler } from '../lib/query-client.ts';
import { firstScreen } from '../lib/first-screen.ts';
import { useSessionStore } from '../features/session/stores/session-store.ts';
import { PageShell } from './shell/page-shell.tsx';
import { AppRoutes } from './router.tsx';
import { NavigationEffects } from './navigation-effects.tsx';
import { later, WhenIdle } from './deferred.tsx';
// with the first screen, not after it: kept answers shown offline must say so from the first paint (seen in
// WebKit: a second without the marker looked like live data)
import { OfflineBanner } from './offline-banner.tsx';

const OutboxStatus = later(() => import('./outbox-status.tsx').then((m) => m.OutboxStatus));

// registered after the first view is up: the worker and workbox-window are not needed to show it
const PwaUpdatePrompt = lazy(() => import('./pwa-update.tsx'));

// what was seen is kept from then on, and read back when CE Pass cannot be reached (docs/decisions/0018): not
// needed to show the first screen, so loaded once it is shown (the cache still holds its answers then); not left
// to an idle moment, which Safari (no requestIdleCallback) gives seconds later
void firstScreen.then(() => import('./keep-what-was-seen.ts'));
// the outbox's wiring (the student, the replays, what an applied action refreshes) the same way: an action the
// student takes before waits for it (lib/outbox), and actions kept from before go once it is wired
void firstScreen.then(() => import('./outbox.ts'));


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
    </QueryClientProvider>
  );
}
