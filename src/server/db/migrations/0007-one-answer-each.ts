// One evaluation per student and course, one sponsored-video answer per student and class: the routes
// keep these under the gradebook lock; the unique indexes make them hold whatever code writes.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('evaluations_class_uq').on('evaluations').columns(['student_id', 'class_id']).unique().where(sql.ref('class_id'), 'is not', null).execute();
  await db.schema.createIndex('evaluations_podcast_uq').on('evaluations').columns(['student_id', 'podcast_id']).unique().where(sql.ref('podcast_id'), 'is not', null).execute();
  await db.schema.createIndex('sva_responses_uq').on('sva_responses').columns(['student_id', 'class_id']).unique().execute();
}
