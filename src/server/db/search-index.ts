// The catalogue's full-text index (issue 4): title, speaker, sponsor and description of every class and
// podcast, and title, subtitle and blurb of every e-book (issue 13), stemmed (Porter on SQLite FTS5, 'english'
// on PostgreSQL), searched by word prefixes. Content changes only through a pack import, so the importer
// rebuilds the index in its transaction instead of triggers on five tables. Raw snake_case SQL: migrations
// call this without the camelCase plugin.
import { sql, PostgresAdapter, type Expression, type Kysely, type SqlBool } from 'kysely';

export type SearchKind = 'class' | 'podcast' | 'ebook';

export const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** words too common to narrow anything (search-items.smallWords tells the client the same list) */
export const SMALL_WORDS = ['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'the', 'to', 'with'];

/** the words of a sanitised keyword that can be searched: letters and digits only, small words dropped */
export const searchTerms = (keyword: string): string[] =>
  keyword
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '' && !SMALL_WORDS.includes(w))
    .slice(0, 8);

export async function createSearchIndex(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create table search_index (kind text not null, item_id integer not null, document tsvector not null, primary key (kind, item_id))`.execute(db);
    await sql`create index search_index_document_ix on search_index using gin (document)`.execute(db);
  } else {
    await sql`create virtual table search_index using fts5(kind unindexed, item_id unindexed, title, speaker, sponsor, body, tokenize = 'porter unicode61 remove_diacritics 2')`.execute(db);
  }
  await rebuildSearchIndex(db);
}

export async function rebuildSearchIndex(db: Kysely<any>): Promise<void> {
  await sql`delete from search_index`.execute(db);
  const classes = sql`select 'class' as kind, c.id as item_id, c.name as title, sp.name as speaker, coalesce(co.name, '') as sponsor, c.description as body
    from classes c join speakers sp on sp.id = c.speaker_id left join companies co on co.id = c.company_id`;
  const podcasts = sql`select 'podcast' as kind, p.id as item_id, p.title as title, sp.name as speaker, coalesce(co.name, '') as sponsor, p.description as body
    from podcasts p join podcast_shows ps on ps.id = p.show_id join speakers sp on sp.id = p.speaker_id left join companies co on co.id = ps.company_id`;
  // an e-book has no speaker or sponsor: its subtitle and blurb are what it is about
  const ebooks = sql`select 'ebook' as kind, e.id as item_id, e.title as title, '' as speaker, '' as sponsor, coalesce(e.subtitle, '') || ' ' || e.blurb as body from ebooks e`;
  for (const source of [classes, podcasts, ebooks]) {
    if (isPostgres(db)) {
      await sql`insert into search_index (kind, item_id, document)
        select kind, item_id, setweight(to_tsvector('english', title), 'A') || to_tsvector('english', speaker) || to_tsvector('english', sponsor) || setweight(to_tsvector('english', body), 'C')
        from (${source}) s`.execute(db);
    } else {
      await sql`insert into search_index (kind, item_id, title, speaker, sponsor, body) select kind, item_id, title, speaker, sponsor, body from (${source}) s`.execute(db);
    }
  }
}

/**
 * `idColumn` is one of the items whose every search term starts a word of its text. No terms left
 * (a keyword of small words only) matches nothing, as the user asked for nothing we can look for.
 */
export function matchesKeyword(db: Kysely<any>, kind: SearchKind, idColumn: string, keyword: string): Expression<SqlBool> {
  const terms = searchTerms(keyword);
  if (terms.length === 0) return sql<SqlBool>`1 = 0`;
  const ids = isPostgres(db)
    ? sql`select item_id from search_index where kind = ${kind} and document @@ to_tsquery('english', ${terms.map((t) => `${t}:*`).join(' & ')})`
    : sql`select item_id from search_index where kind = ${kind} and search_index match ${terms.map((t) => `"${t}"*`).join(' ')}`;
  return sql<SqlBool>`${sql.ref(idColumn)} in (${ids})`;
}
