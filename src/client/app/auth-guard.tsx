// The auth guard of spec §2/§6: an auth route without a stored session redirects to
// /login?rurl=<the full path with its query>. It waits for the stored session to be read first. The login screen
// says why it came up (a visitor tapped Take Exam, a session ended): a form alone reads as a wrong turn.
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { LOG_IN_TO_CONTINUE } from '#shared/api/endpoint';
import { Loading } from '../components/ui/loading.tsx';
import { paths } from '../config/paths.ts';
import { showNotice } from '../lib/notice.ts';
import { useIsLoggedIn, useSessionHydrated } from '../features/session/stores/session-store.ts';

function ToLogin() {
  const [, navigate] = useLocation();
  useEffect(() => {
    showNotice(LOG_IN_TO_CONTINUE);
    navigate(paths.login({ rurl: `${window.location.pathname}${window.location.search}` }), { replace: true });
  }, [navigate]);
  return <Loading />;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const hydrated = useSessionHydrated();
  const loggedIn = useIsLoggedIn();
  if (!hydrated) return <Loading />;
  if (!loggedIn) return <ToLogin />;
  return <>{children}</>;
}
