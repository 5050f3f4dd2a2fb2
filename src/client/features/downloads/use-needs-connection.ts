// Whether an episode's Play needs a connection that is not there: offline, an episode this device has not
// downloaded cannot play, and its row says so before the tap, not after (decision 0045). Offline is the browser
// saying so, or the screen showing what was kept because CE Pass could not be reached (in a tunnel the phone
// often still says it is online). Asked only then: online every episode plays and the downloads' store is not
// loaded for it (it is usually loaded by then anyway, by the rows' Download buttons once the screen is idle).
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useCannotReach } from '../../lib/offline/seen-at.ts';

type Store = typeof import('./downloads-store.ts');
let loaded: Store | undefined;
const none = () => () => {};

export function useNeedsConnection(hash: string): boolean {
  const online = !useCannotReach();
  const [store, setStore] = useState(loaded);
  useEffect(() => {
    if (!online && !store) void import('./downloads-store.ts').then((m) => setStore((loaded = m)));
  }, [online, store]);
  const subscribe = useCallback((onChange: () => void) => (store ? store.useDownloads.subscribe(onChange) : none()), [store]);
  // until the device's list is read, nothing is marked: a record not read yet is not a record missing (mayBeDownloaded)
  const missing = useSyncExternalStore(
    subscribe,
    () => (store ? !store.mayBeDownloaded(hash) : false),
    // the first screen rendered on the server: nothing is marked there
    () => false,
  );
  return !online && missing;
}
