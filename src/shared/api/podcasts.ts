// Podcast episodes and series (spec §7), and the play log.
import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { Hash, Iso, PodcastListItem, S } from './common.ts';

export const PodcastDetail = v.object({
  ...PodcastListItem.entries,
  companyName: v.nullable(v.string()),
  description: v.string(),
  transcript: v.string(),
  showTitle: v.string(),
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
