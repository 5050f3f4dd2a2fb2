// Kysely's view of the tables (camelCase here; CamelCasePlugin maps to snake_case columns).
// Times are ISO-8601 UTC strings and booleans are 0/1 integers, so one migration suits SQLite and PostgreSQL.
import { sql, type ColumnType, type Generated } from 'kysely';

type Id = Generated<number>;
type Flag = number;

export interface DB {
  categories: { id: Id; key: string; name: string; position: number };
  companies: { id: Id; key: string; name: string; logo: string | null; website: string | null };
  speakers: { id: Id; key: string; name: string; credentials: string | null; bio: string | null; photo: string | null };
  classes: {
    id: Id;
    hash: string;
    typeId: number;
    isTutorial: Flag;
    name: string;
    speakerId: number;
    companyId: number | null;
    description: string;
    photo: string;
    credits: number;
    ceTypeId: number;
    releaseDate: string;
    endDate: string;
    durationMin: number;
    youtubeId: string | null;
    videoFile: string | null;
    pdfFile: string | null;
    zoomCode: string | null;
    capacity: number | null;
    seatsTaken: Generated<number>;
    agdCode: string | null;
    agdCategory: string | null;
    learningObjectives: string | null;
    surveyId: number | null;
    svaId: number | null;
    /** demo webinars only: minutes from "now" to re-anchor to at each start */
    demoOffsetMin: number | null;
    createdAt: string;
    /** the content pack's topics (JSON array of NamedTopic), so a certificate counts toward a license's mandatory topic */
    topics: Generated<string | null>;
  };
  classCategories: { classId: number; categoryId: number };
  podcastShows: { id: Id; hash: string; title: string; companyId: number | null; photo: string; blurb: string };
  podcasts: {
    id: Id;
    hash: string;
    showId: number;
    title: string;
    speakerId: number;
    blurb: string;
    description: string;
    releaseDate: string;
    durationSec: number;
    credits: number;
    ceTypeId: number;
    mp3: string;
    photo: string | null;
    transcript: string;
    topics: Generated<string | null>;
  };
  podcastCategories: { podcastId: number; categoryId: number };
  ebooks: { id: Id; hash: string; title: string; subtitle: string | null; blurb: string; thumbnail: string; pdf: string; buttonText: string | null; position: number };
  ebookDownloads: { id: Id; ebookId: number; studentId: number; createdAt: string };
  students: {
    id: Id;
    hash: string;
    username: string;
    passwordHash: string;
    title: string;
    firstname: string;
    lastname: string;
    jobTitle: string;
    officeName: string;
    address: string;
    city: string;
    state: string;
    zip: string;
    country: string;
    phone: string;
    /** stored lower-case: the unique index is the "already in use" rule */
    email: string;
    email2: string | null;
    agdNumber: string | null;
    certYear: number;
    gender: string;
    ageRange: string;
    officeSize: string;
    sourceHeard: string | null;
    hideAgdReminder: Generated<Flag>;
    consentRemovedAt: string | null;
    /** changes with any change to the student's seats or completed exams, by triggers (migration 0015) */
    marksVersion: Generated<number>;
    /** the IANA time zone of the device the student last reserved a seat on (migration 0018): the seat e-mails' */
    timeZone: ColumnType<string | null, string | null | undefined, string | null>;
    createdAt: string;
    updatedAt: string;
  };
  sessions: { id: Id; tokenHash: string; studentId: number; createdAt: string; lastSeenAt: string; expiresAt: string; userAgent: string | null };
  authTokens: { id: Id; tokenHash: string; studentId: number; purpose: string; expiresAt: string; usedAt: string | null; createdAt: string };
  seats: {
    id: Id;
    classId: number;
    studentId: number;
    status: 'reserved' | 'waiting' | 'cancelled';
    cancelCode: string;
    createdAt: string;
    updatedAt: string;
    /** when the reminders went out (each once) */
    reminded24hAt: Generated<string | null>;
    reminded1hAt: Generated<string | null>;
  };
  gradebook: {
    id: Id;
    studentId: number;
    classId: number | null;
    podcastId: number | null;
    viewCount: Generated<number>;
    startedAt: string | null;
    endedAt: string | null;
    attended: Flag | null;
    evalTakenAt: string | null;
    svaDoneAt: string | null;
    surveyDoneAt: string | null;
    examTakenAt: string | null;
    examScore: number | null;
    credits: number | null;
    ceTypeId: number | null;
    createdAt: string;
    updatedAt: string;
  };
  viewEvents: { id: Id; studentId: number; classId: number | null; podcastId: number | null; kind: string; clientEventId: string | null; createdAt: string };
  /**
   * Watch Later by last writer wins (migration 0011): a removed row stays, with removedAt set, until the retention
   * job prunes it; changedAt is the device's time of the last action applied ('' for rows from before 0011).
   * Every read of the list or of a badge skips removed rows.
   */
  queue: { id: Id; studentId: number; classId: number; createdAt: string; changedAt: Generated<string>; removedAt: Generated<string | null> };
  /** Watch Later for podcast episodes (the classes' queue cannot hold them: its class_id is NOT NULL) */
  podcastQueue: { id: Id; studentId: number; podcastId: number; createdAt: string; changedAt: Generated<string>; removedAt: Generated<string | null> };
  /** one student's listening record of one episode: `heard` is the merged heard ranges as JSON, heardSec their length */
  listening: { id: Id; studentId: number; podcastId: number; heard: string; heardSec: number; positionSec: number; positionAt: string; playedAt: string | null; createdAt: string; updatedAt: string };
  /** the listen batches already applied (POST /api/podcast-listen's `e`), and a digest of what each said */
  listeningEvents: { id: Id; studentId: number; podcastId: number; clientEventId: string; digest: string; createdAt: string };
  exams: { id: Id; classId: number | null; podcastId: number | null; minScore: number };
  examQuestions: {
    id: Id;
    examId: number;
    position: number;
    question: string;
    option1: string | null;
    option2: string | null;
    option3: string | null;
    option4: string | null;
    option5: string | null;
    option6: string | null;
    correctOption: number;
  };
  examAttempts: { id: Id; examId: number; studentId: number; answers: string; score: number; passed: Flag; createdAt: string; attemptKey: string | null };
  surveys: { id: Id; key: string; hash: string; submitLabel: string };
  surveyQuestions: { id: Id; surveyId: number; hash: string; position: number; question: string; type: string };
  surveyOptions: { id: Id; questionId: number; hash: string; position: number; label: string };
  surveyResponses: { id: Id; surveyId: number; questionId: number; studentId: number; classId: number | null; sessionHash: string; choices: string; createdAt: string };
  svas: { id: Id; key: string; companyId: number; youtubeId: string | null; videoFile: string | null; headline: string; blurb: string; buttonYes: string; buttonNo: string };
  svaResponses: { id: Id; svaId: number; studentId: number; classId: number; answerCode: number; createdAt: string };
  evaluations: {
    id: Id;
    studentId: number;
    classId: number | null;
    podcastId: number | null;
    courseObjectives: number;
    courseUseful: number;
    courseAppropriate: number;
    courseLogical: number;
    instructorCommunication: number;
    instructorPreparedness: number;
    instructorEffectiveness: number;
    sitePresentation: number;
    siteNavigation: number;
    siteComparison: number;
    comments: string | null;
    otherTopics: string | null;
    createdAt: string;
  };
  certificates: {
    id: Id;
    code: string;
    studentId: number;
    gradebookId: number;
    studentName: string;
    title: string;
    speakerName: string | null;
    credits: number;
    ceTypeId: number;
    agdCode: string | null;
    /** the student's AGD member number when it was issued (migration 0016); null without one, and before 0016 */
    agdNumber: string | null;
    completedAt: string;
    /** the day completed ('YYYY-MM-DD') in the student's zone at the pass (migration 0019): what every copy prints */
    completedOn: string;
    issuedAt: string;
  };
  /** the operator's accreditation statements (content pack); validFrom and validThrough are 'YYYY-MM-DD', both included */
  accreditations: { id: Id; provider: string; approvalBody: string; statement: string; validFrom: string; validThrough: string; createdAt: string };
  /** the statements a certificate carries, copied when it was issued (those whose period covered its completion date) */
  certificateAccreditations: { certificateId: number; position: number; accreditationId: number | null; provider: string; approvalBody: string; statement: string; validFrom: string; validThrough: string };
  ads: { id: Id; key: string; companyId: number; buttonText: string; blurb: string; confirmationTitle: string; confirmationMessage: string; active: Flag };
  adBanners: { id: Id; adId: number; position: number; url: string };
  adPlacements: { list: string; indexStart: number; interval: number };
  adEvents: { id: Id; adId: number; studentId: number | null; eventId: number; createdAt: string };
  adLeads: { id: Id; adId: number; studentId: number | null; email: string; createdAt: string };
  featuredContent: { id: Id; slotType: number; classId: number | null; podcastId: number | null; active: Flag; position: number };
  featuredClicks: { id: Id; slotType: number; hash: string; studentId: number | null; createdAt: string };
  blurbs: { code: string; html: string; updatedAt: string };
  lookups: { id: Id; list: string; value: string; label: string; position: number };
  supportMessages: { id: Id; studentId: number | null; name: string; office: string; email: string; phone: string; subject: string; comment: string; createdAt: string };
  emailOutbox: {
    id: Id;
    toAddress: string;
    subject: string;
    textBody: string;
    htmlBody: string | null;
    attachments: string | null;
    createdAt: string;
    sendAfter: string;
    sentAt: string | null;
    attempts: Generated<number>;
    lastError: string | null;
    /** whose mail it is and what kind, for the per-account limits */
    studentId: number | null;
    kind: string | null;
  };
  pageViews: { id: Id; path: string; studentId: number | null; createdAt: string };
  meta: { key: string; value: string };
  loginAttempts: { id: Id; account: string; ip: string; succeeded: Flag; createdAt: string };
  /** a student's window of POSTs for the per-minute limit (plugins/contract.ts), shared by every process */
  studentWriteWindows: { studentId: number; startedMs: number; count: number };
  /**
   * one Idempotency-Key per student (0: a call without a session): the call, a digest of its input keyed by the
   * key, and the first answer once there is one (statusCode null while in flight, owned by `claim`)
   */
  /** My license (migration 0014, docs/decisions/0026): the content pack's presets, rules as JSON */
  licensePresets: { id: string; jurisdiction: string; licenseType: string; cycleYears: number; caveat: string | null; rules: string; position: number; updatedAt: string };
  licenses: { id: Id; studentId: number; jurisdiction: string; licenseType: string; number: string | null; firstRenewalDate: string; cycleYears: number; presetId: string | null; remindersFrom: string; createdAt: string; updatedAt: string };
  /** the student's copies of a license's rules; presetId/presetKey/source name the preset rule a copy came from */
  licenseRules: {
    id: Id;
    licenseId: number;
    position: number;
    kind: string;
    hours: number | null;
    percent: number | null;
    topic: string | null;
    otherTopic: string | null;
    everyYears: number | null;
    note: string | null;
    presetId: string | null;
    presetKey: string | null;
    source: string | null;
    edited: Generated<Flag>;
    removed: Generated<Flag>;
    createdAt: string;
    updatedAt: string;
  };
  /** courses taken elsewhere ("self-reported"); topics and otherTopics as JSON arrays; proofKey a private storage key */
  reportedCourses: {
    id: Id;
    studentId: number;
    title: string;
    provider: string;
    date: string;
    hours: number;
    format: string;
    topics: string;
    otherTopics: string;
    agdCode: string | null;
    proofKey: string | null;
    proofName: string | null;
    proofType: string | null;
    proofBytes: number | null;
    createdAt: string;
  };
  /** one reminder per license, cycle (its end date) and window (90/30/7 days before) */
  licenseReminders: { id: Id; licenseId: number; cycleEnd: string; days: number; sentAt: string };
  idempotencyKeys: {
    id: Id;
    studentId: number;
    keyHash: string;
    request: string;
    fingerprint: string;
    claim: string | null;
    startedAt: string;
    statusCode: number | null;
    contentType: string | null;
    response: string | null;
    createdAt: string;
    /** the student a session was opened for, when the answer opened one (migration 0017); its repeat opens another */
    sessionStudentId: number | null;
  };
}

/**
 * A seat that is not cancelled is `status <> CANCELLED`, with 'cancelled' written into the SQL, never bound:
 * seats_active_uq is a partial index on `status <> 'cancelled'`, and when a bound value decides whether a partial
 * index applies, SQLite plans the statement again at every run (the classroom's own-row read measured 29 µs a run
 * bound, 4.5 µs written in)
 */
export const CANCELLED = sql.lit<'cancelled'>('cancelled');
