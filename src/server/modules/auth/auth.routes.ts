// Getting in and back in (spec §7 login, recover; decisions.md 1, 4, 5): identity lives in a server-side
// session; failures say only 'Invalid login - please try again.', throttled per security.md; recovery
// e-mails the username and a single-use reset link, and answers the same whether the account exists.
import type { Kysely } from 'kysely';
import { postLogin, postLoginLink, postLogout, postRecover, postResetPassword } from '#shared/api/session';
import { RECOVER_MISSING, password2Error, passwordError } from '#shared/domain/validation';
import { isoAt, nowIso, type Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { passwordChangedMail, recoverMail } from '../../mail/messages.ts';
import { countMail, enqueueMail } from '../../mail/outbox.ts';
import { HttpError, implement, type Implementation } from '../../plugins/contract.ts';
import { endSession, hashToken, startSession } from '../../plugins/session.ts';
import { loginThrottle } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { storedUsername } from './usernames.repository.ts';
import { issueToken, retireAllTokens, TOKEN_TTL_MS, useToken } from './tokens.ts';

export const LOGIN_FAILED = 'Invalid login - please try again.';
export const RECOVER_SENT = 'Check inbox for your login credentials.';
export const LINK_INVALID = 'This login link is no longer valid. Log in with your username and password.';
export const RESET_INVALID = 'This password reset link is no longer valid. Ask for a new one on the Recover page.';
/** security.md: recover sends at most 3 mails an hour per account; more requests get the same answer and no mail */
const RECOVER_MAILS_PER_HOUR = 3;

export interface AuthDeps {
  db: Kysely<DB>;
  clock: Clock;
  publicUrl: string;
  passwordHashCost: number;
  loginPerIpPer15Min: number;
  mailer: Mailer;
}

const loginResult = (s: { hash: string; title: string; firstname: string; lastname: string; email: string }) => ({
  status: true,
  hash: s.hash,
  title: s.title,
  firstname: s.firstname,
  lastname: s.lastname,
  email: s.email,
});

export function authRoutes(deps: AuthDeps): Implementation[] {
  const { db, clock, publicUrl } = deps;
  const throttle = loginThrottle(db, deps);
  // an unknown username still costs one hash, so timing never tells which accounts exist
  const dummyHash = hashPassword('not-a-real-password', deps.passwordHashCost);
  const publicFields = ['id', 'hash', 'title', 'firstname', 'lastname', 'email'] as const;

  return [
    implement(postLogin, async ({ body, req, reply }) => {
      const account = body.u.trim().toLowerCase();
      const username = account ? await storedUsername(db, body.u.trim()) : null;
      const student = username === null ? undefined : await db.selectFrom('students').select([...publicFields, 'passwordHash']).where('username', '=', username).executeTakeFirst();
      const ok = await throttle.attempt(account, req.ip, async () => (student ? verifyPassword(body.p, student.passwordHash) : (await verifyPassword(body.p, await dummyHash), false)));
      if (!ok || !student) throw new HttpError(401, LOGIN_FAILED);
      await startSession(db, req, reply, student.id, deps);
      return loginResult(student);
    }),

    implement(postLogout, async ({ req, reply }) => {
      await endSession(db, req, reply, deps);
      return { status: true };
    }),

    implement(postLoginLink, async ({ body, req, reply }) => {
      const studentId = await useToken(db, body.token, 'login', clock.now());
      if (studentId === null) throw new HttpError(401, LINK_INVALID);
      const student = await db.selectFrom('students').select(publicFields).where('id', '=', studentId).executeTakeFirstOrThrow();
      await startSession(db, req, reply, student.id, deps);
      return loginResult(student);
    }),

    implement(postRecover, async ({ body }) => {
      const typed = body.u?.trim() ?? '';
      const m = body.m?.trim().toLowerCase() ?? '';
      if (!typed && !m) throw new HttpError(400, RECOVER_MISSING);
      // a name that finds no one account still lets the e-mail find it
      const u = typed ? await storedUsername(db, typed) : null;
      const student =
        u || m
          ? await db
              .selectFrom('students')
              .select(['id', 'username', 'email', 'firstname'])
              .where((eb) => eb.or([...(u ? [eb('username', '=', u)] : []), ...(m ? [eb('email', '=', m)] : [])]))
              .executeTakeFirst()
          : undefined;
      const now = clock.now();
      if (student && (await countMail(db, student.id, 'recover', now - 3600_000)) < RECOVER_MAILS_PER_HOUR) {
        await db.transaction().execute(async (trx) => {
          const token = await issueToken(trx, student.id, 'reset', now);
          await enqueueMail(trx, recoverMail(student, student.username, `${publicUrl}/reset/${token}`, TOKEN_TTL_MS.reset / 60_000), now);
        });
        deps.mailer.wake();
      }
      return { status: true, rowCount: 1, data: [{ status: true, msg: RECOVER_SENT }] };
    }),

    implement(postResetPassword, async ({ body }) => {
      const rule = passwordError(body.password) ?? password2Error(body.password, body.password2);
      if (rule) throw new HttpError(400, rule, { errors: { [passwordError(body.password) ? 'password' : 'password2']: rule } });
      // hash only for a link that can still work, then spend the link and the hash together
      const live = await db.selectFrom('authTokens').select('id').where('tokenHash', '=', hashToken(body.token)).where('purpose', '=', 'reset').where('usedAt', 'is', null).where('expiresAt', '>', nowIso(clock)).executeTakeFirst();
      if (!live) throw new HttpError(400, RESET_INVALID);
      const passwordHash = await hashPassword(body.password, deps.passwordHashCost);
      const now = clock.now();
      const changed = await db.transaction().execute(async (trx) => {
        const studentId = await useToken(trx, body.token, 'reset', now);
        if (studentId === null) return false;
        await trx.updateTable('students').set({ passwordHash, updatedAt: isoAt(now) }).where('id', '=', studentId).execute();
        // the other reset links and every login link in old e-mails stop working with the old password
        await retireAllTokens(trx, studentId, now);
        // security.md: a reset revokes every session of the account
        await trx.deleteFrom('sessions').where('studentId', '=', studentId).execute();
        const s = await trx.selectFrom('students').select(['id', 'email', 'firstname']).where('id', '=', studentId).executeTakeFirstOrThrow();
        await enqueueMail(trx, passwordChangedMail(s, publicUrl), now);
        return true;
      });
      if (!changed) throw new HttpError(400, RESET_INVALID);
      deps.mailer.wake();
      return { status: true };
    }),
  ];
}
