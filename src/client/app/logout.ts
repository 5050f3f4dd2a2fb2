// Logging out (spec §2): end the server session, then clear everything of the student's on this device
// (shared clinic tablets): the player stops, the kept answers, stores and gated downloads go, and the app
// returns to /login with a full reload. Lives in app/ because no single feature reaches all of it
// (architecture.md). Offline, the device is cleared all the same.
import { clear as clearIdb } from 'idb-keyval';
import { postLogout } from '#shared/api/session';
import { call, PENDING_LOGOUT_KEY } from '../lib/api.ts';
import { leftKeptAtLogout, outbox, writeLeft } from '../lib/outbox/index.ts';
import { queryClient } from '../lib/query-client.ts';
import { paths } from '../config/paths.ts';
import { INSTALL_RECORD_KEY } from '../features/install/install-store.ts';
import { useNowPlaying, withEngine } from '../features/player/now-playing.ts';
import { clearPlayerStorage } from '../features/player/player-storage.ts';
import { useSessionStore } from '../features/session/stores/session-store.ts';
import { queryPersister } from './keep-what-was-seen.ts';

export const LOGOUT_CONFIRM = 'Are you sure you want to log out?';

export interface LogOutOptions {
  /** also delete downloaded episodes (e-books, gated content, always go) */
  removeDownloads?: boolean;
  /**
   * what becomes of actions not sent yet (lib/outbox): kept on this device for the student's next login (sent
   * only then, never for another student), or discarded; the screen offers to send them first
   */
  unsent?: 'keep' | 'discard';
}

export async function logOut(options: LogOutOptions = {}): Promise<void> {
  // the episode's last heard ranges go to the server while the session still lets them
  if (useNowPlaying.getState().episode) await withEngine((engine) => engine.close()).catch(() => undefined);
  outbox.stop();
  // what is kept is what the student chose to keep: a page view not sent goes with them either way. The session
  // names them: a logout tapped on a cold start can come before the outbox is wired to it (the offline journey)
  const student = useSessionStore.getState().hash;
  await outbox.discardAll(options.unsent === 'discard' ? undefined : (a) => a.disposable === true, student).catch(() => undefined);
  // the server may be unreachable or not ready; the device is cleared either way, and a logout the server did
  // not hear is sent before the next call (lib/api.ts)
  const ended = await call(postLogout, { body: {} }).then(
    () => true,
    () => false,
  );
  await queryPersister.stopAndClear();
  useSessionStore.getState().clearSession();
  queryClient.clear();
  try {
    // the install offer's record belongs to the device, not the student (docs/decisions/0014-install.md)
    const install = localStorage.getItem(INSTALL_RECORD_KEY);
    // what pages left noted (lib/outbox/leaving.ts) is kept as the outbox's actions are: another student's for
    // their login, and the student's own when they chose to keep what was not sent
    const left = leftKeptAtLogout(student, options.unsent !== 'discard');
    localStorage.clear();
    sessionStorage.clear();
    if (install !== null) localStorage.setItem(INSTALL_RECORD_KEY, install);
    writeLeft(left);
    if (!ended) localStorage.setItem(PENDING_LOGOUT_KEY, String(Date.now()));
  } catch {
    // storage may be disabled
  }
  await useSessionStore.persist.clearStorage();
  // gated e-books always go; episodes only when asked (their records keep nothing personal)
  await (await import('../features/downloads/downloads.ts')).removeDownloadsAtLogout({ episodes: options.removeDownloads === true }).catch(() => undefined);
  // the app's key-value store is all the student's (kept answers, the session, Watch Later), and so is the player's
  // (the episode, Up Next, positions); downloads keep their own database (features/downloads), which
  // removeDownloadsAtLogout clears of what is personal
  await clearIdb().catch(() => undefined);
  await clearPlayerStorage();
  // replace: Back from the login screen must not ask again to log out a student who is gone
  window.location.replace(paths.login());
}
