// Accreditation statements (issue 11; decisions.md "Accreditation statements"): the operator's statements
// with their validity period, and the copy each certificate keeps of those that covered its completion date.
import type { CreateTableBuilder, Kysely } from 'kysely';

type Table = CreateTableBuilder<string, any>;

export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const text = (t: Table, col: string): Table => t.addColumn(col, 'text', (c) => c.notNull());

  // validFrom and validThrough are calendar dates ('YYYY-MM-DD', both days included) stored as text:
  // compared as strings they order correctly on both databases, and no driver turns them into a Date
  let accreditations: Table = db.schema
    .createTable('accreditations')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()));
  for (const col of ['provider', 'approval_body', 'statement', 'valid_from', 'valid_through', 'created_at']) accreditations = text(accreditations, col);
  // the importer is additive: one body's approval of one provider from one date is one statement
  await accreditations.addUniqueConstraint('accreditations_uq', ['provider', 'approval_body', 'valid_from']).execute();

  // a copy, not only a reference: what a certificate printed never changes after it was issued
  let copies: Table = db.schema
    .createTable('certificate_accreditations')
    .addColumn('certificate_id', 'integer', (c) => c.notNull().references('certificates.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('accreditation_id', 'integer', (c) => c.references('accreditations.id').onDelete('set null'));
  for (const col of ['provider', 'approval_body', 'statement', 'valid_from', 'valid_through']) copies = text(copies, col);
  await copies.addPrimaryKeyConstraint('certificate_accreditations_pk', ['certificate_id', 'position']).execute();
}
