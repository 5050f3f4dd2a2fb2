// `npm run agd:export -- --from 2026-01-01 --to 2026-04-01 [--out roster.csv]`: the AGD roster as CSV
// (to standard output without --out). --to is exclusive, so quarters chain without overlap.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { agdRoster } from './agd-roster.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
try {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' }, out: { type: 'string' } } });
  if (!values.from || !values.to || !DAY.test(values.from) || !DAY.test(values.to) || values.from >= values.to) {
    throw new ConfigError('Give the period as --from YYYY-MM-DD --to YYYY-MM-DD (to is exclusive and after from).');
  }
  const database = await openDatabase(loadConfig());
  const csv = await agdRoster(database.db, values.from, values.to);
  await database.close();
  if (values.out) {
    writeFileSync(values.out, csv);
    console.error(`wrote ${csv.trim().split('\n').length - 1} completions to ${values.out}`);
  } else process.stdout.write(csv);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : (err as Error).message);
  process.exit(1);
}
