// Where the student is among a course's steps, on each screen of the learning flow (spec §4 "Learning flow"):
// "Step 3 of 5 · Next: Exam" under the screen's heading, which names the step, and a bar of the steps with the ones
// done filled. The steps are the server's (the classroom's `steps`; an episode's are always the same), so a
// sponsored video or a survey the class does not have is never counted.
import type { CourseStep } from '#shared/domain/course-steps';

/** what a student reads for each step (here, and on CE in Progress's rows) */
export const STEP_NAMES: Record<CourseStep, string> = {
  view: 'View the class',
  start: 'Attend the webinar',
  play: 'Listen to the episode',
  attendance: 'Confirm attendance',
  evaluation: 'Evaluation',
  sva: 'Sponsored video',
  survey: 'Survey',
  exam: 'Exam',
};

/** `done`: the last step was just passed here (the exam): every step is done, the bar full */
export function CourseSteps({ steps, at, done = false }: { steps: readonly CourseStep[]; at: CourseStep; done?: boolean }) {
  const now = done ? steps.length : steps.indexOf(at);
  if (now < 0) return null;
  const next = steps[now + 1];
  return (
    <div className="course-steps">
      <p className="course-steps-now">
        {done ? `All ${steps.length} steps done` : <>Step {now + 1} of {steps.length} · {next ? `Next: ${STEP_NAMES[next]}` : 'Last step'}</>}
      </p>
      {/* the line above says it in words; the bar is its picture */}
      <ol className="course-steps-bar" aria-hidden="true">
        {steps.map((step, i) => (
          <li key={step} className={i < now ? 'done' : i === now ? 'now' : undefined} />
        ))}
      </ol>
    </div>
  );
}
