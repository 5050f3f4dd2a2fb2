// The content pack format: what an operator (or the demo) hands the importer.
// One JSON file; `includes` names sibling files whose arrays are appended, so big packs can be split.
import * as v from 'valibot';
import { RuleFields } from '#shared/api/license';
import { LICENSE_TYPES, MAX_CYCLE_YEARS, NAMED_TOPICS } from '#shared/domain/license';

const Key = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'keys and hashes are lowercase words joined by hyphens'));
const Text = v.pipe(v.string(), v.trim(), v.minLength(1));
/** A file inside the pack's media/ folder, e.g. "podcasts/ep-fluoride-myths.mp3"; served at /media/<path>. */
const MediaPath = v.pipe(v.string(), v.regex(/^(?!.*\.\.)[a-z0-9][a-z0-9/_.-]*\.(mp3|webm|mp4|pdf|svg|png|jpg|webp|vtt)$/, 'media paths are relative, lowercase, with a known extension'));
const YouTubeId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{11}$/, 'a YouTube id has 11 characters'));
/** what a course covers (issue 19): its certificates count toward a license's mandatory topics */
const Topics = v.optional(v.pipe(v.array(v.picklist(NAMED_TOPICS, `topics are ${NAMED_TOPICS.join(', ')}`)), v.maxLength(NAMED_TOPICS.length)));

/**
 * When a dated item happens. Demo packs use offsets from "now" (re-anchored at each start for
 * live webinars, per decisions.md); operator packs use absolute ISO dates, which are never moved.
 */
const When = v.union([
  v.object({ at: v.pipe(v.string(), v.isoTimestamp()) }),
  v.object({ minutesFromNow: v.pipe(v.number(), v.integer()) }),
]);

export const ExamSchema = v.object({
  /** pass mark in percent */
  minScore: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
  questions: v.pipe(
    v.array(
      v.object({
        question: Text,
        options: v.pipe(v.array(Text), v.minLength(2), v.maxLength(6)),
        /** 1-based index into options */
        correct: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(6)),
      }),
    ),
    v.minLength(1),
  ),
});

const ClassKind = v.picklist(['live', 'video', 'pdf', 'archive', 'tutorial']);

export const ClassSchema = v.object({
  hash: Key,
  kind: ClassKind,
  title: Text,
  speaker: Key,
  company: v.optional(Key),
  categories: v.array(Key),
  description: Text,
  photo: MediaPath,
  credits: v.pipe(v.number(), v.minValue(0), v.maxValue(20)),
  /** 1 Self-study, 2 Live, Interactive, 0 no CE */
  ceType: v.picklist([0, 1, 2]),
  release: When,
  durationMin: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** self-hosted video (kinds video, tutorial) */
  video: v.optional(MediaPath),
  /** PDF class file (kind pdf, optional handout for others) */
  pdf: v.optional(MediaPath),
  youtubeId: v.optional(YouTubeId),
  /** live only: the meeting code; null means "not ready yet" */
  meetingCode: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^[0-9]{9,11}$/)))),
  /** live only: seats; omitted means 100 */
  capacity: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  agdCode: v.optional(v.string()),
  agdCategory: v.optional(v.string()),
  learningObjectives: v.optional(v.array(Text)),
  exam: v.optional(ExamSchema),
  survey: v.optional(Key),
  sponsoredVideo: v.optional(Key),
  topics: Topics,
});

export const EpisodeSchema = v.object({
  hash: Key,
  title: Text,
  speaker: Key,
  categories: v.array(Key),
  blurb: Text,
  description: Text,
  release: When,
  durationSec: v.pipe(v.number(), v.integer(), v.minValue(1)),
  credits: v.pipe(v.number(), v.minValue(0), v.maxValue(20)),
  mp3: MediaPath,
  photo: v.optional(MediaPath),
  /** the words spoken in the mp3; shown as the transcript */
  transcript: Text,
  exam: v.optional(ExamSchema),
  topics: Topics,
});

export const ShowSchema = v.object({
  hash: Key,
  title: Text,
  company: v.optional(Key),
  photo: MediaPath,
  blurb: Text,
  episodes: v.pipe(v.array(EpisodeSchema), v.minLength(1)),
});

const Lookup = v.array(v.object({ value: Text, label: Text }));

export const StudentSchema = v.object({
  username: v.pipe(v.string(), v.minLength(6)),
  password: v.pipe(v.string(), v.minLength(6)),
  title: Text,
  firstname: Text,
  lastname: Text,
  jobTitle: Text,
  officeName: Text,
  address: Text,
  city: Text,
  state: Text,
  zip: Text,
  country: Text,
  phone: Text,
  email: v.pipe(v.string(), v.email()),
  email2: v.optional(v.pipe(v.string(), v.email())),
  agdNumber: v.optional(v.pipe(v.string(), v.regex(/^[0-9]{5,9}$/))),
  certYear: v.pipe(v.number(), v.integer()),
  gender: v.picklist(['F', 'M']),
  ageRange: Text,
  officeSize: Text,
  sourceHeard: Text,
  /** live webinars: a seat, or a waitlist place when waiting */
  seats: v.optional(v.array(v.object({ class: Key, waiting: v.optional(v.boolean()) }))),
  watchLater: v.optional(v.array(Key)),
  /** viewed, evaluation maybe taken, exam not yet passed */
  inProgress: v.optional(v.array(v.object({ class: Key, evalTaken: v.optional(v.boolean()) }))),
  /** passed: a gradebook row, credits and a certificate */
  completed: v.optional(
    v.array(
      v.object({
        class: v.optional(Key),
        podcast: v.optional(Key),
        daysAgo: v.pipe(v.number(), v.integer(), v.minValue(0)),
        score: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
      }),
    ),
  ),
  viewedTutorials: v.optional(v.array(Key)),
});

/** a calendar day, 'YYYY-MM-DD', that exists (no February 30) */
const Day = v.pipe(
  v.string(),
  v.isoDate('dates are written YYYY-MM-DD'),
  // valibot runs this after a failed format check too: a malformed text is the format check's to report
  v.check((d) => !/^\d{4}-\d{2}-\d{2}$/.test(d) || new Date(Date.parse(`${d}T00:00:00Z`) || 0).toISOString().startsWith(d), 'no such day'),
);

/**
 * An accreditation statement (decisions.md "Accreditation statements"): a certificate completed on a day
 * from validFrom through validThrough (both included, UTC) carries it, and prints it for good.
 */
export const AccreditationSchema = v.object({
  /** who is accredited, e.g. the organisation that runs this CE Pass */
  provider: Text,
  /** who accredits, e.g. 'ADA CERP', 'AGD PACE' */
  approvalBody: Text,
  /** the wording the approval body prescribes, printed as it is */
  statement: Text,
  validFrom: Day,
  validThrough: Day,
});

/**
 * A license preset (issue 19; docs/decisions/0026): a starting point for one jurisdiction and license type. It holds
 * only what its sources state: every rule names its source and the day it was checked, a secondary source (not the
 * board's own statute or rule) says so, and what the sources leave open or disagree on goes in `caveat`.
 */
export const LicensePresetSchema = v.object({
  id: Key,
  jurisdiction: Text,
  licenseType: v.picklist(LICENSE_TYPES),
  cycleYears: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_CYCLE_YEARS)),
  caveat: v.optional(Text),
  rules: v.array(
    v.object({
      ...RuleFields.entries,
      key: Key,
      source: v.object({ label: Text, url: v.pipe(v.string(), v.url('a source is a link')), checkedOn: Day, secondary: v.boolean() }),
    }),
  ),
});

export const PackSchema = v.object({
  format: v.literal('ce-pass-content/1'),
  /** a demo pack's live webinars are re-anchored to "now" at every start */
  demo: v.optional(v.boolean()),
  includes: v.optional(v.array(v.pipe(v.string(), v.regex(/^[a-z0-9-]+\.json$/)))),
  categories: v.optional(v.array(v.object({ key: Key, name: Text }))),
  companies: v.optional(v.array(v.object({ key: Key, name: Text, logo: v.optional(MediaPath), website: v.optional(v.pipe(v.string(), v.url())) }))),
  speakers: v.optional(v.array(v.object({ key: Key, name: Text, credentials: v.optional(v.string()), bio: v.optional(v.string()), photo: v.optional(MediaPath) }))),
  lookups: v.optional(
    v.object({
      jobTitles: Lookup,
      titles: Lookup,
      states: Lookup,
      countries: Lookup,
      ageRanges: Lookup,
      officeSizes: Lookup,
      sourceHeard: Lookup,
    }),
  ),
  classes: v.optional(v.array(ClassSchema)),
  podcastShows: v.optional(v.array(ShowSchema)),
  ebooks: v.optional(
    v.array(
      v.object({
        hash: Key,
        title: Text,
        subtitle: v.optional(v.string()),
        blurb: Text,
        thumbnail: MediaPath,
        pdf: MediaPath,
        buttonText: v.optional(v.string()),
        /** the book's text, used by scripts/generate-media.mjs to typeset the demo PDF */
        chapters: v.optional(v.array(v.object({ heading: Text, paragraphs: v.array(Text) }))),
      }),
    ),
  ),
  surveys: v.optional(
    v.array(
      v.object({
        key: Key,
        submitLabel: Text,
        questions: v.array(v.object({ question: Text, type: v.picklist(['yesno', 'single', 'multi']), options: v.pipe(v.array(Text), v.minLength(2)) })),
      }),
    ),
  ),
  sponsoredVideos: v.optional(
    v.array(
      v.object({
        key: Key,
        company: Key,
        video: v.optional(MediaPath),
        youtubeId: v.optional(YouTubeId),
        headline: Text,
        blurb: Text,
        buttonYes: Text,
        buttonNo: Text,
      }),
    ),
  ),
  ads: v.optional(
    v.array(
      v.object({
        key: Key,
        company: Key,
        buttonText: Text,
        blurb: Text,
        confirmationTitle: Text,
        confirmationMessage: Text,
        /** index 0 is the default (smallest, 320 px wide); 1..3 are 480, 768 and 1024 px wide */
        banners: v.pipe(v.array(MediaPath), v.length(4)),
      }),
    ),
  ),
  /** where ads sit in each list: first at indexStart, then every interval rows */
  adPlacements: v.optional(
    v.array(
      v.object({
        list: v.picklist(['upcoming', 'ondemand', 'podcasts', 'tutorials', 'tutorial-history']),
        indexStart: v.pipe(v.number(), v.integer(), v.minValue(0)),
        interval: v.pipe(v.number(), v.integer(), v.minValue(1)),
      }),
    ),
  ),
  featured: v.optional(v.object({ class: v.optional(Key), podcast: v.optional(Key) })),
  blurbs: v.optional(v.array(v.object({ code: Key, html: Text }))),
  accreditations: v.optional(v.array(AccreditationSchema)),
  licensePresets: v.optional(v.array(LicensePresetSchema)),
  students: v.optional(v.array(StudentSchema)),
});

export type Pack = v.InferOutput<typeof PackSchema>;
export type PackClass = v.InferOutput<typeof ClassSchema>;
export type PackShow = v.InferOutput<typeof ShowSchema>;
export type PackExam = v.InferOutput<typeof ExamSchema>;
export type PackAccreditation = v.InferOutput<typeof AccreditationSchema>;
export type PackLicensePreset = v.InferOutput<typeof LicensePresetSchema>;
