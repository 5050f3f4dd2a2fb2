// Field schemas every area shares: hashes, query-string numbers, list items and paged lists (spec §3).
import * as v from 'valibot';

export const Hash = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a valid hash'));
/** the spec's `s`: accepted for compatibility; identity always comes from the session (decisions.md 1) */
export const S = v.optional(v.nullable(v.string()));
/** a whole number carried in a query string */
export const QueryInt = (label: string, max = 1_000_000) =>
  v.pipe(v.string(), v.regex(/^\d{1,9}$/, `${label} must be a whole number`), v.transform(Number), v.maxValue(max, `${label} must be at most ${max}`));
/**
 * a row id carried in a JSON body: the whole number QueryInt takes from a query string. A bare v.number() let
 * 1.5 or 1e234 through to the database, where PostgreSQL refused it as an integer (500; SQLite only found no row)
 */
export const BodyInt = (label: string, max = 999_999_999) =>
  v.pipe(v.number(`${label} must be a number`), v.integer(`${label} must be a whole number`), v.minValue(0, `${label} must be a whole number`), v.maxValue(max, `${label} must be at most ${max}`));
/** the zero-based page the client sends (spec §9); capped so nobody asks for page 10^9 */
export const Page = v.optional(QueryInt('page', 10_000), '0');
/** raw keyword; sanitised on the server by domain/keyword.ts */
export const Keyword = v.optional(v.pipe(v.string(), v.maxLength(200, 'q is too long')));
export const ListFilters = { s: S, cid: v.optional(QueryInt('cid')), coid: v.optional(QueryInt('coid')), q: Keyword };

export const Ok = v.object({ status: v.boolean() });
/**
 * the null character: nobody types it, and PostgreSQL cannot store it in text (a request carrying one failed with
 * 500 there, and was stored on SQLite): the contract refuses it in every free text, so both databases answer 400
 */
export const NUL = '\u0000';
export const NO_NUL = 'must not contain the null character';
/** free text with a length cap the contract enforces before any rule runs */
export const Str = (max: number) => v.pipe(v.string(), v.maxLength(max, `must be at most ${max} characters`), v.excludes(NUL, NO_NUL));
export const Iso = v.string();
/** the device's IANA time zone, sent with the calls whose answers name a day or a time for it (decisions 0041, 0045) */
export const TimeZone = v.pipe(v.string(), v.maxLength(64));
/** a calendar day, 'YYYY-MM-DD' (an answer's; the license tracker's inputs check theirs as real dates) */
export const CalendarDay = v.string();

const SENTENCES = new Set<string>();
/**
 * a schema's message written as a whole sentence for a person ("Hours cannot be negative."): the contract's 400 says
 * it as it is, where any other message is put after the field's path ("page must be a whole number"). Opt-in, so a
 * message that does not say which field it is about keeps its path (docs/decisions/0031)
 */
export function sentence(text: string): string {
  SENTENCES.add(text);
  return text;
}
export const isSentence = (message: string): boolean => SENTENCES.has(message);

/** spec §3 "Class list item"; releaseDate carries the same ISO instant as releaseDateUTC (the client formats in local time) */
export const ClassListItem = v.object({
  classId: v.number(),
  hash: v.string(),
  className: v.string(),
  speakerName: v.string(),
  sponsorCompanyName: v.nullable(v.string()),
  photo: v.string(),
  releaseDate: Iso,
  releaseDateUTC: Iso,
  credits: v.number(),
  creditName: v.string(),
  hasSeat: v.boolean(),
  isWaiting: v.boolean(),
  examTaken: v.boolean(),
  ceTypeId: v.number(),
  typeId: v.number(),
  description: v.string(),
  agdCode: v.nullable(v.string()),
  agdCategory: v.nullable(v.string()),
  examDate: v.nullable(Iso),
  durationMin: v.number(),
  /**
   * a live webinar under way (from its start until start + durationMin) on the server's clock at the answer: the
   * LIVE NOW badge. A flag rather than the end time, so a phone with a wrong clock or time zone cannot misstate it
   */
  inProgress: v.boolean(),
});
export type ClassListItem = v.InferOutput<typeof ClassListItem>;

/** spec §3 "Podcast" as a list row */
export const PodcastListItem = v.object({
  id: v.number(),
  hash: v.string(),
  podcastShowHash: v.string(),
  title: v.string(),
  speakerName: v.string(),
  sponsorCompanyName: v.nullable(v.string()),
  blurb: v.string(),
  photo: v.string(),
  releaseDate: Iso,
  releaseDateUTC: Iso,
  durationSec: v.number(),
  credits: v.number(),
  mp3: v.string(),
  examTaken: v.boolean(),
  examDate: v.nullable(Iso),
  ceTypeId: v.number(),
  /** the episode has an exam (a content pack may leave one out): the player offers Take Exam only then */
  hasExam: v.boolean(),
});
export type PodcastListItem = v.InferOutput<typeof PodcastListItem>;

export const MobileAds = v.object({
  indexStart: v.number(),
  interval: v.number(),
  rows: v.number(),
  banners: v.array(v.object({ adId: v.number(), adUrls: v.pipe(v.array(v.string()), v.length(4)) })),
});
export type MobileAds = v.InferOutput<typeof MobileAds>;

export const FeaturedClass = v.object({
  hash: v.string(),
  className: v.string(),
  name: v.string(),
  companyName: v.nullable(v.string()),
  photo: v.string(),
  releaseDateUTC: Iso,
  credits: v.number(),
  ceTypeId: v.number(),
  blurb: v.string(),
  examTaken: v.boolean(),
});
export const FeaturedPodcast = v.object({
  hash: v.string(),
  podcastShowHash: v.string(),
  title: v.string(),
  speakerName: v.string(),
  companyName: v.nullable(v.string()),
  photo: v.string(),
  releaseDateUTC: Iso,
  credits: v.number(),
  ceTypeId: v.number(),
  durationSec: v.number(),
  /** played from its row as any episode's (decision 0045) */
  mp3: v.string(),
  examTaken: v.boolean(),
});
export const FeaturedContent = v.object({
  status: v.boolean(),
  featuredClass: v.nullable(FeaturedClass),
  featuredPodcast: v.nullable(FeaturedPodcast),
  /** hash of whichever featured item the list shows, so the list can skip its duplicate row */
  featuredHash: v.nullable(v.string()),
});
export type FeaturedContent = v.InferOutput<typeof FeaturedContent>;

/** the student's active seats among the listed webinars (spec leaves the shape unshown) */
export const SeatRef = v.object({ hash: v.string(), isWaiting: v.boolean() });

/** spec §3 "Paged list response"; `page` (zero-based, as clamped by the server) is our addition */
export const pagedList = <T extends v.GenericSchema>(item: T) =>
  v.object({
    status: v.boolean(),
    rowCount: v.number(),
    totalRows: v.number(),
    pageSize: v.number(),
    page: v.number(),
    data: v.array(item),
    seats: v.optional(v.array(SeatRef)),
    mobileAds: v.optional(v.nullable(MobileAds)),
    featuredContent: v.optional(FeaturedContent),
  });

export const Lookup = v.object({ value: v.string(), label: v.string() });
