// The catalogue's full-text index (db/search-index.ts), filled from the content already imported.
import type { Kysely } from 'kysely';
import { createSearchIndex } from '../search-index.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await createSearchIndex(db);
}
