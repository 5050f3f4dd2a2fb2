// Who is calling: the server-side session named by the session cookie (security.md, "Sessions").
// Login (issue 3) creates sessions; every /api handler reads identity from request.student only.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { isoAt, nowIso, type Clock } from '../clock.ts';
import { prepared } from '../db/prepared.ts';
import type { DB } from '../db/schema.ts';
import { isPdf, mediaFileOf } from './media.ts';

export interface SessionStudent {
  id: number;
  hash: string;
  /** the version of the student's catalogue marks as this request began (migration 0015) */
  marksVersion: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    student: SessionStudent | null;
  }
}

/**
 * Browsers refuse Secure (and so __Host-) cookies over plain http except on localhost, so the
 * name depends on whether PUBLIC_URL is https.
 */
export const sessionCookieName = (publicUrl: string) => (publicUrl.startsWith('https:') ? '__Host-sid' : 'sid');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function readCookie(req: FastifyRequest, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    // our tokens are base64url and never encoded; anything else is not our session
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * where identity matters: every /api call, and media PDFs (an e-book downloads only for a student, spec §6),
 * judged by the file that would be served, so '/media/x.%70df' is a PDF here as it is on disk
 */
export const needsIdentity = (url: string) => url.startsWith('/api/') || isPdf(mediaFileOf(url));

export function registerSession(app: FastifyInstance, db: Kysely<DB>, opts: { publicUrl: string; clock: Clock }): void {
  const cookie = sessionCookieName(opts.publicUrl);
  // every request of a logged-in student runs it: compiled once (db/prepared.ts)
  const sessionOf = prepared(db, (tokenHash: string) =>
    db
      .selectFrom('sessions')
      .innerJoin('students', 'students.id', 'sessions.studentId')
      .select(['students.id', 'students.hash', 'students.marksVersion', 'sessions.lastSeenAt', 'sessions.expiresAt'])
      .where('sessions.tokenHash', '=', tokenHash),
  );
  app.decorateRequest('student', null);
  app.addHook('onRequest', async (req) => {
    req.student = null;
    if (!needsIdentity(req.url)) return;
    const token = readCookie(req, cookie);
    if (!token || !/^[A-Za-z0-9_-]{20,200}$/.test(token)) return;
    const now = nowIso(opts.clock);
    const [row] = await sessionOf(hashToken(token));
    if (!row) return;
    const idleLimit = isoAt(opts.clock.now() - SESSION_IDLE_MS);
    if (row.expiresAt <= now || row.lastSeenAt <= idleLimit) return;
    req.student = { id: row.id, hash: row.hash, marksVersion: row.marksVersion };
    // the idle timeout counts from the last use; one write an hour per session is enough to keep it moving
    if (row.lastSeenAt <= isoAt(opts.clock.now() - 3600_000)) {
      await db.updateTable('sessions').set({ lastSeenAt: now }).where('tokenHash', '=', hashToken(token)).execute();
    }
  });
}

/** idle timeout 7 days, absolute 30 days (security.md) */
export const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;

/**
 * A new session for a student who just proved who they are: a fresh 256-bit token (rotation at
 * login: the one the request carried, if any, is deleted), only its hash stored, the cookie set.
 */
/** the student each request opened a session for (plugins/idempotency.ts keeps it, so a repeat can open another) */
const opened = new WeakMap<FastifyRequest, number>();
export const sessionOpenedFor = (req: FastifyRequest): number | undefined => opened.get(req);

export async function startSession(db: Kysely<DB>, req: FastifyRequest, reply: FastifyReply, studentId: number, opts: { publicUrl: string; clock: Clock }): Promise<void> {
  const name = sessionCookieName(opts.publicUrl);
  const previous = readCookie(req, name);
  if (previous) await db.deleteFrom('sessions').where('tokenHash', '=', hashToken(previous)).execute();
  const token = randomBytes(32).toString('base64url');
  const now = opts.clock.now();
  await db
    .insertInto('sessions')
    .values({ tokenHash: hashToken(token), studentId, createdAt: isoAt(now), lastSeenAt: isoAt(now), expiresAt: isoAt(now + SESSION_ABSOLUTE_MS), userAgent: req.headers['user-agent']?.slice(0, 200) ?? null })
    .execute();
  reply.header('set-cookie', sessionCookie(name, token, Math.floor(SESSION_ABSOLUTE_MS / 1000), opts.publicUrl));
  opened.set(req, studentId);
}

/** logout: the session row goes, and the browser forgets the cookie */
export async function endSession(db: Kysely<DB>, req: FastifyRequest, reply: FastifyReply, opts: { publicUrl: string }): Promise<void> {
  const name = sessionCookieName(opts.publicUrl);
  const token = readCookie(req, name);
  if (token) await db.deleteFrom('sessions').where('tokenHash', '=', hashToken(token)).execute();
  reply.header('set-cookie', sessionCookie(name, '', 0, opts.publicUrl));
}

const sessionCookie = (name: string, value: string, maxAge: number, publicUrl: string) =>
  `${name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${publicUrl.startsWith('https:') ? '; Secure' : ''}`;
