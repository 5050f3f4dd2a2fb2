// The outbox (offline-and-audio.md §6, issue 16): every action that may be taken offline is written to its own
// IndexedDB store before the screen changes, then replayed by the page, in order, each with its id as the
// `Idempotency-Key`, so a repeat is answered with the first answer and applied once. One replayer at a time
// across tabs (navigator.locks). An action belongs to the student who took it and is sent only while that
// student is logged in. Network errors, 5xx, 408 and 429 wait and try again (backoff); 401 keeps the actions
// and asks for a login; any other refusal moves the action to a "needs attention" list with the server's
// message, to retry or discard. Nothing is dropped silently.
//
// The module is the mechanism only: where it stores, how it sends and what an applied action refreshes are
// given to `createOutbox` (lib/outbox/index.ts wires the app's; the property test wires IndexedDB in memory
// and the server in process).

import type { UploadFile } from '../api.ts';

export interface OutboxAction {
  /** a client UUID: the action's name, and its Idempotency-Key */
  id: string;
  /** creation order: actions are sent in this order */
  seq: number;
  /** the student who took it: sent only while that student is logged in, never shown to another */
  owner: string;
  /** the contract's POST path */
  path: string;
  body: unknown;
  /** the file of an upload, sent with the body as one multipart request (a proof of CE earned elsewhere, issue 19) */
  file?: OutboxFile;
  /** what the pending list says ("Add “Perio staging” to Watch Later") */
  label: string;
  /** bookkeeping the student did not ask for as such (a page view, a play log, what was heard): not counted aloud */
  quiet?: boolean;
  /** nobody's credit rests on it (a page view): at logout it goes with the student unless it could be sent */
  disposable?: boolean;
  createdAt: number;
  attempts: number;
  state: 'pending' | 'attention';
  /** attention: the server's words, or the screen's text for its refusal */
  error?: string;
}

/**
 * A file kept with its action until it is sent (lib/api.ts sends it as a part of a multipart body): its bytes,
 * not a Blob, since WebKit has failed to store Blobs in IndexedDB ("Error preparing Blob/File data to be stored
 * in object store", docs/decisions/0027) and bytes are stored the same by every engine
 */
export type OutboxFile = UploadFile;

/** how sending an action ended */
export type SendResult =
  | { kind: 'applied'; answer: unknown }
  /** no answer, a 5xx, 408 or 429: the same action is sent again later */
  | { kind: 'retry'; after?: number }
  /** 401: the session is gone; the actions wait for the student's next login */
  | { kind: 'login' }
  /**
   * any other refusal: the student must look at it. `message` is what the needs-attention list says; `error`
   * (the transport's own, an ApiError in the app) is what a screen still waiting is rejected with, so it shows
   * its own text for the refusal as for any failed call
   */
  | { kind: 'refused'; message: string; status: number; error?: unknown };

export interface OutboxStorage {
  all(): Promise<OutboxAction[]>;
  put(action: OutboxAction): Promise<void>;
  delete(id: string): Promise<void>;
}

/** runs `work` while no other tab runs its own (navigator.locks): one replayer across tabs */
export type Lock = (work: () => Promise<void>) => Promise<void>;

export interface OutboxOptions {
  storage: OutboxStorage;
  send: (action: OutboxAction) => Promise<SendResult>;
  /** the student logged in now; null when nobody is */
  owner: () => string | null;
  /**
   * an action the server applied: what it made stale is refreshed (lib/query-effects.ts); `screenWaiting` says
   * whether the screen that submitted it is still waiting for the answer (else the app tells the student)
   */
  onApplied?: (action: OutboxAction, answer: unknown, screenWaiting: boolean) => void;
  /** the list changed (pending, needs attention, a login needed) */
  onChange?: () => void;
  lock?: Lock;
  now?: () => number;
  /** a new key for an action the student sends again */
  newId?: () => string;
  /** how long the server keeps an action's key: an action older than that is not sent without the student */
  keptFor?: number;
  /** the backoff timer; the test drives it by hand */
  schedule?: (run: () => void, ms: number) => () => void;
}

/** what a screen that submitted an action learns: applied now (with the answer), or waiting for the network */
export type Submitted = { kind: 'applied'; answer: unknown } | { kind: 'pending' };

export class OutboxRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'OutboxRefusal';
  }
}

export const TOO_OLD = 'This waited too long on this device to be sent safely. Send it again if it is still needed, or discard it.';

// capped at 30 s: a student out of a tunnel, whose phone may never say the network is back, waits at most that (an
// action waiting is a student's, a few requests a minute at most)
const BACKOFF_MS = [2_000, 5_000, 10_000, 15_000, 30_000];

/** the tabs of this origin send one after another; each pass reads the store afresh, so none sends twice */
export const crossTabLock: Lock = async (work) => {
  if (typeof navigator !== 'undefined' && navigator.locks) await navigator.locks.request('cepass-outbox', () => work());
  else await work();
};

export function createOutbox(options: OutboxOptions) {
  const { storage, send, owner } = options;
  const now = options.now ?? Date.now;
  const lock = options.lock ?? crossTabLock;
  const newId = options.newId ?? (() => crypto.randomUUID());
  const schedule = options.schedule ?? ((run, ms) => {
    const id = setTimeout(run, ms);
    return () => clearTimeout(id);
  });
  let counter = 0;
  let cancelTimer: (() => void) | null = null;
  let loginNeeded = false;
  /** the screens waiting for what became of their action, by id */
  const waiting = new Map<string, { resolve: (s: Submitted) => void; reject: (e: unknown) => void }>();
  let again = false;

  const changed = () => options.onChange?.();

  const settle = (id: string, outcome: { done: Submitted } | { refused: unknown }) => {
    const w = waiting.get(id);
    if (!w) return;
    waiting.delete(id);
    if ('done' in outcome) w.resolve(outcome.done);
    else w.reject(outcome.refused);
  };

  const retryLater = (attempts: number, after?: number) => {
    cancelTimer?.();
    const ms = Math.max(after ?? 0, BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0]!);
    cancelTimer = schedule(() => {
      cancelTimer = null;
      void replay();
    }, ms);
  };

  /** sends what is pending for the student logged in, in order, until done or the first that must wait */
  async function pass(): Promise<void> {
    const who = owner();
    if (who === null) return;
    const queue = (await storage.all()).filter((a) => a.owner === who && a.state === 'pending').sort((a, b) => a.seq - b.seq);
    for (const action of queue) {
      if (owner() !== who) return;
      // the server forgets a key after this long: sent later, the action could apply twice; the student decides
      if (options.keptFor !== undefined && now() - action.createdAt > options.keptFor) {
        await storage.put({ ...action, state: 'attention', error: TOO_OLD });
        changed();
        continue;
      }
      let result: SendResult;
      try {
        result = await send(action);
      } catch {
        result = { kind: 'retry' };
      }
      if (result.kind === 'applied') {
        await storage.delete(action.id);
        loginNeeded = false;
        options.onApplied?.(action, result.answer, waiting.has(action.id));
        settle(action.id, { done: { kind: 'applied', answer: result.answer } });
        changed();
        continue;
      }
      if (result.kind === 'refused') {
        // a screen still waiting shows the refusal itself; otherwise the student finds it in the list
        if (waiting.has(action.id)) {
          await storage.delete(action.id);
          settle(action.id, { refused: result.error ?? new OutboxRefusal(result.message, result.status) });
        } else await storage.put({ ...action, state: 'attention', error: result.message, attempts: action.attempts + 1 });
        changed();
        continue;
      }
      // the rest wait, in order, behind this one
      await storage.put({ ...action, attempts: action.attempts + 1 });
      for (const later of queue.filter((a) => a.seq >= action.seq)) settle(later.id, { done: { kind: 'pending' } });
      if (result.kind === 'login') loginNeeded = true;
      else retryLater(action.attempts + 1, result.after);
      changed();
      return;
    }
  }

  /** one pass now (or right after the one running); only one tab sends at a time */
  async function replay(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await lock(pass);
        } catch {
          // the device's storage failed mid-pass (full, or closed under us): what is stored stays, and is tried again
          for (const id of waiting.keys()) settle(id, { done: { kind: 'pending' } });
          retryLater(1);
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }
  let running: Promise<void> | null = null;

  return {
    /**
     * Writes the action first, then sends it (after any action still waiting). The promise says what became of
     * it: applied with the server's answer, or pending (no network: it is sent later); a refusal rejects with
     * the transport's error (or an OutboxRefusal) and the action is gone (the screen shows the refusal).
     */
    async submit(input: { path: string; body: unknown; label: string; id: string; quiet?: boolean; disposable?: boolean; file?: OutboxFile }): Promise<Submitted> {
      const who = owner();
      if (who === null) throw new OutboxRefusal('Please log in to continue.', 401);
      const action: OutboxAction = { ...input, seq: now() * 1000 + (counter++ % 1000), owner: who, createdAt: now(), attempts: 0, state: 'pending' };
      await storage.put(action);
      changed();
      const outcome = new Promise<Submitted>((resolve, reject) => waiting.set(action.id, { resolve, reject }));
      void replay().then(() => settle(action.id, { done: { kind: 'pending' } }));
      return outcome;
    },
    replay,
    /** the student's actions, in order: pending ones and those that need attention */
    async list(): Promise<OutboxAction[]> {
      const who = owner();
      return who === null ? [] : (await storage.all()).filter((a) => a.owner === who).sort((a, b) => a.seq - b.seq);
    },
    /** a 401 stopped the replay: the student must log in again for the actions to go */
    loginNeeded: () => loginNeeded,
    /**
     * The student sends a refused (or too old) action again: as a new request, with a new key (the server's
     * answer to the old key is final), at the end of the queue.
     */
    async retry(id: string): Promise<void> {
      const action = (await storage.all()).find((a) => a.id === id && a.owner === owner());
      if (!action) return;
      await storage.delete(action.id);
      await storage.put({ ...action, id: newId(), seq: now() * 1000 + (counter++ % 1000), createdAt: now(), attempts: 0, state: 'pending', error: undefined });
      changed();
      await replay();
    },
    async discard(id: string): Promise<void> {
      const action = (await storage.all()).find((a) => a.id === id && a.owner === owner());
      if (!action) return;
      await storage.delete(id);
      changed();
    },
    /**
     * every action of this student gone (logout's "discard"), or those `which` picks (logout's "keep": the
     * disposable). `who`: whose, when the caller knows better than the wiring: a logout may come before the app has
     * wired the outbox to the session (it does so once the first screen is shown), when `owner()` is still nobody
     */
    async discardAll(which: (action: OutboxAction) => boolean = () => true, who: string | null = owner()): Promise<void> {
      for (const a of await storage.all()) if (a.owner === who && which(a)) await storage.delete(a.id);
      changed();
    },
    /** every action of every student gone (the client tests, between tests) */
    async discardEverything(): Promise<void> {
      for (const a of await storage.all()) await storage.delete(a.id);
      changed();
    },
    /** stops the backoff timer (logout, tests) */
    stop(): void {
      cancelTimer?.();
      cancelTimer = null;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
