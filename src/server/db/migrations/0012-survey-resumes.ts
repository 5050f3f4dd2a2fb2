// The sponsor survey resumes (issue 21): one answer per student, class and question, whatever pass through the
// survey it came from. Before, each GET /api/survey named a new session, and a reload in the middle stored the
// first answers again under it; the latest answer of each question is the one kept.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    delete from survey_responses
    where class_id is not null
      and id not in (select max(id) from survey_responses where class_id is not null group by student_id, class_id, question_id)
  `.execute(db);
  await db.schema
    .createIndex('survey_responses_uq')
    .on('survey_responses')
    .columns(['student_id', 'class_id', 'question_id'])
    .unique()
    .where(sql.ref('class_id'), 'is not', null)
    .execute();
}
