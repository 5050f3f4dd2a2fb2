// `npm run db:backup [file]` — a consistent copy of the configured database, safe while the server runs.
// `npm run db:restore <file>` — puts a backup back; stop the server first (SQLite's file is replaced under it).
// DATA_DIR / DATABASE_URL choose the database, as for npm start.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { backupName, backupPostgres, backupSqlite, restorePostgres, restoreSqlite } from './backup.ts';

const [verb, file] = process.argv.slice(2);
try {
  const config = loadConfig();
  const pg = config.databaseUrl !== null;
  if (verb === 'backup') {
    const target = path.resolve(file ?? path.join(config.dataDir, 'backups', backupName(new Date(config.clock.now()), pg ? 'dump' : 'sqlite')));
    mkdirSync(path.dirname(target), { recursive: true });
    if (pg) await backupPostgres(config.databaseUrl!, target);
    else await backupSqlite(config.sqlitePath, target);
    console.log(`Backed up ${pg ? 'PostgreSQL' : config.sqlitePath} to ${target}`);
  } else if (verb === 'restore' && file) {
    if (pg) await restorePostgres(file, config.databaseUrl!);
    else await restoreSqlite(path.resolve(file), config.sqlitePath);
    console.log(`Restored ${pg ? 'PostgreSQL' : config.sqlitePath} from ${path.resolve(file)}`);
  } else {
    console.error('usage: npm run db:backup [file]   |   npm run db:restore <file>   (stop the server before a restore)');
    process.exit(2);
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `${verb} failed: ${(err as Error).message}`);
  process.exit(1);
}
