// The AGD roster: the completions of students with a member number in the period, as CSV a spreadsheet
// or the AGD's upload reads (quoted where needed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test-support.ts';
import { agdRoster, ROSTER_HEADER } from './agd-roster.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('the AGD roster', () => {
  it('lists each completion of a student with an AGD number in the period, and nothing else', async () => {
    const certs = await t.database.db
      .selectFrom('certificates as ct')
      .innerJoin('students as s', 's.id', 'ct.studentId')
      .select(['ct.title', 'ct.completedAt', 's.agdNumber'])
      .execute();
    expect(certs.length).toBeGreaterThan(0);
    const from = '2000-01-01';
    const to = '2100-01-01';
    const csv = await agdRoster(t.database.db, from, to);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(ROSTER_HEADER.join(','));
    const withNumber = certs.filter((c) => c.agdNumber !== null);
    expect(lines).toHaveLength(withNumber.length + 1);
    for (const c of withNumber) expect(csv).toContain(c.title.includes(',') ? `"${c.title}"` : c.title);
    expect(lines.slice(1).every((l) => l.startsWith(`${withNumber[0]!.agdNumber},`))).toBe(true);

    // the period bounds: nothing before the earliest completion, and --to is exclusive
    const earliest = withNumber.map((c) => c.completedAt).sort()[0]!;
    expect((await agdRoster(t.database.db, from, earliest)).trimEnd().split('\r\n')).toHaveLength(1);
  });

  it('quotes a field holding a comma or a quote', async () => {
    await t.database.db.updateTable('certificates').set({ title: 'Crowns, "Bridges" and Veneers' }).where('id', '=', (await t.database.db.selectFrom('certificates').select('id').executeTakeFirstOrThrow()).id).execute();
    expect(await agdRoster(t.database.db, '2000-01-01', '2100-01-01')).toContain('"Crowns, ""Bridges"" and Veneers"');
  });
});
