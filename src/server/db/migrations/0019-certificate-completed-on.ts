// A certificate's date completed is a calendar day fixed at the pass, in the student's own time zone (decision 0045).
// It was the moment's day wherever it was read: the PDF said it in the server's zone (UTC), the student's screens in
// the phone's, the verification page in the auditor's, the license tracker by the UTC date. A course a Chicago
// hygienist finished at 8 PM on the last day of her renewal cycle printed the next day, fell out of the cycle, and
// missed an accreditation period ending that day. Certificates issued before get the day in the zone the student's
// device last gave (migration 0018), else UTC: what their PDF printed.
import type { Kysely } from 'kysely';
import { dayIn } from '#shared/domain/format';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('certificates').addColumn('completed_on', 'text').execute();
  const rows = await db
    .selectFrom('certificates as ct')
    .innerJoin('students as s', 's.id', 'ct.student_id')
    .select(['ct.id', 'ct.completed_at', 's.time_zone'])
    .execute();
  for (const r of rows) {
    await db.updateTable('certificates').set({ completed_on: dayIn(r.completed_at, r.time_zone) }).where('id', '=', r.id).execute();
  }
}
