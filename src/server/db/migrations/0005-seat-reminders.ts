// Seat reminders (issue 5): each reserved seat is reminded 24 hours and 1 hour before its webinar, once.
// Column names as the camelCase plugin spells reminded24hAt (no underscore before the digits).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('seats').addColumn('reminded24h_at', 'text').execute();
  await db.schema.alterTable('seats').addColumn('reminded1h_at', 'text').execute();
  await db.schema.createIndex('classes_live_release_ix').on('classes').columns(['type_id', 'release_date', 'end_date']).execute();
}
