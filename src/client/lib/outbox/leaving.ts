// Actions taken as the page is hidden or left (the player's last heard ranges), kept out of IndexedDB (decision 0047).
// WebKit may keep a page in its back/forward cache with an IndexedDB write still open, and every later page's reads
// of that database then wait on it: the outbox's, and its exams and evaluations with it. Such an action goes at once,
// in a request that outlives the page, with its own Idempotency-Key, and is noted in localStorage (written at once)
// until the server has it; the outbox's `keepLeftActions` puts what is still noted into it, where a repeat of one that
// did arrive gets the server's first answer. Loaded with the player's engine.
import type { BodyOf, Endpoint } from '#shared/api/endpoint';
import { call } from '../api.ts';
import { uuid } from '../uuid.ts';
import { dropLeft, readLeft, writeLeft, type LeftAction } from './index.ts';

/** an action of `student`'s as the page goes: sent at once and noted, never written to IndexedDB */
export function submitLeaving<E extends Endpoint<any, any, any>>(endpoint: E, body: BodyOf<E>, label: string, student: string): void {
  const action: LeftAction = { id: uuid(), path: endpoint.path, body, label, owner: student };
  writeLeft([...readLeft(), action]);
  call(endpoint, { body: { ...(body as object), s: student } as never, idempotencyKey: action.id, keepalive: true, quiet: true }).then(
    () => dropLeft(action.id),
    () => undefined,
  );
}
