// What was seen, read back when CE Pass cannot be reached (docs/decisions/0018-what-was-seen.md): the kept
// answers of the student now logged in go into the query cache, each checked against its endpoint's response
// schema as a fresh answer is (lib/api.ts), so an answer kept by an older version of the app that no longer
// fits is dropped instead of shown. Loaded only when needed: it holds every schema of the contract.
import * as v from 'valibot';
import { hydrate, type QueryClient } from '@tanstack/react-query';
import { allEndpoints } from '#shared/api/index';
import { apiPathOf, isKept } from './kept-queries.ts';
import { readRecord, type PinTest } from './query-persister.ts';

const gets = new Map(allEndpoints.filter((e) => e.method === 'GET').map((e) => [e.path, e]));

/** the answer still fits the contract's response for its path */
export const fitsContract = (queryKey: readonly unknown[], data: unknown): boolean => {
  const endpoint = gets.get(apiPathOf(queryKey) ?? '');
  return endpoint !== undefined && v.safeParse(endpoint.response, data).success;
};

/**
 * Puts the kept answers of `owner` into the query cache; a record of someone else (another student, or a
 * visitor's while a student is logged in) is left alone, and the writer replaces it. An answer fetched since
 * the start is newer and stays (hydrate keeps the newer of the two).
 */
export async function restoreQueries(client: QueryClient, owner: string | null, pinned: PinTest, now = Date.now()): Promise<void> {
  const stored = await readRecord();
  if (!stored || stored.owner !== owner) return;
  const queries = stored.state.queries.filter((q) => isKept(q.queryKey, q.state.dataUpdatedAt, pinned, now) && fitsContract(q.queryKey, q.state.data));
  hydrate(client, { mutations: [], queries });
  // what comes from the device is not the server's answer of now, however recent: each is asked again when a
  // screen shows it, so offline the marker says how old it is, and back online the screen is brought up to date
  const restored = new Set(queries.map((q) => q.queryHash));
  await client.invalidateQueries({ predicate: (query) => restored.has(query.queryHash), refetchType: 'none' });
}
