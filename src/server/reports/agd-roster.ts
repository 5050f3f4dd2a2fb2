// The AGD roster (issue 6): completions of students with an AGD member number, for reporting credits to
// the Academy of General Dentistry. One row per certificate in the period, as CSV.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export const ROSTER_HEADER = ['member_number', 'last_name', 'first_name', 'course', 'agd_subject_code', 'hours', 'completed_on'] as const;

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled */
const csvField = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** completions from `from` (inclusive) to `to` (exclusive), ISO dates or instants */
export async function agdRoster(db: Kysely<DB>, from: string, to: string): Promise<string> {
  const rows = await db
    .selectFrom('certificates as ct')
    .innerJoin('students as s', 's.id', 'ct.studentId')
    .select(['s.agdNumber', 's.lastname', 's.firstname', 'ct.title', 'ct.agdCode', 'ct.credits', 'ct.completedOn'])
    .where('s.agdNumber', 'is not', null)
    .where('ct.completedAt', '>=', from)
    .where('ct.completedAt', '<', to)
    .orderBy('ct.completedAt')
    .orderBy('ct.id')
    .execute();
  const lines = [ROSTER_HEADER.join(',')];
  for (const r of rows) lines.push([r.agdNumber, r.lastname, r.firstname, r.title, r.agdCode, Number(r.credits), r.completedOn].map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
