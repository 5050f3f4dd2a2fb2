// `npm run mail:list`: the e-mail outbox, newest first. Without SMTP_URL mail stays here.
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';

try {
  const config = loadConfig();
  const database = await openDatabase(config);
  const rows = await database.db.selectFrom('emailOutbox').select(['id', 'toAddress', 'subject', 'createdAt', 'sentAt', 'attempts', 'lastError', 'textBody']).orderBy('id', 'desc').limit(50).execute();
  await database.close();
  if (!rows.length) console.log('The outbox is empty.');
  for (const r of rows) {
    console.log(`#${r.id} ${r.createdAt} to ${r.toAddress} — ${r.subject} [${r.sentAt ? `sent ${r.sentAt}` : `waiting, ${r.attempts} attempts${r.lastError ? `, last error: ${r.lastError}` : ''}`}]`);
    console.log(`${r.textBody.split('\n').map((l) => `    ${l}`).join('\n')}\n`);
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : (err as Error).message);
  process.exit(1);
}
