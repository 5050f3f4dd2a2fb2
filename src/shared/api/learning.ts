// The learning flow after viewing: attendance, evaluation, sponsored video, survey, exam (spec §4, §7).
import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { Hash, Iso, Ok, S, TimeZone } from './common.ts';

const Item = { s: S, c: v.optional(v.nullable(Hash)), p: v.optional(v.nullable(Hash)) };

export const getSva = endpoint({
  method: 'GET',
  path: 'sva',
  access: 'student',
  query: v.object({ s: S, c: Hash }),
  response: v.object({
    status: v.boolean(),
    rowCount: v.number(),
    data: v.array(
      v.object({
        id: v.number(),
        youtubeId: v.nullable(v.string()),
        videoFile: v.nullable(v.string()),
        companyName: v.string(),
        companyPhoto: v.nullable(v.string()),
        headline: v.string(),
        blurb: v.string(),
        headlineButtons: v.string(),
        buttonTextYes: v.string(),
        buttonTextNo: v.string(),
        /** the student has answered this offer already (an addition to spec §7): a retake of the exam goes on past it */
        answered: v.boolean(),
      }),
    ),
  }),
});
/** e: answer code, 2 yes and 3 no */
export const postSaveSvaResponse = endpoint({ method: 'POST', path: 'save-sva-response', access: 'student', body: v.object({ s: S, c: Hash, v: v.number(), e: v.picklist([2, 3]) }), response: Ok });

export const getSurvey = endpoint({
  method: 'GET',
  path: 'survey',
  access: 'student',
  query: v.object({ s: S, c: Hash }),
  response: v.object({
    status: v.boolean(),
    rowCount: v.number(),
    data: v.array(
      v.object({
        hash: v.string(),
        sessionHash: v.string(),
        /** the student's answers so far: the survey resumes at the first question not in this list */
        answered: v.array(v.object({ q: v.string(), choices: v.array(v.string()) })),
        questions: v.array(v.object({ hash: v.string(), question: v.string(), type: v.picklist(['yesno', 'single', 'multi']), buttons: v.array(v.object({ hash: v.string(), label: v.string() })) })),
        submit: v.object({ label: v.string() }),
      }),
    ),
  }),
});
export const postSaveSurveyResponse = endpoint({
  method: 'POST',
  path: 'save-survey-response',
  access: 'student',
  body: v.object({ s: S, c: Hash, sh: Hash, q: Hash, choices: v.pipe(v.array(Hash), v.minLength(1), v.maxLength(10)), sessionHash: Hash, isLast: v.boolean() }),
  response: Ok,
});

export const postSaveAffidavit = endpoint({ method: 'POST', path: 'save-affidavit', access: 'student', body: v.object({ s: S, c: Hash, attended: v.boolean() }), response: Ok });

const Rating = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4));
export const EvaluationForm = v.object({
  courseObjectives: Rating,
  courseUseful: Rating,
  courseAppropriate: Rating,
  courseLogical: Rating,
  instructorCommunication: Rating,
  instructorPreparedness: Rating,
  instructorEffectiveness: Rating,
  sitePresentation: Rating,
  siteNavigation: Rating,
  siteComparison: Rating,
  comments: v.optional(v.pipe(v.string(), v.maxLength(1024, 'Field exceeds maximum allowed length.'))),
  otherTopics: v.optional(v.pipe(v.string(), v.maxLength(1024, 'Field exceeds maximum allowed length.'))),
});
export const postSaveEval = endpoint({ method: 'POST', path: 'save-eval', access: 'student', body: v.object({ ...Item, a: EvaluationForm }), response: Ok });

/** questions without answer keys (decisions.md 3); correctOption appears only after a pass */
export const ExamQuestion = v.object({
  examQId: v.number(),
  question: v.string(),
  option1: v.nullable(v.string()),
  option2: v.nullable(v.string()),
  option3: v.nullable(v.string()),
  option4: v.nullable(v.string()),
  option5: v.nullable(v.string()),
  option6: v.nullable(v.string()),
});
export const getExam = endpoint({
  method: 'GET',
  path: 'exam',
  access: 'student',
  query: v.object(Item),
  response: v.object({
    status: v.boolean(),
    exam: v.object({ minScore: v.number(), questions: v.array(ExamQuestion) }),
    studentData: v.object({
      evalTaken: v.boolean(),
      examTaken: v.boolean(),
      examScore: v.nullable(v.number()),
      examDate: v.nullable(Iso),
      /** a live webinar's affidavit: true attended, false did not, null not answered (or not live) */
      attended: v.nullable(v.boolean()),
    }),
    classId: v.nullable(v.number()),
    podcastId: v.nullable(v.number()),
    title: v.string(),
    credits: v.number(),
    releaseDate: Iso,
  }),
});
export const postGradeExam = endpoint({
  method: 'POST',
  path: 'grade-exam',
  access: 'student',
  body: v.object({
    ...Item,
    a: v.pipe(v.array(v.object({ examQId: v.number(), option: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(6)) })), v.maxLength(100)),
    /** the client's name for this attempt (a UUID per try): a submit sent twice is graded once */
    attemptKey: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{8,64}$/, 'attemptKey must be an attempt id')),
    /** the device's zone: a pass's certificate is dated the day it is there (decision 0045); one unknown is left out */
    tz: v.optional(TimeZone),
  }),
  response: v.object({
    status: v.boolean(),
    exam: v.object({ minScore: v.number(), questions: v.array(v.object({ ...ExamQuestion.entries, correctOption: v.optional(v.number()) })) }),
    examScore: v.number(),
    passed: v.boolean(),
    /** per question: was the given answer right (never which option is right before a pass) */
    grades: v.array(v.object({ examQId: v.number(), correct: v.boolean() })),
    msg: v.string(),
  }),
});
