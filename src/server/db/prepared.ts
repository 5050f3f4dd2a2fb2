// Queries whose SQL never changes, built and compiled by Kysely once (docs/decisions/0025): building and compiling
// a query costs more than running a small indexed one, and the reads every request makes need not pay it each time.
import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/**
 * `build` runs once, with a stand-in for each of its arguments; a call runs the compiled SQL with its own
 * arguments in their places, and the query's constants as compiled. So each argument must reach the query as
 * one plain value (`where(col, '=', arg)`), never shape it (no `if (arg)`, no lists, no defaults): an argument
 * that is no parameter of the compiled query is refused here. The same code serves SQLite and PostgreSQL.
 */
export function prepared<A extends unknown[], R>(db: Kysely<any>, build: (...args: A) => Compilable<R>): (...args: A) => Promise<R[]> {
  const standIns = Array.from({ length: build.length }, (_, i) => `\u0000prepared argument ${i}\u0000`);
  const compiled: CompiledQuery<R> = build(...(standIns as A)).compile();
  // for each parameter of the SQL, the argument that fills it, or -1 for a constant of the query
  const slots = compiled.parameters.map((p) => standIns.indexOf(p as string));
  standIns.forEach((_, i) => {
    if (!slots.includes(i)) throw new Error(`prepared query: argument ${i} is no parameter of ${compiled.sql}`);
  });
  return async (...args) => {
    const parameters = slots.map((s, n) => (s < 0 ? compiled.parameters[n] : args[s]));
    return (await db.executeQuery<R>({ ...compiled, parameters })).rows;
  };
}
