// A zustand `persist` storage on IndexedDB (idb-keyval) that validates what it reads with the store's
// valibot schema. Any IndexedDB failure (private mode, quota) degrades to "nothing stored".
import { del, get, set, type UseStore } from 'idb-keyval';
import type { PersistStorage, StorageValue } from 'zustand/middleware';
import type * as v from 'valibot';
import { parsePersisted } from './schema.ts';

/** every write still on its way to IndexedDB, so a caller can wait until what it stored would survive a reload */
let writes: Promise<unknown> = Promise.resolve();
export const storageSettled = (): Promise<unknown> => writes;

/** `store`: an idb-keyval database of its own instead of the app's shared one (which logout clears whole) */
export const idbStorage = <S extends v.GenericSchema>(schema: S, store?: UseStore): PersistStorage<v.InferOutput<S>> => ({
  async getItem(name) {
    try {
      const stored = (await get(name, store)) as StorageValue<unknown> | undefined;
      if (!stored || typeof stored !== 'object') return null;
      return { state: parsePersisted(schema, stored.state), version: stored.version };
    } catch {
      return null;
    }
  },
  async setItem(name, value) {
    // the session still works for this tab if IndexedDB refuses; it just will not survive a restart
    const write = set(name, value, store).catch(() => undefined);
    writes = Promise.all([writes, write]);
    await write;
  },
  async removeItem(name) {
    try {
      await del(name, store);
    } catch {
      // nothing to remove
    }
  },
});

/** resolves once a persisted store has read what the device holds; every write waits for it (zustand#562) */
export const whenHydrated = (store: { persist: { hasHydrated: () => boolean; onFinishHydration: (fn: () => void) => () => void } }): Promise<void> =>
  store.persist.hasHydrated()
    ? Promise.resolve()
    : new Promise((resolve) => {
        const off = store.persist.onFinishHydration(() => {
          off();
          resolve();
        });
      });
