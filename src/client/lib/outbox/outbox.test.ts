// The outbox as a screen and the server see it: in order, once, for the right student, and nothing dropped.
import { describe, expect, it } from 'vitest';
import { createOutbox, OutboxRefusal, type OutboxAction, type OutboxStorage, type SendResult } from './outbox.ts';

function memoryStorage(): OutboxStorage & { rows: Map<string, OutboxAction> } {
  const rows = new Map<string, OutboxAction>();
  return {
    rows,
    all: async () => [...rows.values()].map((a) => ({ ...a })),
    put: async (a) => void rows.set(a.id, { ...a }),
    delete: async (id) => void rows.delete(id),
  };
}

/** a server that answers each path as told, and records what it applied */
function world(answer: (action: OutboxAction) => SendResult = () => ({ kind: 'applied', answer: { status: true } })) {
  const storage = memoryStorage();
  const sent: string[] = [];
  const applied: string[] = [];
  const timers: (() => void)[] = [];
  let student: string | null = 'st1';
  let clock = 1_000;
  const outbox = createOutbox({
    storage,
    send: async (a) => {
      sent.push(a.label);
      return answer(a);
    },
    owner: () => student,
    onApplied: (a) => applied.push(a.label),
    lock: (work) => work(),
    now: () => clock++,
    schedule: (run) => {
      timers.push(run);
      return () => timers.splice(timers.indexOf(run), 1);
    },
  });
  return { outbox, storage, sent, applied, timers, logIn: (s: string | null) => (student = s) };
}

const act = (label: string, path = 'queue-add') => ({ id: `id-${label}`, path, body: { c: label }, label });

describe('the outbox', () => {
  it('sends an action at once and tells the screen the answer', async () => {
    const w = world();
    await expect(w.outbox.submit(act('a'))).resolves.toEqual({ kind: 'applied', answer: { status: true } });
    expect(w.applied).toEqual(['a']);
    expect(w.storage.rows.size).toBe(0);
  });

  it('keeps what it cannot send, in order, and sends it once when the network is back', async () => {
    let online = false;
    const w = world(() => (online ? { kind: 'applied', answer: {} } : { kind: 'retry' }));
    await expect(w.outbox.submit(act('a'))).resolves.toEqual({ kind: 'pending' });
    await expect(w.outbox.submit(act('b'))).resolves.toEqual({ kind: 'pending' });
    // the second waited behind the first: only the first was tried each time
    expect(w.sent).toEqual(['a', 'a']);
    expect((await w.outbox.list()).map((a) => [a.label, a.state])).toEqual([['a', 'pending'], ['b', 'pending']]);
    expect(w.timers.length).toBe(1);
    online = true;
    w.timers[0]!();
    await w.outbox.replay();
    expect(w.applied).toEqual(['a', 'b']);
    expect(w.storage.rows.size).toBe(0);
  });

  it("sends a student's actions only while that student is logged in, and never shows them to another", async () => {
    let online = false;
    const w = world(() => (online ? { kind: 'applied', answer: {} } : { kind: 'retry' }));
    await w.outbox.submit(act('a-of-st1'));
    w.logIn('st2');
    online = true;
    await w.outbox.replay();
    expect(w.applied).toEqual([]);
    expect(await w.outbox.list()).toEqual([]);
    w.logIn('st1');
    await w.outbox.replay();
    expect(w.applied).toEqual(['a-of-st1']);
  });

  it('a refusal is the screen’s to show when it is still waiting, else it needs attention, to retry or discard', async () => {
    let refuse = true;
    const w = world((a) => (a.label.startsWith('bad') && refuse ? { kind: 'refused', message: 'This webinar has already ended.', status: 409 } : { kind: 'applied', answer: {} }));
    await expect(w.outbox.submit(act('bad-now'))).rejects.toEqual(new OutboxRefusal('This webinar has already ended.', 409));
    expect(w.storage.rows.size).toBe(0);
    // an action replayed with no screen left: kept, with the server's words, and the others go on
    await w.storage.put({ ...act('bad-later'), seq: 1, owner: 'st1', createdAt: 1, attempts: 0, state: 'pending' });
    await w.storage.put({ ...act('good'), seq: 2, owner: 'st1', createdAt: 2, attempts: 0, state: 'pending' });
    await w.outbox.replay();
    expect(w.applied).toEqual(['good']);
    const [kept] = await w.outbox.list();
    expect([kept!.label, kept!.state, kept!.error]).toEqual(['bad-later', 'attention', 'This webinar has already ended.']);
    refuse = false;
    await w.outbox.retry(kept!.id);
    expect(w.applied).toEqual(['good', 'bad-later']);
    expect(await w.outbox.list()).toEqual([]);
  });

  it('keeps the actions when the session is gone, and says a login is needed', async () => {
    let session = false;
    const w = world(() => (session ? { kind: 'applied', answer: {} } : { kind: 'login' }));
    await expect(w.outbox.submit(act('a'))).resolves.toEqual({ kind: 'pending' });
    expect(w.outbox.loginNeeded()).toBe(true);
    expect(w.timers).toEqual([]);
    session = true;
    await w.outbox.replay();
    expect(w.applied).toEqual(['a']);
    expect(w.outbox.loginNeeded()).toBe(false);
  });

  it('waits longer after each failed try, never more than 30 s (out of a tunnel, the phone may never say it is back)', async () => {
    const delays: number[] = [];
    const storage = memoryStorage();
    const outbox = createOutbox({
      storage,
      send: async () => ({ kind: 'retry' }),
      owner: () => 'st1',
      lock: (work) => work(),
      schedule: (_run, ms) => {
        delays.push(ms);
        return () => undefined;
      },
    });
    await storage.put({ ...act('a'), seq: 1, owner: 'st1', createdAt: 1, attempts: 0, state: 'pending' });
    for (let i = 0; i < 7; i++) await outbox.replay();
    expect(delays).toEqual([2_000, 5_000, 10_000, 15_000, 30_000, 30_000, 30_000]);
  });
});
