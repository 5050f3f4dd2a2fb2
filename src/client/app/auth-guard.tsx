// The auth guard of spec §2/§6: an auth route without a stored session redirects to
// /login?rurl=<the full path with its query>. It waits for the stored session to be read first.
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { Loading } from '../components/ui/loading.tsx';
import { paths } from '../config/paths.ts';
import { useIsLoggedIn, useSessionHydrated } from '../features/session/stores/session-store.ts';

export function RequireAuth({ children }: { children: ReactNode }) {
  const hydrated = useSessionHydrated();
  const loggedIn = useIsLoggedIn();
  if (!hydrated) return <Loading />;
  if (!loggedIn) return <Redirect to={paths.login({ rurl: `${window.location.pathname}${window.location.search}` })} replace />;
  return <>{children}</>;
}
