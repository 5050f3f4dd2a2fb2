// A number that changes whenever a student's marks on the catalogue change (issue 17, docs/decisions/0032): their
// active seats and their completed exams. Every list a student reads carries these marks; the server keeps them per
// student while this number stays the same, and reads it with the session, so a list costs no marks query. Kept by
// triggers, not by the code that writes: no write path (a seat, a waitlist promotion, an exam, the importer,
// retention, a test's own insert) can forget it, on one server or several sharing the database. The bump is in the
// writing transaction, so the number is never seen before the change it stands for.
import { sql, type Kysely } from 'kysely';

/** the columns of each table whose change can change a mark */
const WATCHED = { seats: ['status', 'class_id', 'student_id'], gradebook: ['exam_taken_at', 'class_id', 'podcast_id', 'student_id'] };

export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema.alterTable('students').addColumn('marks_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  const bump = (who: 'OLD' | 'NEW') => `update students set marks_version = marks_version + 1 where id = ${who}.student_id;`;
  if (dialect === 'postgres') {
    await sql
      .raw(
        `create function bump_marks_version() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' then ${bump('OLD')} end if;
          if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.student_id is distinct from old.student_id) then ${bump('NEW')} end if;
          return null;
        end $$`,
      )
      .execute(db);
    for (const [table, columns] of Object.entries(WATCHED)) {
      await sql.raw(`create trigger ${table}_marks_version after insert or delete or update of ${columns.join(', ')} on ${table} for each row execute function bump_marks_version()`).execute(db);
    }
    return;
  }
  for (const [table, columns] of Object.entries(WATCHED)) {
    await sql.raw(`create trigger ${table}_marks_version_insert after insert on ${table} begin ${bump('NEW')} end`).execute(db);
    await sql.raw(`create trigger ${table}_marks_version_delete after delete on ${table} begin ${bump('OLD')} end`).execute(db);
    await sql
      .raw(`create trigger ${table}_marks_version_update after update of ${columns.join(', ')} on ${table} begin ${bump('OLD')} update students set marks_version = marks_version + 1 where id = NEW.student_id and NEW.student_id is not OLD.student_id; end`)
      .execute(db);
  }
}
