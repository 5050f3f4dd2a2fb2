// What the player keeps on the device between visits, in two IndexedDB records: the player (the episode,
// speed and Up Next, written when they change) and the positions of every episode (written often, throttled
// by the engine, kept apart so the fast writes never rewrite the rest; offline-and-audio.md §8). Read back
// through valibot, so a damaged or older record gives defaults instead of breaking the app. Both go at logout
// (app/logout.ts).
//
// They have a database of their own, and the place kept as the page goes is written to localStorage, never to
// IndexedDB (decision 0047): WebKit keeps a page left for another in its back/forward cache, and an IndexedDB
// write begun as it went was left open there, holding every read of the same database by the next page. In the
// app's shared one that was the session's: after playing an episode, the app opened again showed the student
// logged out, on its skeleton, until the old page was gone.
import { clear, createStore, del, get, set } from 'idb-keyval';
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
/** the place in the episode as the page was hidden or left (localStorage): newer than its record, it wins */
const PLACE_KEY = 'cepass.place';
const NotedPlace = v.object({ hash: v.string(), place: StoredPosition });

const playerDb = createStore('cepass-player', 'records');
/** enough for a long commute's worth of series; the oldest go first */
const MAX_POSITIONS = 200;

/** IndexedDB can hang (seen in WebKit after a write on pagehide): the player starts without its record then */
const READ_TIMEOUT_MS = 2000;

/** what a read that did not answer in time gives: not the same as a record that is not there */
const TIMED_OUT = Symbol('timed out');
const withinTime = <T>(read: Promise<T>): Promise<T | typeof TIMED_OUT> =>
  Promise.race([read, new Promise<typeof TIMED_OUT>((resolve) => setTimeout(() => resolve(TIMED_OUT), READ_TIMEOUT_MS))]);

const read = async <S extends v.GenericSchema>(key: string, schema: S): Promise<v.InferOutput<S>> => {
  try {
    let stored = await withinTime(get(key, playerDb));
    if (stored === undefined) {
      // none of its own: a record of a version before the player's own database, in the app's shared one, is
      // read and moved here once (a database that did not answer in time is not asked for the old record: the
      // old one would then be written over the newer)
      const old = await withinTime(get(key));
      if (old !== TIMED_OUT && old !== undefined) {
        stored = old;
        void set(key, old, playerDb).then(() => del(key)).catch(() => undefined);
      }
    }
    return parsePersisted(schema, stored === TIMED_OUT ? undefined : stored);
  } catch {
    return parsePersisted(schema, undefined);
  }
};

export const readPlayer = (): Promise<StoredPlayer> => read(PLAYER_KEY, StoredPlayer);

export const readPositions = async (): Promise<StoredPositions> => {
  const positions = await read(POSITIONS_KEY, StoredPositions);
  let noted: unknown;
  try {
    noted = JSON.parse(localStorage.getItem(PLACE_KEY) ?? 'null');
  } catch {
    return positions;
  }
  const note = v.safeParse(NotedPlace, noted);
  if (!note.success || (positions[note.output.hash]?.at ?? 0) >= note.output.place.at) return positions;
  return { ...positions, [note.output.hash]: note.output.place };
};

// IndexedDB may refuse (private mode, quota): the player still works for this visit
export const writePlayer = (player: StoredPlayer): Promise<void> => set(PLAYER_KEY, player, playerDb).catch(() => undefined);
export const writePositions = (positions: StoredPositions): Promise<void> => {
  const newest = Object.entries(positions)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, MAX_POSITIONS);
  return set(POSITIONS_KEY, Object.fromEntries(newest), playerDb).catch(() => undefined);
};

/** the place as the page is hidden or left: written at once, where nothing is left open (localStorage) */
export const notePlace = (hash: string, place: StoredPosition): void => {
  try {
    localStorage.setItem(PLACE_KEY, JSON.stringify({ hash, place }));
  } catch {
    // storage may be disabled: the last periodic save stands
  }
};

/** logout: the player's records go with the student's other data (localStorage, the place note with it, is cleared there) */
export const clearPlayerStorage = (): Promise<void> => clear(playerDb).catch(() => undefined);
