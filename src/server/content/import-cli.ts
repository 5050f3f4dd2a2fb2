// `npm run content:import <pack.json>`: validate a content pack and add it to the configured database.
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { storageOf } from '../storage/storage.ts';
import { importPack } from './importer.ts';
import { loadPack, PackError } from './load-pack.ts';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run content:import <pack.json>\n  (DATA_DIR / DATABASE_URL choose the database, as for npm start)');
  process.exit(2);
}
try {
  const config = loadConfig();
  const loaded = await loadPack(path.resolve(file));
  const database = await openDatabase(config);
  try {
    const report = await importPack(database.db, loaded, { now: config.clock.now(), storage: storageOf(config), passwordHashCost: config.passwordHashCost });
    const fmt = (r: Record<string, number>) => Object.entries(r).map(([k, n]) => `${n} ${k}`).join(', ') || 'nothing';
    console.log(`Imported ${path.basename(file)} into ${database.dialect === 'postgres' ? 'PostgreSQL' : config.sqlitePath}.\n  added: ${fmt(report.added)}\n  already there (kept): ${fmt(report.skipped)}`);
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof PackError || err instanceof ConfigError ? err.message : `Import failed: ${(err as Error).message}`);
  process.exit(1);
}
