// My license (issue 19; docs/decisions/0026-license-tracker.md): a student's licenses, each license's rules
// (the student's own copies, a preset's provenance kept), courses the student took elsewhere ("self-reported",
// with a proof file), progress per license and cycle, and the audit pack. Every call is the session student's own.
import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { BodyInt, Ok, QueryInt, S, Str, sentence } from './common.ts';
import { COURSE_FORMATS, FIELD_MESSAGES as M, LICENSE_TYPES, MAX_CYCLE_YEARS, MAX_EVERY_YEARS, MAX_HOURS, NAMED_TOPICS, PROOF_TYPES, RULE_KINDS, RULE_STATUSES, TOPICS } from '../domain/license.ts';

/** `s` as every student call takes it: it must name the session's student (decisions.md 1) */
const Own = v.object({ s: S });

/** a calendar date, YYYY-MM-DD */
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** a day the calendar has (no 31 February), so every date the server compares as text is a real one */
// (valibot runs it after a failed format check too: a malformed text is the regex's to report)
const realDay = (d: string) => !DAY.test(d) || new Date(Date.parse(`${d}T00:00:00Z`) || 0).toISOString().startsWith(d);
export const Day = (what: string) => {
  const message = sentence(`${what} must be a real date, written YYYY-MM-DD.`);
  return v.pipe(v.string(), v.regex(DAY, message), v.check(realDay, message));
};
/**
 * What a person types (hours, shares, years, dates, names) is refused in sentences, the forms' own words where they
 * have them (FIELD_MESSAGES), not as a field path ("rule.hours must be zero or more"): an API caller that skips the
 * forms reads what a student would (docs/decisions/0031). A choice from a list (a rule's kind, a topic) keeps the
 * contract's path form: no form can send a wrong one.
 */
const Hours = (most: string) => v.pipe(v.number(sentence(M.hoursNumber)), v.minValue(0, sentence(M.hoursNegative)), v.maxValue(MAX_HOURS, sentence(most)));
const Text = (message: string, max: number) => v.pipe(Str(max), v.trim(), v.minLength(1, sentence(message)));
const OptText = (max: number) => v.optional(v.nullable(v.pipe(Str(max), v.trim())), null);

// ---- presets -------------------------------------------------------------------------------------------------

/** where a preset rule comes from: the page it was read on and the day it was checked */
export const RuleSource = v.object({
  label: v.string(),
  url: v.string(),
  /** the day the source was read, YYYY-MM-DD */
  checkedOn: v.string(),
  /** an aggregator or provider page, not the board's own statute or rule: the screen says so */
  secondary: v.boolean(),
});
export type RuleSource = v.InferOutput<typeof RuleSource>;

/** what a rule says, as the student edits it (and as a preset offers it) */
export const RuleFields = v.object({
  kind: v.picklist(RULE_KINDS, 'must be a rule kind'),
  /** the hours the rule names; for self-study-maximum null when it is a share (`percent`) */
  hours: v.nullable(Hours(M.ruleHoursMax)),
  /** self-study-maximum as a share of the total hours, 0-100 */
  percent: v.optional(v.nullable(v.pipe(v.number(sentence(M.percent)), v.minValue(0, sentence(M.percent)), v.maxValue(100, sentence(M.percent)))), null),
  /** topic and category-cap rules: the topic; 'other' names it in `otherTopic` */
  topic: v.optional(v.nullable(v.picklist(TOPICS, 'must be a topic')), null),
  otherTopic: OptText(80),
  /** a topic required only every N years (NY infection control every 4): met by a course within the last N years */
  everyYears: v.optional(v.nullable(v.pipe(v.number(sentence(M.everyYears)), v.integer(sentence(M.everyYears)), v.minValue(1, sentence(M.everyYears)), v.maxValue(MAX_EVERY_YEARS, sentence(M.everyYears)))), null),
  /** what else the source says that the tracker does not check (hands-on CPR, a passed test) */
  note: OptText(300),
});
export type RuleFields = v.InferOutput<typeof RuleFields>;

export const PresetRule = v.object({ ...RuleFields.entries, key: v.string(), source: RuleSource });
export const Preset = v.object({
  id: v.string(),
  jurisdiction: v.string(),
  licenseType: v.picklist(LICENSE_TYPES),
  cycleYears: v.number(),
  /** what the sources leave open or disagree on, said plainly */
  caveat: v.nullable(v.string()),
  rules: v.array(PresetRule),
});
export type Preset = v.InferOutput<typeof Preset>;

export const getLicensePresets = endpoint({ method: 'GET', path: 'license-presets', access: 'student', query: Own, response: v.object({ status: v.boolean(), presets: v.array(Preset) }) });

// ---- licenses, rules, progress -------------------------------------------------------------------------------

export const LicenseFields = v.object({
  jurisdiction: Text(M.jurisdiction, 80),
  licenseType: v.picklist(LICENSE_TYPES, 'licenseType must be RDH, DDS/DMD, RDA/EFDA or other'),
  number: OptText(40),
  /** the next renewal date: the end of the current cycle */
  renewalDate: Day('The renewal date'),
  cycleYears: v.pipe(v.number(sentence(M.cycleYears)), v.integer(sentence(M.cycleYears)), v.minValue(1, sentence(M.cycleYears)), v.maxValue(MAX_CYCLE_YEARS, sentence(M.cycleYears))),
});

export const License = v.object({
  id: v.number(),
  jurisdiction: v.string(),
  licenseType: v.picklist(LICENSE_TYPES),
  number: v.nullable(v.string()),
  /** the end of the current cycle: rolls on by cycleYears once a renewal date has passed */
  renewalDate: v.string(),
  cycleYears: v.number(),
  presetId: v.nullable(v.string()),
});
export type License = v.InferOutput<typeof License>;

export const Rule = v.object({
  ...RuleFields.entries,
  id: v.number(),
  /** the preset rule this copy came from, with its source; null for a rule the student added */
  preset: v.nullable(v.object({ presetId: v.string(), key: v.string(), source: RuleSource })),
  /** the student changed it: a later preset update leaves it as the student set it */
  edited: v.boolean(),
});
export type Rule = v.InferOutput<typeof Rule>;

/** a cycle: start and end (the renewal date) inclusive, YYYY-MM-DD */
export const Cycle = v.object({ start: v.string(), end: v.string(), current: v.boolean() });
export type Cycle = v.InferOutput<typeof Cycle>;

/** what any course says about itself, a CE Pass certificate or a reported course */
const CourseDetails = {
  title: v.string(),
  provider: v.string(),
  /** the completion date, YYYY-MM-DD: it counts in the cycle holding this date */
  date: v.string(),
  hours: v.number(),
  format: v.picklist(COURSE_FORMATS),
  topics: v.array(v.picklist(NAMED_TOPICS)),
  otherTopics: v.array(v.string()),
  agdCode: v.nullable(v.string()),
};

/** one course that may count: a CE Pass certificate, or a course the student reported ("self-reported") */
export const Entry = v.object({
  source: v.picklist(['ce-pass', 'self-reported']),
  /** the reported course's id, or 0 for a certificate */
  id: v.number(),
  ...CourseDetails,
  /** a CE Pass certificate's number and public verification page */
  certificateCode: v.nullable(v.string()),
  verifyUrl: v.nullable(v.string()),
  /** a reported course with a proof file (GET reported-course-proof) */
  hasProof: v.boolean(),
});
export type Entry = v.InferOutput<typeof Entry>;

/** a CE Pass course or episode covering a missing topic */
export const CourseLink = v.object({
  kind: v.picklist(['class', 'podcast']),
  hash: v.string(),
  /** an episode's series hash (its page is /podcast/{show}/{hash}); null for a class */
  show: v.nullable(v.string()),
  title: v.string(),
  credits: v.number(),
});
export type CourseLink = v.InferOutput<typeof CourseLink>;

/** progress of one license in one cycle (src/shared/domain/license-progress.ts computes it) */
export const Progress = v.object({
  /** hours the total rule asks; null when the license has no total rule */
  required: v.nullable(v.number()),
  /** every hour of the cycle's courses */
  earned: v.number(),
  /** what counts toward the total: self-study and category caps applied */
  counted: v.number(),
  live: v.object({ earned: v.number(), counted: v.number() }),
  selfStudy: v.object({ earned: v.number(), counted: v.number(), cap: v.nullable(v.number()) }),
  /** each rule, met or not, with the counted hours against it */
  rules: v.array(v.object({ ruleId: v.number(), kind: v.picklist(RULE_KINDS), label: v.string(), required: v.number(), counted: v.number(), met: v.boolean(), status: v.picklist(RULE_STATUSES) })),
  /** every rule met */
  met: v.boolean(),
  /** days from today to the cycle's end (negative once it has passed) */
  daysToRenewal: v.number(),
  /** what is still missing, in plain words, with CE Pass courses that cover it */
  whatsLeft: v.array(v.object({ ruleId: v.number(), text: v.string(), courses: v.array(CourseLink) })),
});
export type Progress = v.InferOutput<typeof Progress>;

/** a license in one cycle: what the license screen shows, and what every change to a license answers */
export const LicenseView = v.object({
  status: v.boolean(),
  license: License,
  rules: v.array(Rule),
  cycle: Cycle,
  /** the current cycle and the finished ones since the license was added, newest first */
  cycles: v.array(Cycle),
  /** the courses the progress counts: the cycle's, and earlier ones a topic required every N years looks back to */
  entries: v.array(Entry),
  progress: Progress,
});
export type LicenseView = v.InferOutput<typeof LicenseView>;

export const getLicenses = endpoint({
  method: 'GET',
  path: 'licenses',
  access: 'student',
  query: Own,
  response: v.object({ status: v.boolean(), licenses: v.array(v.object({ license: License, cycle: Cycle, progress: Progress })) }),
});

const LicenseId = { s: S, id: BodyInt('id') };
/** a cycle by its end date; the current cycle when left out */
export const getLicense = endpoint({ method: 'GET', path: 'license', access: 'student', query: v.object({ s: S, id: QueryInt('id', 999_999_999), cycle: v.optional(Day('The cycle (its renewal date)')) }), response: LicenseView });

/** a new license; with `preset` its rules start as copies of the preset's */
export const postLicenseAdd = endpoint({
  method: 'POST',
  path: 'license-add',
  access: 'student',
  body: v.object({ s: S, ...LicenseFields.entries, preset: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(40, 'preset is not valid'))), null) }),
  response: LicenseView,
});
export const postLicenseEdit = endpoint({ method: 'POST', path: 'license-edit', access: 'student', body: v.object({ ...LicenseId, ...LicenseFields.entries }), response: LicenseView });
/** the license and its rules; the reported courses stay (they are the student's record, kept six years) */
export const postLicenseRemove = endpoint({ method: 'POST', path: 'license-remove', access: 'student', body: v.object(LicenseId), response: Ok });

/** a rule added (no `id`) or changed; an impossible set of rules is refused with 422 and a message per problem */
export const postLicenseRuleSave = endpoint({
  method: 'POST',
  path: 'license-rule-save',
  access: 'student',
  body: v.object({ s: S, license: BodyInt('license'), id: v.optional(v.nullable(BodyInt('id')), null), rule: RuleFields }),
  response: LicenseView,
});
export const postLicenseRuleRemove = endpoint({ method: 'POST', path: 'license-rule-remove', access: 'student', body: v.object({ s: S, license: BodyInt('license'), id: BodyInt('id') }), response: LicenseView });

// ---- reported courses ("self-reported") and their proof ------------------------------------------------------

export const ReportedCourseFields = v.object({
  s: S,
  title: Text(M.title, 200),
  provider: Text(M.provider, 120),
  date: Day('The date of the course'),
  hours: v.pipe(Hours(M.courseHoursMax), v.minValue(0.25, sentence(M.courseHoursMin))),
  format: v.picklist(COURSE_FORMATS, 'format must be live or self-study'),
  /** every field is sent, empty lists and null included: the form always has them */
  topics: v.pipe(v.array(v.picklist(NAMED_TOPICS, 'must be one of the topics')), v.maxLength(NAMED_TOPICS.length, 'topics has too many items')),
  otherTopics: v.pipe(v.array(v.pipe(Str(80), v.trim(), v.minLength(1, 'must not be empty'))), v.maxLength(5, 'otherTopics has at most 5 items')),
  agdCode: v.nullable(v.pipe(Str(10), v.trim())),
});

export const ReportedCourse = v.object({
  id: v.number(),
  ...CourseDetails,
  /** the proof file: its name as the student sent it (cleaned) and its checked type; null without one */
  proof: v.nullable(v.object({ name: v.string(), type: v.picklist(PROOF_TYPES), bytes: v.number() })),
  createdAt: v.string(),
});
export type ReportedCourse = v.InferOutput<typeof ReportedCourse>;

export const getReportedCourses = endpoint({ method: 'GET', path: 'reported-courses', access: 'student', query: Own, response: v.object({ status: v.boolean(), courses: v.array(ReportedCourse) }) });

/** the largest proof file accepted (a phone photo is shrunk to about 2 MB before it is sent) */
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
/**
 * A course taken elsewhere, with an optional proof file: sent as multipart/form-data with the part `record`
 * (this body as JSON text) and the part `proof` (a JPEG, PNG or PDF, judged by its content). With an
 * Idempotency-Key it is recorded once however often the outbox sends it.
 */
export const postReportedCourseAdd = endpoint({
  method: 'POST',
  path: 'reported-course-add',
  access: 'student',
  upload: { record: 'record', file: 'proof', maxBytes: PROOF_MAX_BYTES },
  body: ReportedCourseFields,
  response: v.object({ status: v.boolean(), course: ReportedCourse }),
});
/**
 * The proof of a course already recorded, added or replaced (a course recorded before its certificate came, or
 * with a photo the student wants to take again): multipart as `reported-course-add`, the part `record` holding
 * `{ id }`. Through the outbox with an Idempotency-Key, as the course itself.
 */
export const postReportedCourseProofAdd = endpoint({
  method: 'POST',
  path: 'reported-course-proof-add',
  access: 'student',
  upload: { record: 'record', file: 'proof', maxBytes: PROOF_MAX_BYTES },
  body: v.object(LicenseId),
  response: v.object({ status: v.boolean(), course: ReportedCourse }),
});
export const postReportedCourseRemove = endpoint({ method: 'POST', path: 'reported-course-remove', access: 'student', body: v.object(LicenseId), response: Ok });

/**
 * the proof file of the student's own reported course: bytes to download (application/octet-stream, an attachment
 * named `proof.name`, nosniff), never rendered by the browser from our origin
 */
export const getReportedCourseProof = endpoint({
  method: 'GET',
  path: 'reported-course-proof',
  access: 'student',
  contentType: 'application/octet-stream',
  query: v.object({ s: S, id: QueryInt('id', 999_999_999) }),
  response: v.instance(Uint8Array),
});

// ---- the audit pack ------------------------------------------------------------------------------------------

const CycleQuery = v.object({ s: S, id: QueryInt('id', 999_999_999), cycle: v.optional(Day('cycle')) });
/** the transcript of a license's cycle as one PDF */
export const getLicenseTranscript = endpoint({ method: 'GET', path: 'license-transcript', access: 'student', contentType: 'application/pdf', query: CycleQuery, response: v.instance(Uint8Array) });
/** the audit pack: a ZIP of the transcript, every CE Pass certificate PDF of the cycle and every proof file */
export const getLicenseAuditPack = endpoint({ method: 'GET', path: 'license-audit-pack', access: 'student', contentType: 'application/zip', query: CycleQuery, response: v.instance(Uint8Array) });

/** the audit pack's file name */
export const auditPackFileName = (license: { jurisdiction: string; licenseType: string }, cycleEnd: string, ext: 'pdf' | 'zip'): string =>
  `ce-pass-${`${license.jurisdiction}-${license.licenseType}`.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${cycleEnd}.${ext === 'pdf' ? 'transcript.pdf' : 'audit-pack.zip'}`;
