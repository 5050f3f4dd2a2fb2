// Login, logout and "who am I" (spec §7 login and student; decisions.md 1): identity lives in a
// server-side session; failures say only 'Invalid login - please try again.', throttled per security.md.
import type { Kysely } from 'kysely';
import { getStudent } from '#shared/api/account';
import { postLogin, postLogout } from '#shared/api/session';
import type { Clock } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { HttpError, implement, type Implementation } from '../../plugins/contract.ts';
import { endSession, startSession } from '../../plugins/session.ts';
import { hashPassword, verifyPassword } from './password.ts';

export const LOGIN_FAILED = 'Invalid login - please try again.';
const WINDOW_MS = 15 * 60_000;
/** security.md: 5 failures per 15 min per account and IP */
const FAILURES_PER_ACCOUNT_AND_IP = 5;

export function authRoutes(db: Kysely<DB>, opts: { clock: Clock; publicUrl: string; passwordHashCost: number; loginPerIpPer15Min: number }): Implementation[] {
  // an unknown username still costs one hash, so timing never tells which accounts exist
  const dummyHash = hashPassword('not-a-real-password', opts.passwordHashCost);

  /** true when this account+IP, or this IP, has used up its attempts: the password is then not checked */
  async function throttled(account: string, ip: string): Promise<boolean> {
    const since = new Date(opts.clock.now() - WINDOW_MS).toISOString();
    const [failures, attempts] = await Promise.all([
      db.selectFrom('loginAttempts').select((eb) => eb.fn.countAll<number>().as('n')).where('account', '=', account).where('ip', '=', ip).where('succeeded', '=', 0).where('createdAt', '>', since).executeTakeFirstOrThrow(),
      db.selectFrom('loginAttempts').select((eb) => eb.fn.countAll<number>().as('n')).where('ip', '=', ip).where('createdAt', '>', since).executeTakeFirstOrThrow(),
    ]);
    return Number(failures.n) >= FAILURES_PER_ACCOUNT_AND_IP || Number(attempts.n) >= opts.loginPerIpPer15Min;
  }

  return [
    implement(postLogin, async ({ body, req, reply }) => {
      const account = body.u.trim().toLowerCase();
      const ip = req.ip;
      if (await throttled(account, ip)) {
        reply.header('retry-after', String(WINDOW_MS / 1000));
        throw new HttpError(429, 'Too many login attempts. Wait 15 minutes and try again.');
      }
      const student = account ? await db.selectFrom('students').select(['id', 'hash', 'title', 'firstname', 'lastname', 'email', 'passwordHash']).where('username', '=', body.u.trim()).executeTakeFirst() : undefined;
      const ok = student ? await verifyPassword(body.p, student.passwordHash) : (await verifyPassword(body.p, await dummyHash), false);
      await db.insertInto('loginAttempts').values({ account, ip, succeeded: ok ? 1 : 0, createdAt: new Date(opts.clock.now()).toISOString() }).execute();
      if (!ok || !student) throw new HttpError(401, LOGIN_FAILED);
      await startSession(db, req, reply, student.id, opts);
      return { status: true, hash: student.hash, title: student.title, firstname: student.firstname, lastname: student.lastname, email: student.email };
    }),

    implement(postLogout, async ({ req, reply }) => {
      await endSession(db, req, reply, opts);
      return { status: true };
    }),

    implement(getStudent, async ({ student }) => {
      const s = await db.selectFrom('students').selectAll().where('id', '=', student.id).executeTakeFirstOrThrow();
      return {
        status: true,
        student: {
          hash: s.hash,
          username: s.username,
          title: s.title,
          firstname: s.firstname,
          lastname: s.lastname,
          jobTitle: s.jobTitle,
          officeName: s.officeName,
          address: s.address,
          city: s.city,
          state: s.state,
          zip: s.zip,
          country: s.country,
          phone: s.phone,
          email: s.email,
          email2: s.email2,
          agdNumber: s.agdNumber,
          certYear: s.certYear,
          gender: s.gender,
          ageRange: s.ageRange,
          officeSize: s.officeSize,
          hideAgdReminder: s.hideAgdReminder === 1,
        },
      };
    }),
  ];
}
