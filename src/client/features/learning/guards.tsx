// The guards of spec §4 for the steps before the exam, judged on the student's progress as the server has it:
// the evaluation needs a view (a live class: its start; a podcast: a play), the sponsored video and the survey
// need the evaluation, a taken evaluation moves on, and a passed exam leads back to the course.
// The server refuses the same steps (the course gate, course-gate.service.ts); these only spare the student a refused form.
import { Redirect } from 'wouter';
import type { StudentClassData } from '#shared/api/classes';
import type { CourseStep } from '#shared/domain/course-steps';
import type { ResponseOf } from '#shared/api/endpoint';
import type { getPodcast } from '#shared/api/podcasts';
import { NoticeRedirect } from '../../components/ui/notice-redirect.tsx';
import { paths } from '../../config/paths.ts';
import { EVAL_FIRST, EXAM_DONE_CLASS, EXAM_DONE_PODCAST, LISTEN_FIRST, VIEW_CLASS_FIRST } from '../../lib/messages.ts';

/** where a guard sends the student instead, and the alert that says why (none when moving on) */
export interface Detour {
  to: string;
  notice?: string;
}

/** the steps these guards judge, named as the course gate and the classroom's `steps` name them */
export type ClassStep = Extract<CourseStep, 'evaluation' | 'sva' | 'survey'>;

export function classStepDetour(step: ClassStep, hash: string, sd: StudentClassData): Detour | null {
  if (sd.examTaken) return { to: paths.classroom(hash), notice: EXAM_DONE_CLASS };
  if (step === 'evaluation') {
    // a live webinar is attended, not played: its start counts as the view (the server says the same)
    if (sd.classViewCount === 0 && !sd.studentStarted) return { to: paths.classroom(hash), notice: VIEW_CLASS_FIRST };
    if (sd.evalTaken) return { to: paths.sva(hash) };
    return null;
  }
  if (!sd.evalTaken) return { to: paths.eval(hash), notice: EVAL_FIRST };
  return null;
}

type PodcastData = NonNullable<ResponseOf<typeof getPodcast>['studentData']>;

/** the evaluation of an episode; `showHash` names the series page the episode is played on */
export function podcastEvalDetour(p: string, showHash: string, sd: PodcastData): Detour | null {
  if (sd.examTaken) return { to: paths.podcast(showHash, p), notice: EXAM_DONE_PODCAST };
  // podcast-view makes the gradebook row when playback starts, and that row is what the server asks for
  if (sd.gradebookId === 0) return { to: paths.podcast(showHash, p), notice: LISTEN_FIRST };
  if (sd.evalTaken) return { to: paths.examPodcast(p) };
  return null;
}

export function DetourRedirect({ to, notice }: Detour) {
  return notice ? <NoticeRedirect to={to} notice={notice} /> : <Redirect to={to} replace />;
}
