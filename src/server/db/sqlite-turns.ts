// SQLite through Kysely, its one connection handed to those waiting for it in turn (docs/decisions/0047).
//
// SQLite has one connection here (better-sqlite3 is synchronous), lent to one query or transaction at a time.
// Kysely's own SqliteDriver guards it with a lock that every waiter awaits as one promise: each release wakes all
// of them, one takes it and the others go back to waiting. With 50 requests at once, that is ~50 wake-ups per query:
// the student's row of a classroom took 35 µs a query at 50 in flight against 11 µs one at a time. Here a release
// hands the connection to the first in line only. Everything else is Kysely's: the dialect's compiler, adapter and
// introspector, and the statements as the database object keeps them (database.ts).
import { CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult, type SqliteDatabase } from 'kysely';

class Connection implements DatabaseConnection {
  constructor(private readonly db: SqliteDatabase) {}

  executeQuery<R>({ sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
    const stmt = this.db.prepare(sql);
    if (stmt.reader) return Promise.resolve({ rows: stmt.all(parameters) as R[] });
    const { changes, lastInsertRowid } = stmt.run(parameters);
    return Promise.resolve({ numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] });
  }

  async *streamQuery<R>({ sql, parameters }: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    for (const row of this.db.prepare(sql).iterate(parameters)) yield { rows: [row as R] };
  }
}

class TakingTurns implements Driver {
  readonly #connection: Connection;
  #lent = false;
  /** those waiting for the connection, first come first served */
  readonly #line: ((connection: DatabaseConnection) => void)[] = [];

  constructor(private readonly db: SqliteDatabase) {
    this.#connection = new Connection(db);
  }

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#lent) {
      this.#lent = true;
      return Promise.resolve(this.#connection);
    }
    return new Promise((resolve) => this.#line.push(resolve));
  }

  async releaseConnection(): Promise<void> {
    const next = this.#line.shift();
    if (next) next(this.#connection);
    else this.#lent = false;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    this.db.close();
  }
}

/** Kysely's SQLite dialect with the driver above */
export class SqliteInTurns extends SqliteDialect {
  constructor(private readonly database: SqliteDatabase) {
    super({ database });
  }

  override createDriver(): Driver {
    return new TakingTurns(this.database);
  }
}
