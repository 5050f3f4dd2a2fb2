// Which answers the device keeps for offline use (docs/decisions/0018-what-was-seen.md): what a student reads
// (home, the lists, search, class and episode pages, the My CE lists, the account summary). Not kept: what
// only makes sense live (an online exam's questions, the survey and sponsor steps, seats to cancel, the
// checks of a form), so those screens say they need a connection instead of showing an old copy. The exam
// of a downloaded episode is kept as part of its download (the pins of query-persister.ts).
import * as v from 'valibot';
import type { Endpoint } from '#shared/api/endpoint';
import { SEEN_MAX_AGE_MS } from '../query-client.ts';
import { getAccountHome, getAccountItems, getProfile, getStudent } from '#shared/api/account';
import { getBlurb, getBooks, getHome, getOndemand, getPodcasts, getSearch, getSearchItems, getTutorials, getUpcoming } from '#shared/api/catalog';
import { getCertificate } from '#shared/api/certificates';
import { getClass } from '#shared/api/classes';
import { getExam } from '#shared/api/learning';
import { getCompleted, getCompletedPodcasts, getCompletedWebinars, getPending, getQueue, getSeats, getTutorialHistory } from '#shared/api/my-ce';
import { getListening, getPodcast, getPodcastShow } from '#shared/api/podcasts';

const kept: readonly Endpoint[] = [
  getHome,
  getSearch,
  getSearchItems,
  getUpcoming,
  getOndemand,
  getPodcasts,
  getTutorials,
  getBooks,
  getBlurb,
  getClass,
  getPodcast,
  getPodcastShow,
  getListening,
  getQueue,
  getCompleted,
  getCompletedWebinars,
  getCompletedPodcasts,
  getPending,
  getSeats,
  getTutorialHistory,
  getCertificate,
  getAccountHome,
  getAccountItems,
  getStudent,
  getProfile,
];

/** kept only as part of a download (an episode's exam questions, without their keys) */
const keptWhenPinned: readonly Endpoint[] = [getExam];

const byPath = new Map<string, { endpoint: Endpoint; pinnedOnly: boolean }>([
  ...kept.map((endpoint) => [endpoint.path, { endpoint, pinnedOnly: false }] as const),
  ...keptWhenPinned.map((endpoint) => [endpoint.path, { endpoint, pinnedOnly: true }] as const),
]);

/** the path of an API query's key (lib/query-client.ts apiQuery: ['api', path, query]) */
export const apiPathOf = (queryKey: readonly unknown[]): string | null =>
  queryKey[0] === 'api' && typeof queryKey[1] === 'string' ? queryKey[1] : null;

/** whether an answer to this query is kept on the device: always, only when pinned by a download, or never */
/** an answer older than this is not shown as "what you saw" (a pinned one stays as long as its download) */
export const MAX_AGE_MS = SEEN_MAX_AGE_MS;

export function keepPolicy(queryKey: readonly unknown[]): 'always' | 'pinned' | 'never' {
  const path = apiPathOf(queryKey);
  const entry = path === null ? undefined : byPath.get(path);
  if (!entry) return 'never';
  return entry.pinnedOnly ? 'pinned' : 'always';
}

/**
 * A kept answer read back from the device, checked against its endpoint's response schema as a fresh answer
 * is (lib/api.ts): an answer stored by an older version of the app that no longer fits is dropped, not shown.
 */
export function fitsContract(queryKey: readonly unknown[], data: unknown): boolean {
  const path = apiPathOf(queryKey);
  const entry = path === null ? undefined : byPath.get(path);
  return entry !== undefined && v.safeParse(entry.endpoint.response, data).success;
}
