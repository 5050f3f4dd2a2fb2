// The journeys' mail server: a real SMTP server (the one the route tests use) that the app under test
// delivers to, plus a small HTTP window on what arrived, so a journey can open the link it was e-mailed.
import { createServer } from 'node:http';
import { startSmtpSink } from '../../src/server/mail/smtp-sink.ts';

const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT);
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT);
const sink = await startSmtpSink(smtpPort);

createServer((req, res) => {
  if (req.url === '/messages') {
    const body = sink.messages.map((m) => ({ ...m, attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, base64: a.content.toString('base64') })) }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  } else res.writeHead(req.url === '/health' ? 200 : 404).end();
}).listen(httpPort, '127.0.0.1', () => console.log(`mail sink: SMTP ${sink.url}, messages on http://127.0.0.1:${httpPort}/messages`));
