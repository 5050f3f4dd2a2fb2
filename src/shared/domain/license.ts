// The license tracker's words (issue 19), shared by the contract, the server and the screens: license types,
// topics, rule kinds and the limits every rule must keep. One vocabulary: license, cycle, rule, preset,
// reported course ("self-reported"), proof, progress, what's left, audit pack.

export const LICENSE_TYPES = ['RDH', 'DDS/DMD', 'RDA/EFDA', 'other'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];

/**
 * The mandatory topics boards name (license-requirements.md), plus risk management (a category Texas caps).
 * 'other' is a topic the student names in free text (`otherTopic`).
 */
export const TOPICS = ['infection-control', 'cpr-bls', 'ethics-jurisprudence', 'opioid-prescribing', 'medical-errors', 'child-abuse', 'human-trafficking', 'risk-management', 'other'] as const;
export type Topic = (typeof TOPICS)[number];
/** the topics a course may carry by name; a course's own free-text topics go in `otherTopics` */
export const NAMED_TOPICS = TOPICS.filter((t): t is Exclude<Topic, 'other'> => t !== 'other');
export type NamedTopic = (typeof NAMED_TOPICS)[number];

export const TOPIC_LABELS: Record<Topic, string> = {
  'infection-control': 'Infection control',
  'cpr-bls': 'CPR/BLS',
  'ethics-jurisprudence': 'Ethics or jurisprudence',
  'opioid-prescribing': 'Opioid prescribing',
  'medical-errors': 'Prevention of medical errors',
  'child-abuse': 'Child abuse identification',
  'human-trafficking': 'Human trafficking',
  'risk-management': 'Risk management',
  other: 'Other topic',
};

/**
 * - total: hours per cycle
 * - live-minimum: at least `hours` live (interactive) hours
 * - self-study-maximum: at most `hours`, or `percent` % of the total, of self-study counts
 * - topic: at least `hours` on `topic` (every `everyYears` years when set, else every cycle)
 * - category-cap: at most `hours` of `topic` count
 */
export const RULE_KINDS = ['total', 'live-minimum', 'self-study-maximum', 'topic', 'category-cap'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/**
 * where a rule of the cycle stands: met; partly met (some hours count toward it, fewer than it asks); missing
 * (nothing toward it yet). A limit (self-study, a topic's cap) is always met: it only bounds what counts.
 */
export const RULE_STATUSES = ['met', 'partly-met', 'missing'] as const;
export type RuleStatus = (typeof RULE_STATUSES)[number];
export const RULE_STATUS_LABELS: Record<RuleStatus, string> = { met: 'Met', 'partly-met': 'Partly met', missing: 'Missing' };

export const COURSE_FORMATS = ['live', 'self-study'] as const;
export type CourseFormat = (typeof COURSE_FORMATS)[number];

/** the most hours any rule or course may carry: no renewal asks more */
export const MAX_HOURS = 500;
export const MAX_CYCLE_YEARS = 5;
export const MAX_EVERY_YEARS = 10;

/** the proof files accepted, each judged by its content (magic numbers), never by its name or declared type */
export const PROOF_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type ProofType = (typeof PROOF_TYPES)[number];

/** reminders go at these many days before the renewal date while requirements are unmet */
export const REMINDER_DAYS = [90, 30, 7] as const;

/** the label every course recorded by the student carries, everywhere */
export const SELF_REPORTED = 'Self-reported';
/** beside every preset rule */
export const CONFIRM_WITH_BOARD = 'Confirm with your board';

/**
 * What is wrong with a value a person types on the license forms, in their words: the forms say it before they
 * send, and the contract's 400 says the same to a caller that skipped the form (docs/decisions/0031).
 */
export const FIELD_MESSAGES = {
  hoursNumber: 'Enter the hours as a number, like 2 or 1.5.',
  hoursNegative: 'Hours cannot be negative.',
  ruleHoursMax: `A rule asks at most ${MAX_HOURS} hours.`,
  courseHoursMin: 'A course has at least 0.25 hours.',
  courseHoursMax: `A course has at most ${MAX_HOURS} hours.`,
  percent: 'Enter a share from 0 to 100 %.',
  everyYears: `Enter a whole number of years from 1 to ${MAX_EVERY_YEARS}, or leave it empty for every cycle.`,
  cycleYears: `The cycle is 1 to ${MAX_CYCLE_YEARS} years.`,
  jurisdiction: 'Enter the state or jurisdiction of the license.',
  title: 'Enter the title of the course.',
  provider: 'Enter who gave the course.',
} as const;

/** a preset's rules are one license type's: another type starts from scratch (a walk: a dentist got a hygienist's 24 h) */
export const presetTypeMessage = (type: LicenseType): string => `This starting point is for ${type} licenses. For another license type, start from scratch.`;
