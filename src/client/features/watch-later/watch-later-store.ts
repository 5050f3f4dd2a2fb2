// Watch Later on the device (issue 16): every add and remove is a decision kept here (persisted to IndexedDB,
// per student) and sent through the outbox with the time it was taken; the server keeps the latest by that
// time (last writer wins). Toggles and /queue read the decision until the server's answers reflect it, so
// adding and removing work offline, survive a reload, and never flicker back while the answer is on its way.
// Writes wait for hydration (offline-and-audio.md §8): a write before the stored decisions are read would put
// an empty set over them.
import { useMutation } from '@tanstack/react-query';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { postQueueAdd, postRemoveQueue } from '#shared/api/classes';
import { idbStorage, whenHydrated } from '../../lib/persist/idb-storage.ts';
import { parsePersisted, persistedStores, type PersistedWatchLater, type WatchLaterDecision } from '../../lib/persist/schema.ts';
import { submitAction, type Submitted } from '../../lib/outbox/index.ts';
import { useSessionStore, whenSessionHydrated } from '../session/stores/session-store.ts';

const { key, version, schema } = persistedStores.watchLater;

/** a class (c) or an episode (p) */
export type WatchLaterRef = { c: string } | { p: string };
export const refKey = (ref: WatchLaterRef): string => ('c' in ref ? `c:${ref.c}` : `p:${ref.p}`);

/** a decision the server applied is forgotten once it is this old: every answer since reflects it */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export const useWatchLater = create<PersistedWatchLater>()(
  persist(() => parsePersisted(schema, {}), {
    name: key,
    version,
    storage: idbStorage(schema),
    // no migrations yet: an older or newer record is read through the schema's defaults
    migrate: (stored) => parsePersisted(schema, stored),
  }),
);

const hydrated = (): Promise<void> => whenHydrated(useWatchLater);

/** the decisions of the student logged in (another student's, left by a session that ended, are dropped) */
async function decisionsOf(owner: string): Promise<Record<string, WatchLaterDecision>> {
  await Promise.all([hydrated(), whenSessionHydrated()]);
  const state = useWatchLater.getState();
  return state.owner === owner ? state.decisions : {};
}

/**
 * Adds or removes, now: the decision is kept on the device and the screen shows it at once; the outbox sends it
 * (at once, or when the network is back). The promise is the outbox's: applied, pending, or a refusal.
 */
export async function setWatchLater(ref: WatchLaterRef, queued: boolean, about: { title: string; href: string }): Promise<Submitted> {
  const owner = useSessionStore.getState().hash;
  if (owner === null) throw new Error('not logged in');
  const at = Date.now();
  const k = refKey(ref);
  const kept = Object.fromEntries(Object.entries(await decisionsOf(owner)).filter(([, d]) => d.appliedAt === null || at - d.appliedAt < FORGET_AFTER_MS));
  useWatchLater.setState({ owner, decisions: { ...kept, [k]: { queued, at, title: about.title, href: about.href, appliedAt: null } } });
  const label = `${queued ? 'Add' : 'Remove'} “${about.title}” ${queued ? 'to' : 'from'} Watch Later`;
  try {
    // (markApplied follows from the outbox's onApplied, app/outbox.ts, now or in a replay)
    return await submitAction(queued ? postQueueAdd : postRemoveQueue, { ...ref, at }, label);
  } catch (error) {
    // refused: the server's state stands, and the screen says why
    useWatchLater.setState((s) => {
      if (s.decisions[k]?.at !== at) return s;
      const { [k]: _refused, ...rest } = s.decisions;
      return { decisions: rest };
    });
    throw error;
  }
}

/**
 * A Watch Later button's state and action: in or out as this device knows it (its decision until the server's
 * answer reflects it), and the toggle, which works offline; `mutation` carries a refusal for the screen to say.
 */
export function useWatchLaterToggle(ref: WatchLaterRef, server: { queued: boolean; fetchedAt: number }, about: { title: string; href: string }) {
  const queued = useQueued(ref, server);
  const mutation = useMutation({ mutationFn: (next: boolean) => setWatchLater(ref, next, about) });
  return { queued, mutation, toggle: () => mutation.mutate(!queued) };
}

/** the server has this decision (the outbox applied it, now or in a replay) */
export function markApplied(k: string, at: number): void {
  const d = useWatchLater.getState().decisions[k];
  if (d && d.at === at) useWatchLater.setState((s) => ({ decisions: { ...s.decisions, [k]: { ...d, appliedAt: Date.now() } } }));
}

/** the decision that stands over the server's answer fetched at `fetchedAt`, if any */
const standing = (d: WatchLaterDecision | undefined, fetchedAt: number): WatchLaterDecision | undefined =>
  d && (d.appliedAt === null || fetchedAt < d.appliedAt) ? d : undefined;

/** in Watch Later, as this device knows it: its own decision until the server's answer reflects it */
export function useQueued(ref: WatchLaterRef, server: { queued: boolean; fetchedAt: number }): boolean {
  const owner = useSessionStore((s) => s.hash);
  const d = useWatchLater((s) => (s.owner === owner ? s.decisions[refKey(ref)] : undefined));
  return standing(d, server.fetchedAt)?.queued ?? server.queued;
}

/** the decisions not yet in the server's list fetched at `fetchedAt`: added here (to show) and removed here (to hide) */
export function useWatchLaterChanges(fetchedAt: number): { added: (WatchLaterDecision & { key: string })[]; removed: Set<string> } {
  const owner = useSessionStore((s) => s.hash);
  const decisions = useWatchLater((s) => (s.owner === owner ? s.decisions : undefined));
  const added: (WatchLaterDecision & { key: string })[] = [];
  const removed = new Set<string>();
  for (const [k, d] of Object.entries(decisions ?? {})) {
    if (!standing(d, fetchedAt)) continue;
    if (d.queued) added.push({ ...d, key: k });
    else removed.add(k);
  }
  return { added: added.sort((a, b) => b.at - a.at), removed };
}
