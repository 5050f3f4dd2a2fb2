// The password-guessing throttles of security.md, counted in the database so every server process
// sees them: 5 failures per 15 min per account and IP, 30 attempts per 15 min per IP, and past 20
// failures in an hour for an account from anywhere, a wait that doubles with each further failure
// (at most 15 min; never a permanent lock). A throttled attempt never reaches the password check, and
// each attempt is written down before the limits are counted, so parallel guesses cannot all slip
// through while none of them is recorded yet.
import type { Kysely } from 'kysely';
import { isoAt, nowIso, type Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../plugins/contract.ts';

const WINDOW_MS = 15 * 60_000;
const FAILURES_PER_ACCOUNT_AND_IP = 5;
const HOUR_MS = 3600_000;
const FAILURES_PER_ACCOUNT_HOUR = 20;

export const TOO_MANY_ATTEMPTS = 'Too many login attempts. Wait 15 minutes and try again.';

export interface LoginThrottle {
  /**
   * One password check under the throttles: the attempt is recorded first (as a failure until `verify`
   * says otherwise), then the limits are counted over the other attempts, then `verify` runs. Throws 429 +
   * Retry-After, without calling `verify`, when the limits are reached; a refused attempt is not kept, so
   * waiting out the Retry-After is enough. Resolves with what `verify` said.
   */
  attempt(account: string, ip: string, verify: () => Promise<boolean>): Promise<boolean>;
}

export function loginThrottle(db: Kysely<DB>, opts: { clock: Clock; loginPerIpPer15Min: number }): LoginThrottle {
  const count = async (since: number, mine: number, where: { account?: string; ip?: string; failed?: boolean }) => {
    let q = db
      .selectFrom('loginAttempts')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('createdAt').as('last')])
      .where('createdAt', '>', isoAt(since))
      .where('id', '<>', mine);
    if (where.account !== undefined) q = q.where('account', '=', where.account);
    if (where.ip !== undefined) q = q.where('ip', '=', where.ip);
    if (where.failed) q = q.where('succeeded', '=', 0);
    const row = await q.executeTakeFirstOrThrow();
    return { n: Number(row.n), last: row.last ? Date.parse(row.last) : 0 };
  };
  const refuse = (retryMs: number) => {
    throw new HttpError(429, TOO_MANY_ATTEMPTS, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryMs / 1000))) } });
  };

  /** the limits, counted over every attempt but this one (`mine`): an attempt recorded in parallel counts */
  async function check(account: string, ip: string, mine: number): Promise<void> {
    const now = opts.clock.now();
    const [pair, fromIp, hourly] = await Promise.all([
      count(now - WINDOW_MS, mine, { account, ip, failed: true }),
      count(now - WINDOW_MS, mine, { ip }),
      count(now - HOUR_MS, mine, { account, failed: true }),
    ]);
    if (pair.n >= FAILURES_PER_ACCOUNT_AND_IP || fromIp.n >= opts.loginPerIpPer15Min) refuse(WINDOW_MS);
    if (hourly.n >= FAILURES_PER_ACCOUNT_HOUR) {
      const wait = Math.min(1000 * 2 ** (hourly.n - FAILURES_PER_ACCOUNT_HOUR), WINDOW_MS);
      if (now - hourly.last < wait) refuse(wait - (now - hourly.last));
    }
  }

  return {
    async attempt(account, ip, verify) {
      // Recorded before anything is counted: of N parallel attempts, the k-th to be recorded sees at least
      // k-1 others when it counts, so at most the limit of them can ever reach `verify`.
      const { id } = await db
        .insertInto('loginAttempts')
        .values({ account, ip, succeeded: 0, createdAt: nowIso(opts.clock) })
        .returning('id')
        .executeTakeFirstOrThrow();
      try {
        await check(account, ip, id);
      } catch (err) {
        await db.deleteFrom('loginAttempts').where('id', '=', id).execute();
        throw err;
      }
      const ok = await verify();
      if (ok) await db.updateTable('loginAttempts').set({ succeeded: 1 }).where('id', '=', id).execute();
      return ok;
    },
  };
}
