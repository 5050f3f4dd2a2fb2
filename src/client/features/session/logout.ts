// Logging out (spec §2): end the server session, clear every per-user store on this device
// (shared clinic tablets), and return to /login with a full reload.
import { clear as clearIdb } from 'idb-keyval';
import { postLogout } from '#shared/api/session';
import { call } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { paths } from '../../config/paths.ts';
import { INSTALL_RECORD_KEY } from '../install/install-store.ts';
import { useSessionStore } from './stores/session-store.ts';

export const LOGOUT_CONFIRM = 'Are you sure you want to log out?';

export interface LogOutOptions {
  /** also delete downloaded episodes (e-books, gated content, always go) */
  removeDownloads?: boolean;
}

export async function logOut(_options: LogOutOptions = {}): Promise<void> {
  // the server may be unreachable or not ready; the device is cleared either way
  await call(postLogout, { body: {} }).catch(() => undefined);
  useSessionStore.getState().clearSession();
  queryClient.clear();
  try {
    // the install offer's record belongs to the device, not the student (docs/decisions/0014-install.md)
    const install = localStorage.getItem(INSTALL_RECORD_KEY);
    localStorage.clear();
    sessionStorage.clear();
    if (install !== null) localStorage.setItem(INSTALL_RECORD_KEY, install);
  } catch {
    // storage may be disabled
  }
  await useSessionStore.persist.clearStorage();
  await clearIdb().catch(() => undefined);
  window.location.assign(paths.login());
}
