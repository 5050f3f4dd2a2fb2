// The steps a course asks of a student from the view to the exam (spec §4 "Learning flow"), named as the course gate
// names them (course-gate.service.ts): the server says which a class has, and the screens of the flow show where the
// student is among them ("Step 3 of 5", features/learning/components/course-steps.tsx, with the words for each).

export const COURSE_STEPS = ['view', 'start', 'play', 'attendance', 'evaluation', 'sva', 'survey', 'exam'] as const;
/**
 * view: an on-demand class or tutorial is watched (class-view); start: a live webinar is entered (class-start);
 * play: an episode is played (podcast-view); attendance: the live affidavit; evaluation, sva, survey: the steps after
 * the view; exam: reading the questions and passing them.
 */
export type CourseStep = (typeof COURSE_STEPS)[number];

/**
 * A class's steps: a webinar is entered and its attendance confirmed, any other class is viewed; the sponsored
 * video and the survey only where the class has them (spec §2: none skips to the next). No exam, no steps: a
 * tutorial gives no credit.
 */
export function classSteps(c: { live: boolean; hasExam: boolean; hasSponsoredVideo: boolean; hasSurvey: boolean }): CourseStep[] {
  if (!c.hasExam) return [];
  return [
    ...(c.live ? (['start', 'attendance'] as const) : (['view'] as const)),
    'evaluation',
    ...(c.hasSponsoredVideo ? (['sva'] as const) : []),
    ...(c.hasSurvey ? (['survey'] as const) : []),
    'exam',
  ];
}

/** an episode is played, evaluated and examined: no sponsored video, no survey (spec §2 "/eval-podcast/{p} then /exam-podcast/{p}") */
export const EPISODE_STEPS: readonly CourseStep[] = ['play', 'evaluation', 'exam'];

/** what a student has done of a course, as their gradebook row says it */
export interface StepsDone {
  viewCount: number;
  startedAt: string | null;
  /** the live affidavit's answer (1 attended, 0 not); null before it */
  attended: number | null;
  evalTakenAt: string | null;
  svaDoneAt: string | null;
  surveyDoneAt: string | null;
  examTakenAt: string | null;
}

/** the first of a course's `steps` the student has not done (CE in Progress says it); null once all are */
export function nextStep(steps: readonly CourseStep[], g: StepsDone): CourseStep | null {
  const done: Record<CourseStep, boolean> = {
    view: Number(g.viewCount) > 0,
    play: Number(g.viewCount) > 0,
    start: g.startedAt !== null,
    attendance: g.attended !== null,
    evaluation: g.evalTakenAt !== null,
    sva: g.svaDoneAt !== null,
    survey: g.surveyDoneAt !== null,
    exam: g.examTakenAt !== null,
  };
  return steps.find((s) => !done[s]) ?? null;
}
