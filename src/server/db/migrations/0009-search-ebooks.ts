// The search index learns e-books (issue 13): a database whose content was imported before finds them
// now, not only after its next content import.
import type { Kysely } from 'kysely';
import { rebuildSearchIndex } from '../search-index.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await rebuildSearchIndex(db);
}
