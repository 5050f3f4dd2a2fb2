// The client tests' world, set before each file: IndexedDB (fake-indexeddb, where the session store persists),
// a clean DOM, query cache, session and stubs after each test.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { dismissNotice } from '../lib/notice.ts';
import { queryClient } from '../lib/query-client.ts';
import { useSessionStore } from '../features/session/stores/session-store.ts';
import { configureOutbox, outbox } from '../lib/outbox/index.ts';
import { applyQueryEffects } from '../lib/query-effects.ts';

// the outbox sends for the session's student, as app/outbox.ts wires it in the app
configureOutbox({ owner: () => useSessionStore.getState().hash, onApplied: (action) => void applyQueryEffects(action.path) });

// a page on localhost is a secure context in browsers (lib/uuid.ts asks); happy-dom does not define the flag
if (!('isSecureContext' in globalThis)) Object.defineProperty(globalThis, 'isSecureContext', { value: true });

// the first render of a route loads its lazy screen; on a loaded 2-core machine that takes longer than the
// library's 1 s default, and a find* that gives up early fails a test whose screen was right
configure({ asyncUtilTimeout: 5000 });

const defaults = queryClient.getDefaultOptions();

beforeEach(() => {
  // retries wait seconds between tries; what a failure shows is the same after the last one
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
});

afterEach(async () => {
  cleanup();
  queryClient.clear();
  useSessionStore.getState().clearSession();
  dismissNotice();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // no action of one test is sent in the next
  outbox.stop();
  await outbox.discardEverything();
});
