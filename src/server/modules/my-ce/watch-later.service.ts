// Watch Later's rules (spec §4; issue 16): what may go on the list, and which of two actions on one item
// wins. The outbox replays adds and removals late and out of order, so the one done last on the device
// wins (last writer wins by the action's `at`), not the last to arrive.
import type { Kysely } from 'kysely';
import { IDEMPOTENCY_KEPT_MS } from '#shared/api/idempotency';
import { CLASS_TYPE } from '#shared/domain/constants';
import { isoAt, nowIso, type Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../plugins/contract.ts';
import { NO_CLASS, NO_PODCAST, type CourseGate } from '../learning/course-gate.service.ts';
import type { MyCeRepository } from './my-ce.repository.ts';

/**
 * how long a removal is kept to be compared: as long as an action may wait in the outbox (no longer than its
 * Idempotency-Key is kept), so an add done before the removal cannot arrive after the removal is pruned
 */
export const WATCH_LATER_REMOVALS_KEPT_MS = IDEMPOTENCY_KEPT_MS;

/**
 * The time an action is judged by: the device's, never later than the server's now (a clock ahead cannot pin
 * the item for as long as it is ahead); the server's now without it (a client that sends no `at`).
 */
export const actionTime = (at: number | undefined, now: number): number => Math.min(at ?? now, now);

interface QueueInput {
  c?: string | undefined;
  p?: string | undefined;
  at?: number | undefined;
}

export function watchLaterService(db: Kysely<DB>, repo: MyCeRepository, opts: { clock: Clock; gate: CourseGate }) {
  const { gate, clock } = opts;

  /** the item the request names; `forAdd`: only what the student can open goes on the list */
  async function item(input: QueueInput, forAdd: boolean) {
    if (input.p) {
      const p = await gate.course(db, { p: input.p }, 'podcast');
      // an episode is there from its release, as on /api/podcast
      if (forAdd && Date.parse(p.releaseDate) > clock.now()) throw new HttpError(404, NO_PODCAST);
      return { kind: 'podcast' as const, id: p.id, hash: p.hash };
    }
    const c = await gate.course(db, { c: input.c }, 'class');
    // an on-demand class is not there before its release (as on /api/class); a webinar is announced
    if (forAdd && c.typeId !== CLASS_TYPE.LIVE && Date.parse(c.releaseDate) > clock.now()) throw new HttpError(404, NO_CLASS);
    return { kind: 'class' as const, id: c.id, hash: c.hash };
  }

  async function apply(studentId: number, input: QueueInput, action: 'add' | 'remove') {
    const it = await item(input, action === 'add');
    const now = clock.now();
    const queueId = await repo.queueSet(it.kind, studentId, it.id, action, isoAt(actionTime(input.at, now)), nowIso(clock));
    return { ...it, queueId };
  }

  return {
    /** puts the item on the list unless a later removal is recorded; its queue id as it stands (0: not on the list) */
    add: (studentId: number, input: QueueInput) => apply(studentId, input, 'add'),
    /**
     * takes the item off unless a later add is recorded; removing what is not on the list succeeds too (a second
     * tap, another tab) and is kept, so an older add arriving after it changes nothing
     */
    remove: (studentId: number, input: QueueInput) => apply(studentId, input, 'remove'),
  };
}
