// Everything this device stores between visits, each store behind one valibot schema with defaults and
// a version. Read back through `parsePersisted`, so a damaged or older record never breaks the app.
import * as v from 'valibot';

/**
 * The logged-in student (decisions.md 1): only non-secret profile fields for display and the route
 * guard. No token: the session itself is an HttpOnly cookie the page never sees.
 */
export const PersistedSession = v.object({
  /** the student's public hash; null when nobody is logged in */
  hash: v.fallback(v.optional(v.nullable(v.string()), null), null),
  /** 'first middle last' joined, for the menu and the support form */
  name: v.fallback(v.optional(v.string(), ''), ''),
  /** the work e-mail, prefilled in the support form */
  email: v.fallback(v.optional(v.string(), ''), ''),
});
export type PersistedSession = v.InferOutput<typeof PersistedSession>;

/**
 * One downloaded file (features/downloads): an episode (podcast-audio cache) or an e-book (ebooks cache), with
 * what the Downloads screen lists and what the player needs to play an episode with no server. Only
 * `finishedAt` is personal: logout clears it when the episodes stay (docs/decisions/0019-downloads.md).
 */
export const PersistedDownload = v.object({
  kind: v.picklist(['episode', 'ebook']),
  /** the episode's or e-book's hash */
  hash: v.string(),
  title: v.string(),
  /** the media URL the file was fetched from and is cached under (/media/…) */
  url: v.string(),
  bytes: v.number(),
  /** ms since the epoch */
  downloadedAt: v.number(),
  /** episodes: the series (its hash is the page's `ps`), and what the player shows */
  ps: v.optional(v.string(), ''),
  showTitle: v.optional(v.string(), ''),
  speakerName: v.optional(v.string(), ''),
  photo: v.optional(v.string(), ''),
  durationSec: v.optional(v.number(), 0),
  hasExam: v.optional(v.boolean(), true),
  /** episodes: when it was heard to the end on this device (ms), for the auto-remove setting */
  finishedAt: v.optional(v.nullable(v.number()), null),
});
export type PersistedDownload = v.InferOutput<typeof PersistedDownload>;

/** days after an episode was heard to the end when it is deleted by itself; 0 = never */
export const AUTO_REMOVE_DAYS = [0, 1, 7, 30] as const;
export type AutoRemoveDays = (typeof AUTO_REMOVE_DAYS)[number];

export const PersistedDownloads = v.object({
  /** newest first; a record that does not fit is dropped alone (its file goes at the next reconcile) */
  items: v.fallback(
    v.pipe(
      v.array(v.unknown()),
      v.transform((items) => items.flatMap((item) => {
        const parsed = v.safeParse(PersistedDownload, item);
        return parsed.success ? [parsed.output] : [];
      })),
    ),
    [],
  ),
  autoRemoveDays: v.fallback(v.optional(v.picklist(AUTO_REMOVE_DAYS), 0), 0),
  /** navigator.storage.persist() was asked once, before the first download */
  persistAsked: v.fallback(v.optional(v.boolean(), false), false),
});
export type PersistedDownloads = v.InferOutput<typeof PersistedDownloads>;

/**
 * One Watch Later decision taken on this device (features/watch-later): the item, in or out, and when (the
 * client's time, which the server compares: the last writer wins). Kept until the server's answers reflect it.
 */
export const WatchLaterDecision = v.object({
  queued: v.boolean(),
  /** ms since the epoch, on this device's clock */
  at: v.number(),
  /** what the pending list and /queue say of it before the server has it */
  title: v.fallback(v.optional(v.string(), ''), ''),
  /** where it leads: the classroom or the episode page */
  href: v.fallback(v.optional(v.string(), ''), ''),
  /** when the server applied it (ms); null while it waits in the outbox */
  appliedAt: v.fallback(v.optional(v.nullable(v.number()), null), null),
});
export type WatchLaterDecision = v.InferOutput<typeof WatchLaterDecision>;

export const PersistedWatchLater = v.object({
  /** the student whose decisions these are; another student's are never read */
  owner: v.fallback(v.optional(v.nullable(v.string()), null), null),
  /** by item: 'c:{class hash}' or 'p:{episode hash}' */
  decisions: v.fallback(v.record(v.string(), WatchLaterDecision), {}),
});
export type PersistedWatchLater = v.InferOutput<typeof PersistedWatchLater>;

export const persistedStores = {
  session: { key: 'cepass.session', version: 1, schema: PersistedSession },
  // in an IndexedDB database of its own (features/downloads/downloads-store.ts), which logout's clear of the
  // app's key-value store leaves alone: downloaded episodes may outlive a session
  downloads: { key: 'cepass.downloads', version: 1, schema: PersistedDownloads },
  // in the app's key-value store: logout clears it with the rest of the student's
  watchLater: { key: 'cepass.watch-later', version: 1, schema: PersistedWatchLater },
} as const;

/** the stored state, or the schema's defaults when it is missing or does not fit */
export const parsePersisted = <S extends v.GenericSchema>(schema: S, stored: unknown): v.InferOutput<S> => {
  const parsed = v.safeParse(schema, stored ?? {});
  return parsed.success ? parsed.output : v.parse(schema, {});
};
