// Migration 0019 on certificates issued before it: each gets the day it was completed in the zone the student's
// device last gave, or in UTC (what its PDF printed) when none is known.
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { up } from './0019-certificate-completed-on.ts';

describe('migration 0019', () => {
  it('dates each certificate issued before it in its student’s zone, else in UTC', async () => {
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    await db.schema.createTable('students').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('time_zone', 'text').execute();
    await db.schema.createTable('certificates').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('student_id', 'integer').addColumn('completed_at', 'text').execute();
    await db.insertInto('students').values([{ id: 1, time_zone: 'America/Chicago' }, { id: 2, time_zone: null }, { id: 3, time_zone: 'Not/AZone' }]).execute();
    const at = '2026-12-01T02:05:00.000Z';
    await db.insertInto('certificates').values([1, 2, 3].map((id) => ({ id, student_id: id, completed_at: at }))).execute();
    await up(db);
    const rows = await db.selectFrom('certificates').select(['id', 'completed_on']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 1, completed_on: '2026-11-30' },
      { id: 2, completed_on: '2026-12-01' },
      { id: 3, completed_on: '2026-12-01' },
    ]);
    await db.destroy();
  });
});
