// Single-use tokens for links in e-mails (decisions.md 4 and 5): a 256-bit random value that only the
// e-mail holds; the database keeps its SHA-256, the purpose and the expiry. Using one marks it used in
// the same statement that checks it, so two clicks on one link never both succeed.
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { hashToken } from '../../plugins/session.ts';
import { isoAt } from '../../clock.ts';

export type TokenPurpose = 'reset' | 'login';

/** security.md: a reset link lives 30 minutes; a login link in an e-mail a day */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = { reset: 30 * 60_000, login: 24 * 3600_000 };

export async function issueToken(db: Kysely<DB> | Transaction<DB>, studentId: number, purpose: TokenPurpose, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('authTokens')
    .values({ tokenHash: hashToken(token), studentId, purpose, createdAt: isoAt(now), expiresAt: isoAt(now + TOKEN_TTL_MS[purpose]), usedAt: null })
    .execute();
  return token;
}

/** the student the token was issued to, once: null when it is unknown, expired, used or for another purpose */
export async function useToken(db: Kysely<DB> | Transaction<DB>, token: string, purpose: TokenPurpose, now: number): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{40,60}$/.test(token)) return null;
  const at = isoAt(now);
  const row = await db
    .updateTable('authTokens')
    .set({ usedAt: at })
    .where('tokenHash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', at)
    .returning('studentId')
    .executeTakeFirst();
  return row?.studentId ?? null;
}

/**
 * every unused login link and reset link of the account stops working: a new password (reset or change)
 * must not leave a link in some mailbox that opens the account without it
 */
export async function retireAllTokens(db: Kysely<DB> | Transaction<DB>, studentId: number, now: number): Promise<void> {
  await db.updateTable('authTokens').set({ usedAt: isoAt(now) }).where('studentId', '=', studentId).where('usedAt', 'is', null).execute();
}
