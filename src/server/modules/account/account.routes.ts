// The student's own account (spec §7): register, the availability checks, profile and password, the
// credit summary and Proof of CE report, GDPR consent and the AGD reminder. The form rules are the
// shared ones of domain/registration.ts, so a request that bypasses the form gets the form's words.
import type { Kysely, Selectable, Transaction } from 'kysely';
import { EMAIL_NEEDS_PASSWORD, getAccountHome, getProfile, getStudent, postHideAgdReminder, postProfile, postRemoveConsent, postSendCeReport } from '#shared/api/account';
import { getValidateAgdNumber, getValidateEmail, getValidateUsername, postRegister } from '#shared/api/session';
import { CE_TYPE } from '#shared/domain/constants';
import {
  AGD_TAKEN,
  EMAIL_TAKEN,
  hasErrors,
  profileErrors,
  registerErrors,
  trimFields,
  USERNAME_TAKEN,
  type LookupValues,
  type ProfileFields,
  type RegisterFields,
} from '#shared/domain/registration';
import { CORRECT_ERRORS } from '#shared/domain/validation';
import { password2Error, passwordError } from '#shared/domain/validation';
import { randomHash } from '../../db/ids.ts';
import type { DB } from '../../db/schema.ts';
import { ceReportMail, emailChangedMail, passwordChangedMail, welcomeMail } from '../../mail/messages.ts';
import { countMail, enqueueMail, enqueueWithinLimit } from '../../mail/outbox.ts';
import { HttpError, implement, type Implementation } from '../../plugins/contract.ts';
import { hashToken, readCookie, sessionCookieName, startSession } from '../../plugins/session.ts';
import type { AuthDeps } from '../auth/auth.routes.ts';
import { loginThrottle } from '../auth/login-throttle.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { issueToken, retireAllTokens } from '../auth/tokens.ts';
import { usernameTaken } from '../auth/usernames.repository.ts';
import { nowIso } from '../../clock.ts';
import { storedAccreditations } from '../certificates/certificates.service.ts';
import { renderCeReport } from './ce-report-pdf.ts';

export const CURRENT_PASSWORD_WRONG = 'Current password is not correct.';
export const REPORTS_PER_DAY = 5;
export const REPORT_LIMIT = `The Proof of CE report can be e-mailed ${REPORTS_PER_DAY} times a day. Try again tomorrow.`;
/** spec §9's words for a student with no course completed: a report of nothing proves nothing (decision 0046) */
export const NOTHING_TO_REPORT = 'No CE completed.';

/** the same needs as the auth routes: passwords, the login throttle, mail */
export type AccountDeps = AuthDeps;

const LOOKUP_LISTS = ['jobTitles', 'titles', 'states', 'countries', 'ageRanges', 'officeSizes', 'sourceHeard'] as const;
type LookupList = (typeof LOOKUP_LISTS)[number];

async function lookupValues(db: Kysely<DB>): Promise<LookupValues> {
  const rows = await db.selectFrom('lookups').select(['list', 'value']).execute();
  const out = Object.fromEntries(LOOKUP_LISTS.map((l) => [l, [] as string[]])) as Record<LookupList, string[]>;
  for (const r of rows) if (r.list in out) out[r.list as LookupList].push(r.value);
  return out;
}

/** true when another student (not `exceptId`) already has the value */
async function taken(db: Kysely<DB>, column: 'username' | 'email' | 'agdNumber', value: string, exceptId: number | null): Promise<boolean> {
  if (column === 'username') return usernameTaken(db, value, exceptId);
  let q = db.selectFrom('students').select('id').where(column, '=', column === 'email' ? value.toLowerCase() : value);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

const TAKEN_MESSAGE = { username: USERNAME_TAKEN, email: EMAIL_TAKEN, agdNumber: AGD_TAKEN } as const;

/** a unique index refused the write: two people raced for one username, e-mail or AGD number */
function uniqueViolation(err: unknown): keyof typeof TAKEN_MESSAGE | null {
  const e = err as { code?: string; message?: string; constraint?: string };
  if (e.code !== '23505' && e.code !== 'SQLITE_CONSTRAINT_UNIQUE') return null;
  const text = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (/username/.test(text)) return 'username';
  if (/agd/.test(text)) return 'agdNumber';
  if (/email/.test(text)) return 'email';
  return null;
}

type StudentRow = Selectable<DB['students']>;

const toProfile = (s: StudentRow) => ({
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
  consentRemovedAt: s.consentRemovedAt,
});

/** the columns a register or profile form writes, from trimmed and checked values */
const studentColumns = (f: ProfileFields | RegisterFields) => ({
  title: f.title,
  firstname: f.firstname,
  lastname: f.lastname,
  jobTitle: f.jobTitle,
  officeName: f.officeName,
  address: f.address,
  city: f.city,
  state: f.state,
  zip: f.zip,
  country: f.country,
  phone: f.phone,
  email: f.email.toLowerCase(),
  agdNumber: f.agdNumber || null,
  certYear: Number(f.certYear),
  gender: f.gender,
  ageRange: f.ageRange,
  officeSize: f.officeSize,
});

/** the certificates are the credit records: what the Account summary and the report add up */
const completedCe = (db: Kysely<DB>, studentId: number) =>
  db
    .selectFrom('certificates as ct')
    .innerJoin('gradebook as g', 'g.id', 'ct.gradebookId')
    .select(['ct.id', 'ct.code', 'ct.title', 'ct.speakerName', 'ct.credits', 'ct.ceTypeId', 'ct.agdCode', 'ct.completedOn', 'g.podcastId'])
    .where('ct.studentId', '=', studentId)
    .orderBy('ct.completedAt', 'desc')
    .execute();

const round2 = (n: number) => Math.round(n * 100) / 100;
function totals(rows: ReadonlyArray<{ credits: number; ceTypeId: number }>) {
  const sum = (type: number) => round2(rows.filter((r) => r.ceTypeId === type).reduce((a, r) => a + Number(r.credits), 0));
  const ceHome = sum(CE_TYPE.HOMESTUDY);
  const ceLive = sum(CE_TYPE.PARTICIPATORY);
  return { ceHome, ceLive, ceTotal: round2(ceHome + ceLive) };
}

const refuse = (errors: Record<string, string>): never => {
  throw new HttpError(400, CORRECT_ERRORS, { errors });
};

export function accountRoutes(deps: AccountDeps): Implementation[] {
  const { db, clock, publicUrl } = deps;
  const throttle = loginThrottle(db, deps);
  const me = (id: number): Promise<StudentRow> => db.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** the current password, checked under the login throttles (a session must not become a guessing oracle) */
  async function provePassword(row: StudentRow, password: string, ip: string): Promise<void> {
    const ok = await throttle.attempt(row.username.toLowerCase(), ip, () => verifyPassword(password, row.passwordHash));
    if (!ok) throw new HttpError(400, CURRENT_PASSWORD_WRONG, { errors: { currentPassword: CURRENT_PASSWORD_WRONG } });
  }
  /** availability of the values whose own rules passed: the errors gain the "in use" messages */
  async function checkAvailability(f: { username?: string; email: string; agdNumber: string }, errors: Record<string, string>, exceptId: number | null) {
    if (f.username !== undefined && !errors.username && (await taken(db, 'username', f.username, exceptId))) errors.username = USERNAME_TAKEN;
    if (!errors.email && (await taken(db, 'email', f.email, exceptId))) errors.email = EMAIL_TAKEN;
    if (f.agdNumber && !errors.agdNumber && (await taken(db, 'agdNumber', f.agdNumber, exceptId))) errors.agdNumber = AGD_TAKEN;
  }
  /** a student write; a unique index that refuses it (a race the check above lost) becomes the field's message */
  async function write<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(fn);
    } catch (err) {
      const field = uniqueViolation(err);
      if (field) refuse({ [field]: TAKEN_MESSAGE[field] });
      throw err;
    }
  }
  const available = async (column: 'username' | 'email' | 'agdNumber', value: string, studentId: number | null) => ({
    status: value.trim() === '' ? column !== 'username' : !(await taken(db, column, value.trim(), studentId)),
  });

  return [
    implement(postRegister, async ({ body, req, reply }) => {
      const f = trimFields({ ...body, agdNumber: body.agdNumber ?? '' }) as RegisterFields;
      const errors: Record<string, string> = { ...registerErrors(f, await lookupValues(db), new Date(clock.now())) };
      await checkAvailability(f, errors, null);
      if (hasErrors(errors)) refuse(errors);
      const passwordHash = await hashPassword(f.password, deps.passwordHashCost);
      const now = clock.now();
      const student = await write(async (trx) => {
        const row = await trx
          .insertInto('students')
          .values({ ...studentColumns(f), hash: randomHash(), username: f.username, passwordHash, email2: null, sourceHeard: f.sourceHeard, consentRemovedAt: null, createdAt: nowIso(clock), updatedAt: nowIso(clock) })
          .returning(['id', 'hash', 'title', 'firstname', 'lastname', 'email'])
          .executeTakeFirstOrThrow();
        const link = await issueToken(trx, row.id, 'login', now);
        await enqueueMail(trx, welcomeMail(row, f.username, `${publicUrl}/login/${link}`, publicUrl), now);
        return row;
      });
      deps.mailer.wake();
      await startSession(db, req, reply, student.id, deps);
      const pub = { status: true, hash: student.hash, title: student.title, firstname: student.firstname, lastname: student.lastname, email: student.email };
      return { status: true, hash: student.hash, student: pub };
    }),

    // status true: the value is free; a logged-in student's own e-mail and AGD number count as free
    implement(getValidateUsername, async ({ query }) => available('username', query.u, null)),
    implement(getValidateEmail, async ({ query, student }) => available('email', query.email, student?.id ?? null)),
    implement(getValidateAgdNumber, async ({ query, student }) => available('agdNumber', query.agdNumber, student?.id ?? null)),

    implement(getStudent, async ({ student }) => ({ status: true, student: toProfile(await me(student.id)) })),
    implement(getProfile, async ({ student }) => ({ status: true, student: toProfile(await me(student.id)) })),

    implement(postProfile, async ({ body, student, req }) => {
      if (body.password !== undefined) {
        // the Password tab: the current password proves it is the owner, not just someone holding the session
        const errors: Record<string, string> = {};
        if (!body.currentPassword) errors.currentPassword = 'Password is required.';
        const p1 = passwordError(body.password);
        if (p1) errors.password = p1;
        const p2 = password2Error(body.password, body.password2 ?? '');
        if (p2) errors.password2 = p2;
        if (hasErrors(errors)) refuse(errors);
        const row = await me(student.id);
        await provePassword(row, body.currentPassword!, req.ip);
        const passwordHash = await hashPassword(body.password, deps.passwordHashCost);
        const current = readCookie(req, sessionCookieName(publicUrl));
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('students').set({ passwordHash, updatedAt: nowIso(clock) }).where('id', '=', student.id).execute();
          // every other device logs out; this one stays in
          await trx.deleteFrom('sessions').where('studentId', '=', student.id).where('tokenHash', '<>', current ? hashToken(current) : '').execute();
          await retireAllTokens(trx, student.id, clock.now());
          await enqueueMail(trx, passwordChangedMail(row, publicUrl), clock.now());
        });
        deps.mailer.wake();
        return { status: true };
      }
      const f = trimFields({ ...body, agdNumber: body.agdNumber ?? '', email2: body.email2 ?? '' }) as ProfileFields;
      const errors: Record<string, string> = { ...profileErrors(f, await lookupValues(db), new Date(clock.now())) };
      await checkAvailability(f, errors, student.id);
      const row = await me(student.id);
      const emailChanges = f.email.toLowerCase() !== row.email;
      // asked once the new address itself is acceptable: a taken or mistyped one is corrected first
      if (emailChanges && !errors.email && !body.currentPassword) errors.currentPassword = EMAIL_NEEDS_PASSWORD;
      if (hasErrors(errors)) {
        // the password alone is missing: say so in the answer too, not only under the field
        if (Object.keys(errors).length === 1 && errors.currentPassword) throw new HttpError(400, EMAIL_NEEDS_PASSWORD, { errors });
        refuse(errors);
      }
      if (emailChanges) await provePassword(row, body.currentPassword!, req.ip);
      const now = clock.now();
      await write(async (trx) => {
        await trx
          .updateTable('students')
          .set({ ...studentColumns(f), email2: f.email2 ? f.email2.toLowerCase() : null, updatedAt: nowIso(clock) })
          .where('id', '=', student.id)
          .execute();
        if (emailChanges) await enqueueMail(trx, emailChangedMail(row, f.email.toLowerCase(), publicUrl), now);
      });
      if (emailChanges) deps.mailer.wake();
      return { status: true };
    }),

    implement(getAccountHome, async ({ student }) => ({ status: true, summary: totals(await completedCe(db, student.id)) })),

    implement(postSendCeReport, async ({ student }) => {
      const now = clock.now();
      if ((await countMail(db, student.id, 'ce-report', now - 24 * 3600_000)) >= REPORTS_PER_DAY) throw new HttpError(429, REPORT_LIMIT);
      const [row, rows] = await Promise.all([me(student.id), completedCe(db, student.id)]);
      if (rows.length === 0) throw new HttpError(409, NOTHING_TO_REPORT);
      // each row prints the statements its certificate stored when it was issued
      const statements = await storedAccreditations(db, rows.map((r) => r.id));
      // the PDF is made outside any transaction: no slow work while the database is locked
      const pdf = await renderCeReport({
        student: { name: `${row.firstname} ${row.lastname}`, email: row.email, agdNumber: row.agdNumber },
        rows: rows.map((r) => ({ completedOn: r.completedOn, title: r.title, certificate: r.code, kind: r.podcastId ? 'Podcast' : 'Course', lecturer: r.speakerName, ceTypeId: r.ceTypeId, credits: Number(r.credits), agdCode: r.agdCode, accreditation: statements.get(r.id) ?? [] })),
        totals: totals(rows),
        generatedAt: now,
        portalUrl: publicUrl,
      });
      // counted again with the write: the check above only spares a PDF for a request already over the limit
      if (!(await enqueueWithinLimit(db, { ...ceReportMail(row, rows.length, pdf, publicUrl), studentId: student.id }, REPORTS_PER_DAY, now - 24 * 3600_000, now))) throw new HttpError(429, REPORT_LIMIT);
      deps.mailer.wake();
      return { status: true };
    }),

    implement(postRemoveConsent, async ({ student }) => {
      // the first request's time is the one that counts; asking again changes nothing
      await db.updateTable('students').set({ consentRemovedAt: nowIso(clock), updatedAt: nowIso(clock) }).where('id', '=', student.id).where('consentRemovedAt', 'is', null).execute();
      return { status: true };
    }),

    implement(postHideAgdReminder, async ({ student }) => {
      await db.updateTable('students').set({ hideAgdReminder: 1, updatedAt: nowIso(clock) }).where('id', '=', student.id).execute();
      return { status: true };
    }),
  ];
}
