// Podcast episodes and series (spec §7), and the play log.
import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { Hash, Iso, PodcastListItem, S } from './common.ts';

/**
 * The student's listening record of one episode (docs/decisions/0016-listening-record.md): the share of it
 * heard (merged heard ranges over its duration, 0..1), the last position in seconds (0 when none), and
 * played once the heard share has reached 95 % (it stays played)
 */
export const Listening = v.object({ heardShare: v.number(), position: v.number(), played: v.boolean() });
export type Listening = v.InferOutput<typeof Listening>;

const { examTaken, examDate, ...listed } = PodcastListItem.entries;
export const PodcastDetail = v.object({
  ...listed,
  companyName: v.nullable(v.string()),
  description: v.string(),
  transcript: v.string(),
  showTitle: v.string(),
  // what a student's episode page has of their own comes last, after all it shares with every caller: its text is
  // then the kept answer's up to here, sent compressed once (docs/decisions/0053)
  examTaken,
  examDate,
});
export type PodcastDetail = v.InferOutput<typeof PodcastDetail>;

export const StudentPodcastData = v.object({
  status: v.boolean(),
  examTaken: v.boolean(),
  examDate: v.nullable(Iso),
  examScore: v.nullable(v.number()),
  evalTaken: v.boolean(),
  playCount: v.number(),
  gradebookId: v.number(),
  /** watch-later queue id, 0 when not queued (as a class's studentData.inqueue) */
  inqueue: v.number(),
  ...Listening.entries,
});

export const getPodcast = endpoint({
  method: 'GET',
  path: 'podcast',
  access: 'optional',
  query: v.object({ p: Hash, s: S }),
  response: v.object({ status: v.boolean(), podcast: PodcastDetail, studentData: v.nullable(StudentPodcastData) }),
});

export const Banner = v.object({ adId: v.number(), adUrls: v.pipe(v.array(v.string()), v.length(4)) });

export const getPodcastShow = endpoint({
  method: 'GET',
  path: 'podcast-show',
  access: 'optional',
  query: v.object({ ps: Hash, s: S }),
  response: v.object({
    status: v.boolean(),
    rowCount: v.number(),
    data: v.array(v.object({ hash: v.string(), title: v.string(), sponsorCompanyName: v.nullable(v.string()), photo: v.string(), blurb: v.string() })),
    podcasts: v.object({ data: v.array(PodcastListItem) }),
    bannerAds: v.object({ bannerAds: v.array(Banner) }),
  }),
});

/** decisions.md: POST /api/podcast-view logs a play each time playback starts; e is the client's event id for offline replays */
export const postPodcastView = endpoint({
  method: 'POST',
  path: 'podcast-view',
  access: 'student',
  body: v.object({ p: Hash, s: S, e: v.optional(v.pipe(v.string(), v.uuid())) }),
  response: v.object({ status: v.boolean() }),
});

/** no episode runs a day; anything beyond is not a position */
const MAX_SECONDS = 86_400;
/** ranges one batch may carry: a client holding more merges them first (mergeHeard, #shared/domain/heard) */
export const MAX_HEARD_RANGES = 50;
const Seconds = v.pipe(v.number('must be a number of seconds'), v.finite('must be a number of seconds'), v.minValue(0, 'must not be negative'), v.maxValue(MAX_SECONDS, 'must be a position in the episode'));
/** [fromSec, toSec]: a stretch heard; the server also refuses one that ends past the episode (plus a little slack) */
const HeardRangeInput = v.pipe(
  v.strictTuple([Seconds, Seconds], 'must be [fromSec, toSec]'),
  v.check(([from, to]) => from < to, 'must start before it ends'),
);

/**
 * The heard ranges since the last batch and the last position, for the listening record. Safe to replay: `e`
 * names the batch, and the same student sending the same `e` again changes nothing and is answered the record
 * as it stands. `at`, when the client knows it, is when the position was true on the device: a batch that
 * waited offline never moves the position back past one sent later from another device.
 */
export const postPodcastListen = endpoint({
  method: 'POST',
  path: 'podcast-listen',
  access: 'student',
  body: v.object({
    p: Hash,
    s: S,
    e: v.pipe(v.string(), v.uuid('must be a UUID')),
    ranges: v.pipe(v.array(HeardRangeInput, 'must be a list of [fromSec, toSec]'), v.maxLength(MAX_HEARD_RANGES, `must hold at most ${MAX_HEARD_RANGES} ranges`)),
    position: Seconds,
    at: v.optional(v.pipe(v.string(), v.isoTimestamp('must be an ISO time'))),
  }),
  response: v.object({ status: v.boolean(), ...Listening.entries }),
});

/** "Continue listening": the student's started episodes not yet played, newest listening first, at most 10 */
export const ListeningItem = v.object({ ...PodcastListItem.entries, heardShare: v.number(), position: v.number() });
export type ListeningItem = v.InferOutput<typeof ListeningItem>;
export const getListening = endpoint({
  method: 'GET',
  path: 'listening',
  access: 'student',
  query: v.object({ s: S }),
  response: v.object({ status: v.boolean(), data: v.array(ListeningItem) }),
});
