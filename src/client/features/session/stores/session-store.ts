// The device's record of who is logged in ({ hash, name, email }), persisted to IndexedDB.
// Writes wait for hydration (offline-and-audio.md §8) so defaults never overwrite the stored session.
import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { idbStorage, whenHydrated } from '../../../lib/persist/idb-storage.ts';
import { parsePersisted, persistedStores, type PersistedSession } from '../../../lib/persist/schema.ts';

const { key, version, schema } = persistedStores.session;

interface SessionActions {
  setSession: (session: PersistedSession) => void;
  clearSession: () => void;
}
export type SessionState = PersistedSession & SessionActions;

const defaults = parsePersisted(schema, {});

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      ...defaults,
      setSession: (session) => set(parsePersisted(schema, session)),
      clearSession: () => set(defaults),
    }),
    {
      name: key,
      version,
      storage: idbStorage(schema),
      partialize: (state): PersistedSession => ({ hash: state.hash, name: state.name, email: state.email }),
      // no migrations yet: an older or newer record is read through the schema's defaults
      migrate: (stored) => parsePersisted(schema, stored) as SessionState,
    },
  ),
);

// Every tab of the app follows a login or logout made in another: the session cookie is the browser's, so a tab
// still showing the last student would read and send as the new one (the outbox's property test found it).
if (typeof BroadcastChannel !== 'undefined') {
  const channel = new BroadcastChannel('cepass-session');
  let fromAnotherTab = false;
  useSessionStore.subscribe((state, before) => {
    if (!fromAnotherTab && useSessionStore.persist.hasHydrated() && state.hash !== before.hash) channel.postMessage({ hash: state.hash, name: state.name, email: state.email });
  });
  channel.onmessage = (event: MessageEvent<unknown>) => {
    fromAnotherTab = true;
    try {
      useSessionStore.setState(parsePersisted(schema, event.data));
    } finally {
      fromAnotherTab = false;
    }
  };
}

const subscribeHydration = (onChange: () => void) => useSessionStore.persist.onFinishHydration(onChange);
const hasHydrated = () => useSessionStore.persist.hasHydrated();

/**
 * true once the stored session has been read; the auth guard waits for it. In Node (the prerender of a visitor's
 * first screen, decision 0048) nothing is stored: read, no one logged in; the client's first render reads its own.
 */
export const useSessionHydrated = (): boolean => useSyncExternalStore(subscribeHydration, hasHydrated, () => true);

/** resolves once hydrated; use before writing from outside React */
export const whenSessionHydrated = (): Promise<void> => whenHydrated(useSessionStore);

export const useIsLoggedIn = (): boolean => useSessionStore((s) => s.hash !== null);

/** the spec's student name: first, (middle,) last joined */
export const studentName = (firstname: string, lastname: string): string => [firstname, lastname].map((p) => p.trim()).filter(Boolean).join(' ');
