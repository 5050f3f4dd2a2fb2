// The browser's online flag as a hook (a hint only: navigator.onLine can lie, a failed call is the truth).
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  addEventListener('online', onChange);
  addEventListener('offline', onChange);
  return () => {
    removeEventListener('online', onChange);
    removeEventListener('offline', onChange);
  };
};

export const useOnline = (): boolean => useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
