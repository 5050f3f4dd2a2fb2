// My license (issue 19; docs/decisions/0026-license-tracker.md).
// - license_presets: the content pack's starting points, one row per preset with its rules as JSON (each rule
//   with its source); replaced by each import.
// - licenses: a student's license; first_renewal_date is the renewal date the student gave, the current cycle's
//   end is computed from it (it rolls on by cycle_years once a date has passed), so no job has to move it.
// - license_rules: the student's own copies. preset_id + preset_key name the preset rule a copy came from,
//   `source` its source as JSON; `edited` is set once the student changes it, so a later preset update leaves it;
//   `removed` keeps a removed preset rule out of the list without letting the next update bring it back.
// - reported_courses: courses taken elsewhere ("self-reported"), the student's own, counted by their date in every
//   license; proof_key is the private storage key of the proof file.
// - license_reminders: one row per license, cycle and window (90/30/7 days): the unique key makes every server
//   process agree on who sends it.
// - classes.topics / podcasts.topics: the content pack's topics of a course (JSON array), so its certificates count
//   toward a mandatory topic.
import type { CreateTableBuilder, Kysely } from 'kysely';

type Table = CreateTableBuilder<string, any>;

export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const table = (name: string): Table =>
    db.schema.createTable(name).addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()));
  // hours in quarters and percentages: PostgreSQL's real is 4 bytes, SQLite's 8
  const num = dialect === 'postgres' ? 'double precision' : 'real';

  await db.schema
    .createTable('license_presets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('jurisdiction', 'text', (c) => c.notNull())
    .addColumn('license_type', 'text', (c) => c.notNull())
    .addColumn('cycle_years', 'integer', (c) => c.notNull())
    .addColumn('caveat', 'text')
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await table('licenses')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('jurisdiction', 'text', (c) => c.notNull())
    .addColumn('license_type', 'text', (c) => c.notNull())
    .addColumn('number', 'text')
    .addColumn('first_renewal_date', 'text', (c) => c.notNull())
    .addColumn('cycle_years', 'integer', (c) => c.notNull())
    .addColumn('preset_id', 'text')
    // the day the license was added or its renewal date last changed: a reminder window that opened before it is not sent
    .addColumn('reminders_from', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('licenses_student_ix').on('licenses').column('student_id').execute();

  await table('license_rules')
    .addColumn('license_id', 'integer', (c) => c.notNull().references('licenses.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('hours', num)
    .addColumn('percent', num)
    .addColumn('topic', 'text')
    .addColumn('other_topic', 'text')
    .addColumn('every_years', 'integer')
    .addColumn('note', 'text')
    .addColumn('preset_id', 'text')
    .addColumn('preset_key', 'text')
    .addColumn('source', 'text')
    .addColumn('edited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('license_rules_license_ix').on('license_rules').column('license_id').execute();
  await db.schema.createIndex('license_rules_preset_ix').on('license_rules').columns(['preset_id', 'preset_key']).execute();

  await table('reported_courses')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('hours', num, (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('topics', 'text', (c) => c.notNull())
    .addColumn('other_topics', 'text', (c) => c.notNull())
    .addColumn('agd_code', 'text')
    .addColumn('proof_key', 'text')
    .addColumn('proof_name', 'text')
    .addColumn('proof_type', 'text')
    .addColumn('proof_bytes', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reported_courses_student_ix').on('reported_courses').columns(['student_id', 'date']).execute();

  await table('license_reminders')
    .addColumn('license_id', 'integer', (c) => c.notNull().references('licenses.id').onDelete('cascade'))
    .addColumn('cycle_end', 'text', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('license_reminders_uq', ['license_id', 'cycle_end', 'days'])
    .execute();

  // SQLite adds one column per ALTER TABLE
  await db.schema.alterTable('classes').addColumn('topics', 'text').execute();
  await db.schema.alterTable('podcasts').addColumn('topics', 'text').execute();
}
