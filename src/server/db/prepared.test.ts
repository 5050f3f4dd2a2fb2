// A query compiled once runs with each call's own arguments, keeps its constants, and refuses an argument that
// shapes the query instead of filling a parameter: on SQLite, and on PostgreSQL under `npm run test:pg`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test-support.ts';
import { prepared } from './prepared.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('prepared', () => {
  it('runs the compiled query with each call’s arguments, an argument used twice in both places', async () => {
    const { db } = t.database;
    const classesOf = prepared(db, (typeId: number, like: string) =>
      db
        .selectFrom('classes')
        .select('hash')
        .where('typeId', '=', typeId)
        .where((eb) => eb.or([eb('hash', 'like', like), eb('name', 'like', like)]))
        .where('isTutorial', '=', 0)
        .orderBy('hash'),
    );
    for (const [typeId, like] of [[20, 'live-%'], [10, '%perio%'], [20, 'nothing-%']] as const) {
      const expected = await db.selectFrom('classes').select('hash').where('typeId', '=', typeId).where((eb) => eb.or([eb('hash', 'like', like), eb('name', 'like', like)])).where('isTutorial', '=', 0).orderBy('hash').execute();
      expect(await classesOf(typeId, like), `${typeId} ${like}`).toEqual(expected);
    }
    expect((await classesOf(20, 'live-%')).length).toBeGreaterThan(0);
  });

  it('refuses an argument that is no parameter of the query', () => {
    const { db } = t.database;
    expect(() => prepared(db, (hash: string) => db.selectFrom('classes').select('id').where('hash', '=', hash.length > 3 ? 'x' : 'y'))).toThrow(/argument 0 is no parameter/);
  });
});
