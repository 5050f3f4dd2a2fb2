// The course evaluation of spec §3 and §5: ten ratings (4 Excellent … 1 Poor), each required, and two free
// texts up to 1024 characters, with the spec's messages. The spec names the ratings' fields, not their
// wording; the questions below say what each field rates.
import type { FieldErrors } from '#shared/domain/validation';
import type { Evaluation } from './api/save-eval.ts';

export const ANSWER_REQUIRED = 'Answer is required.';
export const TOO_LONG = 'Field exceeds maximum allowed length.';
/** spec §9: comments max 1024 */
export const TEXT_MAX = 1024;

/** spec §3: each rating 4 Excellent, 3 Good, 2 Fair, 1 Poor, best first */
export const RATINGS = [
  { value: '4', label: 'Excellent' },
  { value: '3', label: 'Good' },
  { value: '2', label: 'Fair' },
  { value: '1', label: 'Poor' },
] as const;

export type RatingField = Exclude<keyof Evaluation, 'comments' | 'otherTopics'>;

/** the ten ratings in the spec's order, grouped as the spec's field names group them */
export const RATING_SECTIONS: ReadonlyArray<{ title: string; questions: ReadonlyArray<{ field: RatingField; question: string }> }> = [
  {
    title: 'The course',
    questions: [
      { field: 'courseObjectives', question: 'How well the course met its stated learning objectives' },
      { field: 'courseUseful', question: 'How useful the content is to your practice' },
      { field: 'courseAppropriate', question: 'How appropriate the content was for your role and experience' },
      { field: 'courseLogical', question: 'How logically the material was organized' },
    ],
  },
  {
    title: 'The instructor',
    questions: [
      { field: 'instructorCommunication', question: 'How clearly the instructor communicated' },
      { field: 'instructorPreparedness', question: 'How well prepared the instructor was' },
      { field: 'instructorEffectiveness', question: 'How effective the instructor was overall' },
    ],
  },
  {
    title: 'This website',
    questions: [
      { field: 'sitePresentation', question: 'How well the course was presented on this site' },
      { field: 'siteNavigation', question: 'How easy this site is to find your way around' },
      { field: 'siteComparison', question: 'This site compared with other online CE you have taken' },
    ],
  },
];

export const RATING_FIELDS: readonly RatingField[] = RATING_SECTIONS.flatMap((s) => s.questions.map((q) => q.field));

/** the form's values: a rating is '' until chosen */
export type EvaluationValues = Record<RatingField | 'comments' | 'otherTopics', string>;

export const BLANK_EVALUATION = Object.fromEntries([...RATING_FIELDS, 'comments', 'otherTopics'].map((k) => [k, ''])) as EvaluationValues;

const isRating = (value: string) => RATINGS.some((r) => r.value === value);

export function evaluationErrors(values: EvaluationValues): FieldErrors<EvaluationValues> {
  const errors: FieldErrors<EvaluationValues> = {};
  for (const k of RATING_FIELDS) if (!isRating(values[k])) errors[k] = ANSWER_REQUIRED;
  // counted as the server counts them: after trimming
  if (values.comments.trim().length > TEXT_MAX) errors.comments = TOO_LONG;
  if (values.otherTopics.trim().length > TEXT_MAX) errors.otherTopics = TOO_LONG;
  return errors;
}

/** what save-eval takes, from values that passed the rules */
export const toEvaluation = (values: EvaluationValues): Evaluation => ({
  ...(Object.fromEntries(RATING_FIELDS.map((k) => [k, Number(values[k])])) as Record<RatingField, number>),
  comments: values.comments.trim(),
  otherTopics: values.otherTopics.trim(),
});
