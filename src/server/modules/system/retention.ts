// The retention job: on a timer inside the server, deletes what has stopped meaning anything (expired
// sessions, used or expired login and reset links, login attempts older than a day, Idempotency-Key
// answers and Watch Later removals older than 30 days). Credit records (certificates, completions,
// evaluations, answers) are never touched here, nor a student's licenses, rules, reported courses and proof
// files (issue 19: boards expect them kept four to six years; docs/decisions/0026).
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { IDEMPOTENCY_KEPT_MS } from '#shared/api/idempotency';
import { isoAt, type Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { isPostgres } from '../../db/search-index.ts';
import { SESSION_IDLE_MS } from '../../plugins/session.ts';
import { startPeriodic, type PeriodicJob } from '../../jobs/periodic.ts';
import { WATCH_LATER_REMOVALS_KEPT_MS } from '../my-ce/watch-later.service.ts';

/** the login throttles look back an hour at most (login-throttle.ts); a day keeps room for an inquiry */
export const LOGIN_ATTEMPTS_KEPT_MS = 24 * 3600_000;
const HOUR = 3600_000;
/** rows per DELETE: each statement holds SQLite's one write lock only briefly, so seat bookings never wait long */
const BATCH = 500;

export interface Pruned {
  sessions: number;
  authTokens: number;
  loginAttempts: number;
  idempotencyKeys: number;
  /** Watch Later removals of classes */
  queue: number;
  /** Watch Later removals of episodes */
  podcastQueue: number;
}

export type RetentionRunner = PeriodicJob<Pruned>;

type Prunable = keyof Pruned;
const PRUNABLE: Prunable[] = ['sessions', 'authTokens', 'loginAttempts', 'idempotencyKeys', 'queue', 'podcastQueue'];
const nothingPruned = (): Pruned => ({ sessions: 0, authTokens: 0, loginAttempts: 0, idempotencyKeys: 0, queue: 0, podcastQueue: 0 });

/**
 * Several server processes may run this at the same moment on one database. Each DELETE is one
 * statement that only removes rows nobody can use any more, so running it twice, or side by side, removes
 * them once and fails neither: SQLite makes the second writer wait (busy timeout), PostgreSQL's second
 * DELETE finds the rows gone. A deadlock or serialization failure on PostgreSQL is retried.
 */
export function startRetention(db: Kysely<DB>, opts: { clock: Clock; log: FastifyBaseLogger; intervalMs?: number; firstDelayMs?: number }): RetentionRunner {

  async function prune(table: Prunable, now: number, closing: () => boolean): Promise<number> {
    const at = isoAt(now);
    let total = 0;
    for (;;) {
      const batch = (() => {
        switch (table) {
          case 'sessions':
            // expired, or idle past the timeout: plugins/session.ts refuses both already
            return db.selectFrom('sessions').select('id').limit(BATCH).where((eb) => eb.or([eb('expiresAt', '<=', at), eb('lastSeenAt', '<=', isoAt(now - SESSION_IDLE_MS))]));
          case 'authTokens':
            return db.selectFrom('authTokens').select('id').limit(BATCH).where((eb) => eb.or([eb('usedAt', 'is not', null), eb('expiresAt', '<=', at)]));
          case 'loginAttempts':
            return db.selectFrom('loginAttempts').select('id').limit(BATCH).where('createdAt', '<', isoAt(now - LOGIN_ATTEMPTS_KEPT_MS));
          case 'idempotencyKeys':
            // a client must not send a key older than this (shared/api/idempotency.ts); a repeat after it runs again
            return db.selectFrom('idempotencyKeys').select('id').limit(BATCH).where('createdAt', '<', isoAt(now - IDEMPOTENCY_KEPT_MS));
          case 'queue':
          case 'podcastQueue':
            // a removal older than any action's time can be (watch-later.service.ts) decides nothing any more
            return db.selectFrom(table).select('id').limit(BATCH).where('removedAt', 'is not', null).where('removedAt', '<', isoAt(now - WATCH_LATER_REMOVALS_KEPT_MS));
        }
      })();
      const result = await retried(() => db.deleteFrom(table).where('id', 'in', batch).executeTakeFirst());
      const n = Number(result.numDeletedRows);
      total += n;
      if (n < BATCH || closing()) return total;
    }
  }

  async function retried<T>(fn: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await fn();
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (!isPostgres(db) || (code !== '40001' && code !== '40P01') || attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 10 * attempt + Math.random() * 20));
      }
    }
  }

  async function pass(closing: () => boolean): Promise<Pruned> {
    const now = opts.clock.now();
    const out = nothingPruned();
    for (const table of PRUNABLE) {
      if (closing()) break;
      try {
        out[table] = await prune(table, now, closing);
      } catch (err) {
        // nothing is lost by waiting: the next pass deletes what this one could not
        opts.log.error({ err, table }, 'retention pass failed for a table; will retry');
      }
    }
    if (PRUNABLE.some((table) => out[table] > 0)) opts.log.info({ pruned: out }, 'retention pass');
    return out;
  }

  return startPeriodic({ pass, idle: nothingPruned(), intervalMs: opts.intervalMs ?? HOUR, firstDelayMs: opts.firstDelayMs ?? 60_000, log: opts.log, name: 'retention' });
}
