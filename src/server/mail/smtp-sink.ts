// A real SMTP server in-process (smtp-server) that keeps what arrives, parsed (mailparser): the route
// tests and the e2e run read delivered mail from it instead of trusting the outbox table.
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface SmtpSink {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** resolves with the first message (already arrived or arriving) that matches */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(', '),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content })),
          });
          for (const w of waiters) w();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    messages,
    waitFor: (match, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms; received: ${messages.map((m) => `${m.to} "${m.subject}"`).join('; ') || 'none'}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
