// The password-guessing throttles of security.md, counted in the database so every server process
// sees them: 5 failures per 15 min per account and IP, 30 attempts per 15 min per IP, and past 20
// failures in an hour for an account from anywhere, a wait that doubles with each further failure
// (at most 15 min; never a permanent lock). A throttled attempt never reaches the password check.
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
  /** throws 429 + Retry-After when this attempt must not check a password */
  check(account: string, ip: string): Promise<void>;
  record(account: string, ip: string, succeeded: boolean): Promise<void>;
}

export function loginThrottle(db: Kysely<DB>, opts: { clock: Clock; loginPerIpPer15Min: number }): LoginThrottle {
  const count = async (since: number, where: { account?: string; ip?: string; failed?: boolean }) => {
    let q = db.selectFrom('loginAttempts').select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('createdAt').as('last')]).where('createdAt', '>', isoAt(since));
    if (where.account !== undefined) q = q.where('account', '=', where.account);
    if (where.ip !== undefined) q = q.where('ip', '=', where.ip);
    if (where.failed) q = q.where('succeeded', '=', 0);
    const row = await q.executeTakeFirstOrThrow();
    return { n: Number(row.n), last: row.last ? Date.parse(row.last) : 0 };
  };
  const refuse = (retryMs: number) => {
    throw new HttpError(429, TOO_MANY_ATTEMPTS, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryMs / 1000))) } });
  };

  return {
    async check(account, ip) {
      const now = opts.clock.now();
      const [pair, fromIp, hourly] = await Promise.all([
        count(now - WINDOW_MS, { account, ip, failed: true }),
        count(now - WINDOW_MS, { ip }),
        count(now - HOUR_MS, { account, failed: true }),
      ]);
      if (pair.n >= FAILURES_PER_ACCOUNT_AND_IP || fromIp.n >= opts.loginPerIpPer15Min) refuse(WINDOW_MS);
      if (hourly.n >= FAILURES_PER_ACCOUNT_HOUR) {
        const wait = Math.min(1000 * 2 ** (hourly.n - FAILURES_PER_ACCOUNT_HOUR), WINDOW_MS);
        if (now - hourly.last < wait) refuse(wait - (now - hourly.last));
      }
    },
    async record(account, ip, succeeded) {
      await db.insertInto('loginAttempts').values({ account, ip, succeeded: succeeded ? 1 : 0, createdAt: nowIso(opts.clock) }).execute();
    },
  };
}
