// Delivers the outbox over SMTP (nodemailer) when SMTP_URL is set; without it mail stays in the outbox
// for `npm run mail:list`. Each row is claimed with a short lease before sending, so two server
// processes on one database never send the same mail twice at once, and failures retry with backoff
// until delivered.
import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { isoAt, nowIso, type Clock } from '../clock.ts';
import type { DB } from '../db/schema.ts';
import type { MailAttachment } from './outbox.ts';

export interface Mailer {
  /** a change committed new mail: deliver soon */
  wake(): void;
  /** deliver everything due now and wait for it (tests, shutdown) */
  flush(): Promise<void>;
  close(): Promise<void>;
}

const POLL_MS = 30_000;
const LEASE_MS = 2 * 60_000;
const BATCH = 20;
/** 1, 2, 4 … minutes between tries, at most an hour: a long SMTP outage never loses mail */
export const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3600_000);

export function startMailer(db: Kysely<DB>, opts: { smtpUrl: string | null; mailFrom: string; clock: Clock; log: FastifyBaseLogger }): Mailer {
  if (!opts.smtpUrl) return { wake: () => undefined, flush: async () => undefined, close: async () => undefined };
  // pooled connections: a burst of seat mails goes out over a few open connections, not one handshake each
  const url = new URL(opts.smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  const transport = nodemailer.createTransport(url.toString());
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  async function sendOne(row: { id: number; toAddress: string; subject: string; textBody: string; attachments: string | null; sendAfter: string; attempts: number }): Promise<void> {
    const now = opts.clock.now();
    // the lease: only the process whose update matched sends this row now
    const claimed = await db
      .updateTable('emailOutbox')
      .set({ sendAfter: isoAt(now + LEASE_MS) })
      .where('id', '=', row.id)
      .where('sendAfter', '=', row.sendAfter)
      .where('sentAt', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return;
    try {
      const attachments = row.attachments ? (JSON.parse(row.attachments) as MailAttachment[]) : [];
      await transport.sendMail({
        from: opts.mailFrom,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, 'base64') })),
      });
      await db.updateTable('emailOutbox').set({ sentAt: nowIso(opts.clock), lastError: null }).where('id', '=', row.id).execute();
    } catch (err) {
      const attempts = row.attempts + 1;
      opts.log.warn({ mail: row.id, attempts, err: (err as Error).message }, 'mail delivery failed; will retry');
      await db
        .updateTable('emailOutbox')
        .set({ attempts, lastError: (err as Error).message.slice(0, 500), sendAfter: isoAt(opts.clock.now() + retryDelayMs(attempts)) })
        .where('id', '=', row.id)
        .execute();
    }
  }

  async function drain(): Promise<void> {
    for (;;) {
      const due = await db
        .selectFrom('emailOutbox')
        .select(['id', 'toAddress', 'subject', 'textBody', 'attachments', 'sendAfter', 'attempts'])
        .where('sentAt', 'is', null)
        .where('sendAfter', '<=', nowIso(opts.clock))
        .orderBy('id')
        .limit(BATCH)
        .execute();
      for (const row of due) if (!closed) await sendOne(row);
      if (due.length < BATCH || closed) return;
    }
  }

  /** one drain at a time; a wake during a drain runs one more, so nothing committed meanwhile waits for the poll */
  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await drain();
        } catch (err) {
          opts.log.error({ err }, 'mail outbox drain failed');
        }
      } while (again && !closed);
    })().finally(() => (running = null));
    return running;
  }

  const timer = setInterval(() => void run(), POLL_MS);
  timer.unref();
  void run();

  return {
    wake: () => void run(),
    flush: async () => {
      while (running) await running;
      await run();
    },
    close: async () => {
      closed = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
