// Which answers the device keeps for offline use (docs/decisions/0018-what-was-seen.md): what a student reads
// (home, the lists, search, class and episode pages, the My CE lists, the account summary). Not kept: what
// only makes sense live (an online exam's questions, the survey and sponsor steps, seats to cancel, the
// checks of a form), so those screens say they need a connection instead of showing an old copy. The exam
// of a downloaded episode is kept as part of its download (the pins of query-persister.ts).
//
// Named by the contract's paths (src/shared/api), not by its endpoint objects: the writer runs on every
// screen and must not pull every schema of the contract into it; a test checks each path is a GET of the
// contract, and the restore (restore-queries.ts) checks each answer against its endpoint's schema.
import { SEEN_MAX_AGE_MS } from '../query-client.ts';

export const KEPT_PATHS: ReadonlySet<string> = new Set([
  // catalogue
  'home',
  'search',
  'search-items',
  'upcoming',
  'ondemand',
  'podcasts',
  'tutorials',
  'books',
  'blurb',
  'class',
  'podcast',
  'podcast-show',
  // the student's own
  'listening',
  'queue',
  'completed',
  'completed-webinars',
  'completed-podcasts',
  'pending',
  'seats',
  'tutorial-history',
  'certificate',
  'account-home',
  'account-items',
  'student',
  'profile',
  // the license tracker (issue 19): a license's rules and progress, and the courses recorded elsewhere
  'licenses',
  'license',
  'license-presets',
  'reported-courses',
]);

/** kept only as part of a download (an episode's exam questions, without their keys) */
export const PINNED_ONLY_PATHS: ReadonlySet<string> = new Set(['exam']);

/** an answer older than this is not shown as "what you saw" (a pinned one stays as long as its download) */
export const MAX_AGE_MS = SEEN_MAX_AGE_MS;

/** the path of an API query's key (lib/query-client.ts apiQuery: ['api', path, query]) */
export const apiPathOf = (queryKey: readonly unknown[]): string | null =>
  queryKey[0] === 'api' && typeof queryKey[1] === 'string' ? queryKey[1] : null;

/** whether an answer to this query is kept on the device: always, only when pinned by a download, or never */
export function keepPolicy(queryKey: readonly unknown[]): 'always' | 'pinned' | 'never' {
  const path = apiPathOf(queryKey);
  if (path === null) return 'never';
  if (KEPT_PATHS.has(path)) return 'always';
  return PINNED_ONLY_PATHS.has(path) ? 'pinned' : 'never';
}

/** a download's queries stay whatever their age; the others for MAX_AGE_MS */
export const isKept = (queryKey: readonly unknown[], dataUpdatedAt: number, pinned: (queryKey: readonly unknown[]) => boolean, now: number): boolean => {
  const policy = keepPolicy(queryKey);
  if (policy === 'never') return false;
  if (pinned(queryKey)) return true;
  return policy === 'always' && now - dataUpdatedAt <= MAX_AGE_MS;
};
