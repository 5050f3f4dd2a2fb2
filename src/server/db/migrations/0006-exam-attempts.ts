// Exam attempts (issue 6): the client names each attempt, so parallel submits of one attempt grade once.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exam_attempts').addColumn('attempt_key', 'text').execute();
  await db.schema.createIndex('exam_attempts_key_uq').on('exam_attempts').columns(['student_id', 'exam_id', 'attempt_key']).unique().where(sql.ref('attempt_key'), 'is not', null).execute();
}
