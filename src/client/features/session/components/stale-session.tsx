// An auth screen whose answer has no student data (spec §4: "No student data redirects to /login"): the server
// does not know this device's stored session any more. Forgets it; the auth guard then sends the user to
// /login with this page as rurl.
import { useEffect } from 'react';
import { Loading } from '../../../components/ui/loading.tsx';
import { useSessionStore } from '../stores/session-store.ts';

export function StaleSession() {
  const clearSession = useSessionStore((s) => s.clearSession);
  useEffect(() => {
    clearSession();
  }, [clearSession]);
  return <Loading />;
}
