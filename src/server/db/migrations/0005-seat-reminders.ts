// Seat reminders (issue 5): each reserved seat is reminded 24 hours and 1 hour before its webinar, once.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('seats').addColumn('reminded_24h_at', 'text').execute();
  await db.schema.alterTable('seats').addColumn('reminded_1h_at', 'text').execute();
  await db.schema.createIndex('classes_live_release_ix').on('classes').columns(['type_id', 'release_date', 'end_date']).execute();
}
