// What the player keeps on the device between visits, in two IndexedDB records: the player (the episode,
// speed and Up Next, written when they change) and the positions of every episode (written often, throttled
// by the engine, kept apart so the fast writes never rewrite the rest; offline-and-audio.md §8). Read back
// through valibot, so a damaged or older record gives defaults instead of breaking the app. Both go at logout
// with the rest of IndexedDB (app/logout.ts).
import { get, set } from 'idb-keyval';
import * as v from 'valibot';
import { parsePersisted } from '../../lib/persist/schema.ts';
import { PlayerEpisode } from './episode.ts';

export const RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

const StoredPlayer = v.object({
  episode: v.fallback(v.optional(v.nullable(PlayerEpisode), null), null),
  rate: v.fallback(v.optional(v.pipe(v.number(), v.check((r) => (RATES as readonly number[]).includes(r))), 1), 1),
  upNext: v.fallback(v.optional(v.array(PlayerEpisode), []), []),
});
export type StoredPlayer = v.InferOutput<typeof StoredPlayer>;

const StoredPosition = v.object({
  /** seconds */
  position: v.number(),
  /** when it was saved (ms since the epoch) */
  at: v.number(),
  /** heard to the end (95% and more): playing it again starts over */
  played: v.boolean(),
});
const StoredPositions = v.fallback(v.record(v.string(), StoredPosition), {});
export type StoredPosition = v.InferOutput<typeof StoredPosition>;
export type StoredPositions = v.InferOutput<typeof StoredPositions>;

const PLAYER_KEY = 'cepass.player';
const POSITIONS_KEY = 'cepass.positions';
/** enough for a long commute's worth of series; the oldest go first */
const MAX_POSITIONS = 200;

/** IndexedDB can hang (seen in WebKit after a write on pagehide): the player starts without its record then */
const READ_TIMEOUT_MS = 2000;

const read = async <S extends v.GenericSchema>(key: string, schema: S): Promise<v.InferOutput<S>> => {
  try {
    const stored = await Promise.race([get(key), new Promise<undefined>((resolve) => setTimeout(resolve, READ_TIMEOUT_MS))]);
    return parsePersisted(schema, stored);
  } catch {
    return parsePersisted(schema, undefined);
  }
};

export const readPlayer = (): Promise<StoredPlayer> => read(PLAYER_KEY, StoredPlayer);
export const readPositions = (): Promise<StoredPositions> => read(POSITIONS_KEY, StoredPositions);

// IndexedDB may refuse (private mode, quota): the player still works for this visit
export const writePlayer = (player: StoredPlayer): Promise<void> => set(PLAYER_KEY, player).catch(() => undefined);
export const writePositions = (positions: StoredPositions): Promise<void> => {
  const newest = Object.entries(positions)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, MAX_POSITIONS);
  return set(POSITIONS_KEY, Object.fromEntries(newest)).catch(() => undefined);
};
