// The retention job: on a timer inside the server, deletes what has stopped meaning anything (expired
// sessions, used or expired login and reset links, login attempts older than a day). Credit records
// (certificates, completions, evaluations, answers) are never touched here.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { isoAt, type Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { isPostgres } from '../../db/search-index.ts';
import { SESSION_IDLE_MS } from '../../plugins/session.ts';
import { startPeriodic, type PeriodicJob } from '../../jobs/periodic.ts';

/** the login throttles look back an hour at most (login-throttle.ts); a day keeps room for an inquiry */
export const LOGIN_ATTEMPTS_KEPT_MS = 24 * 3600_000;
const HOUR = 3600_000;
/** rows per DELETE: each statement holds SQLite's one write lock only briefly, so seat bookings never wait long */
const BATCH = 500;

export interface Pruned {
  sessions: number;
  authTokens: number;
  loginAttempts: number;
}

export type RetentionRunner = PeriodicJob<Pruned>;

type Prunable = 'sessions' | 'authTokens' | 'loginAttempts';

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
      const ids = db.selectFrom(table).select('id').limit(BATCH);
      const batch =
        table === 'sessions'
          ? // expired, or idle past the timeout: plugins/session.ts refuses both already
            ids.where((eb) => eb.or([eb('expiresAt', '<=', at), eb('lastSeenAt', '<=', isoAt(now - SESSION_IDLE_MS))]))
          : table === 'authTokens'
            ? ids.where((eb) => eb.or([eb('usedAt', 'is not', null), eb('expiresAt', '<=', at)]))
            : ids.where('createdAt', '<', isoAt(now - LOGIN_ATTEMPTS_KEPT_MS));
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
    const out: Pruned = { sessions: 0, authTokens: 0, loginAttempts: 0 };
    for (const table of ['sessions', 'authTokens', 'loginAttempts'] as const) {
      if (closing()) break;
      try {
        out[table] = await prune(table, now, closing);
      } catch (err) {
        // nothing is lost by waiting: the next pass deletes what this one could not
        opts.log.error({ err, table }, 'retention pass failed for a table; will retry');
      }
    }
    if (out.sessions + out.authTokens + out.loginAttempts > 0) opts.log.info({ pruned: out }, 'retention pass');
    return out;
  }

  return startPeriodic({ pass, idle: { sessions: 0, authTokens: 0, loginAttempts: 0 }, intervalMs: opts.intervalMs ?? HOUR, firstDelayMs: opts.firstDelayMs ?? 60_000, log: opts.log, name: 'retention' });
}
