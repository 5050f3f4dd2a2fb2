// The e-mail outbox (security.md "Data integrity"): a change that causes mail writes its outbox row in
// the same transaction, so the mail exists exactly when the change does; delivery happens after commit.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { isPostgres } from '../db/search-index.ts';
import { writeTransaction } from '../db/write-transaction.ts';
import { isoAt } from '../clock.ts';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  /** whose mail and what kind: the per-account limits count these */
  studentId?: number;
  kind: MailKind;
}

export type MailKind = 'welcome' | 'recover' | 'password-changed' | 'email-changed' | 'ce-report' | 'certificate' | 'seat' | 'reminder' | 'license-reminder' | 'support';

export async function enqueueMail(db: Kysely<DB> | Transaction<DB>, mail: OutgoingMail, now: number): Promise<void> {
  const at = isoAt(now);
  await db
    .insertInto('emailOutbox')
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: null,
      attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
      createdAt: at,
      sendAfter: at,
      sentAt: null,
      lastError: null,
      studentId: mail.studentId ?? null,
      kind: mail.kind,
    })
    .execute();
}

/** how many mails of a kind a student was sent (or is about to be) since a time: the per-account limits */
export async function countMail(db: Kysely<DB> | Transaction<DB>, studentId: number, kind: MailKind, sinceMs: number): Promise<number> {
  const row = await db
    .selectFrom('emailOutbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('studentId', '=', studentId)
    .where('kind', '=', kind)
    .where('createdAt', '>', isoAt(sinceMs))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Enqueues `mail` unless its student already had `limit` mails of its kind since `sinceMs`; false when
 * over. The count and the insert are one write transaction (on PostgreSQL behind the student's row), so
 * parallel requests cannot all pass the count: the per-day limits of security.md hold exactly.
 */
export async function enqueueWithinLimit(db: Kysely<DB>, mail: OutgoingMail & { studentId: number }, limit: number, sinceMs: number, now: number): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    if (isPostgres(db)) await sql`select id from students where id = ${mail.studentId} for update`.execute(trx);
    if ((await countMail(trx, mail.studentId, mail.kind, sinceMs)) >= limit) return false;
    await enqueueMail(trx, mail, now);
    return true;
  });
}
