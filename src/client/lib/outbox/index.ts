// The app's outbox (outbox.ts): its actions in IndexedDB (storage.ts), sent through the contract
// (transport.ts, loaded with the first replay), for the student the session names (set by app/outbox.ts),
// and what the screens show of it: the pending count and the actions that need attention.
import { create } from 'zustand';
import type { Endpoint, BodyOf } from '#shared/api/endpoint';
import { IDEMPOTENCY_KEPT_MS } from '#shared/api/idempotency';
import { SAVED_ON_DEVICE } from '../messages.ts';
import { showNotice } from '../notice.ts';
import { uuid } from '../uuid.ts';
import { ApiError } from '../api.ts';
import { createOutbox, OutboxRefusal, type OutboxAction, type OutboxFile, type Submitted } from './outbox.ts';
import { outboxStorage } from './storage.ts';

export { OutboxRefusal, type OutboxAction, type OutboxFile, type Submitted } from './outbox.ts';

interface OutboxView {
  /** the student's actions not sent yet, in order */
  pending: OutboxAction[];
  /** refused by the server: shown with its message, to retry or discard */
  attention: OutboxAction[];
  /** the session ended with actions waiting: they go once the student logs in again */
  loginNeeded: boolean;
  /** how many of the student's actions (not `quiet` bookkeeping) were applied by the server since the page opened */
  sent: number;
}

export const useOutboxView = create<OutboxView>(() => ({ pending: [], attention: [], loginNeeded: false, sent: 0 }));

let owner: () => string | null = () => null;
// the app wires the outbox once its first screen is shown (app.tsx): an action taken before waits for that
let configured: () => void = () => undefined;
const whenConfigured = new Promise<void>((resolve) => (configured = resolve));
let onApplied: (action: OutboxAction, answer: unknown, screenWaiting: boolean) => void = () => undefined;

export const outbox = createOutbox({
  storage: outboxStorage,
  send: (action) => import('./transport.ts').then((m) => m.sendAction(action)),
  owner: () => owner(),
  onApplied: (action, answer, screenWaiting) => {
    if (!action.quiet) useOutboxView.setState((s) => ({ sent: s.sent + 1 }));
    onApplied(action, answer, screenWaiting);
  },
  onChange: () => void refreshView(),
  // a day short of what the server keeps, so a key is never sent after the server could have forgotten it
  keptFor: IDEMPOTENCY_KEPT_MS - 24 * 3600_000,
  newId: uuid,
});

async function refreshView(): Promise<void> {
  const all = await outbox.list().catch(() => [] as OutboxAction[]);
  useOutboxView.setState({ pending: all.filter((a) => a.state === 'pending'), attention: all.filter((a) => a.state === 'attention'), loginNeeded: outbox.loginNeeded() });
}

/**
 * The bodies of the student's actions on `path` still waiting on the device, in order. Read from storage itself,
 * not through the wired outbox (wired only once the first screen is up): a screen built from the server's state
 * after a reload counts them as done, so it never asks again for what the student already did offline.
 */
export const waitingBodies = async (path: string, student: string): Promise<unknown[]> =>
  (await outboxStorage.all())
    .filter((a) => a.owner === student && a.path === path && a.state === 'pending')
    .sort((a, b) => a.seq - b.seq)
    .map((a) => a.body);

/** the session's student, and what an applied action refreshes (app/outbox.ts) */
export function configureOutbox(options: { owner: () => string | null; onApplied: (action: OutboxAction, answer: unknown, screenWaiting: boolean) => void }): void {
  owner = options.owner;
  onApplied = options.onApplied;
  configured();
  void refreshView();
}


/**
 * An action of the student's, through the outbox: written on the device first, then sent (in order, once). The
 * promise says applied (with the server's answer) or pending (sent when the network is back); a refusal
 * rejects with an OutboxRefusal carrying the server's message.
 */
export const submitAction = async <E extends Endpoint<any, any, any>>(endpoint: E, body: BodyOf<E>, label: string, options: { quiet?: boolean; disposable?: boolean; file?: OutboxFile } = {}): Promise<Submitted> => {
  await whenConfigured;
  return outbox.submit({ path: endpoint.path, body, label, id: uuid(), quiet: options.quiet, disposable: options.disposable, ...(options.file ? { file: options.file } : {}) });
};

/** where actions taken as a page went wait for the next page (leaving.ts) */
const LEFT_KEY = 'cepass.outbox.left';

/** a commute's worth of pages left while playing, at most; the oldest go first */
const MAX_LEFT = 50;
export interface LeftAction {
  id: string;
  path: string;
  body: unknown;
  label: string;
  owner: string;
}

export const readLeft = (): LeftAction[] => {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(LEFT_KEY) ?? '[]');
    return Array.isArray(list) ? (list as LeftAction[]) : [];
  } catch {
    return [];
  }
};
export const writeLeft = (list: LeftAction[]): void => {
  try {
    if (list.length) localStorage.setItem(LEFT_KEY, JSON.stringify(list.slice(-MAX_LEFT)));
    else localStorage.removeItem(LEFT_KEY);
  } catch {
    // storage may be disabled: what was sent at once stands
  }
};

/** a noted action is gone from the note: the server or the outbox has it */
export const dropLeft = (id: string): void => writeLeft(readLeft().filter((a) => a.id !== id));

/** what pages that went noted for the session's student, into the outbox; another student's wait for their login */
export async function keepLeftActions(): Promise<void> {
  await whenConfigured;
  const who = owner();
  const mine = readLeft().filter((a) => a.owner === who);
  // a note goes once the outbox has the action (sent, waiting, or refused by the server); one the device could not
  // store stays noted for the next replay (taken twice, it is the same action: the same id, the same key)
  await Promise.all(
    mine.map((a) =>
      outbox.submit({ path: a.path, body: a.body, label: a.label, id: a.id, quiet: true }).then(
        () => dropLeft(a.id),
        (error: unknown) => {
          if (error instanceof OutboxRefusal || error instanceof ApiError) dropLeft(a.id);
        },
      ),
    ),
  );
}

/** logout: the notes kept on the device, every other student's and, with `keepOwn`, the student's own */
export const leftKeptAtLogout = (student: string | null, keepOwn: boolean): LeftAction[] => readLeft().filter((a) => keepOwn || a.owner !== student);

/** a file to send with an action, read into bytes now: what the outbox keeps must not depend on the picker's File */
export const outboxFile = async (file: Blob, name: string): Promise<OutboxFile> => ({ name, type: file.type, bytes: await file.arrayBuffer() });

/** a step the student took on a form (an evaluation, an answer): when it waits for the network, the next screen says so */
export const submitStep = async <E extends Endpoint<any, any, any>>(endpoint: E, body: BodyOf<E>, label: string): Promise<Submitted> => {
  const outcome = await submitAction(endpoint, body, label);
  if (outcome.kind === 'pending') showNotice(SAVED_ON_DEVICE, 'success');
  return outcome;
};
