// A username is found whatever the case it is typed in (decision 0049): the login, the recovery and the availability
// check compare lower(username). Not unique: two accounts may already differ only in case, and stay as they are.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('students_username_lower').on('students').expression(sql`lower(username)`).execute();
}
