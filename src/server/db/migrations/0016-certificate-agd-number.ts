// A certificate prints the student's AGD member number as it stood when the certificate was issued (a phone walk:
// an auditor, and the AGD's own credit reporting, look for it; the transcript had it, the certificate did not).
// Frozen like the name: a later change of the profile never changes a certificate. Certificates issued before carry
// none.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('certificates').addColumn('agd_number', 'text').execute();
}
