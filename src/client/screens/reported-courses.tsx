// /ce-elsewhere, CE earned elsewhere (issue 19): the courses the student recorded as taken with other providers,
// each labelled "self-reported", with its proof to download; those still waiting on this phone to be sent are
// listed first. A course recorded without its proof gets it from its row; one recorded by mistake can be removed.
import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { ReportedCourse } from '#shared/api/license';
import { SELF_REPORTED } from '#shared/domain/license';
import { Alert, MutationError } from '../components/ui/alert.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { paths } from '../config/paths.ts';
import { reportedCourseProofUrl } from '../features/license/api/get-reported-course-proof.ts';
import { useReportedCourses } from '../features/license/api/get-reported-courses.ts';
import { removeReportedCourse } from '../features/license/api/reported-course-remove.ts';
import { AttachProof, PROOF_ATTACHED } from '../features/license/components/attach-proof.tsx';
import { CourseFacts } from '../features/license/components/course-facts.tsx';
import { useWaitingCourses, WaitingCourses } from '../features/license/components/waiting-courses.tsx';
import '../styles/license.css';
import { BusyButton } from '../components/ui/busy-button.tsx';

const LOAD_ERROR = 'Your courses could not be loaded. Try again.';

function CourseRow({ course, onRemoved }: { course: ReportedCourse; onRemoved: (title: string) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [adding, setAdding] = useState(false);
  // what the last Attach did, said under the row until the list shows the proof (or, offline, until it is sent)
  const [said, setSaid] = useState<string | null>(null);
  // the picker closed: the focus goes back to the row's first action, not to the page; once attached, to Download
  // proof when the list shows it (until then Add proof stands in its place)
  const actions = useRef<HTMLDivElement>(null);
  const refocus = useRef<'once' | 'until-proof' | null>(null);
  useEffect(() => {
    if (adding || !refocus.current) return;
    actions.current?.querySelector<HTMLElement>('a, button')?.focus();
    if (refocus.current === 'once' || course.proof) refocus.current = null;
  }, [adding, course.proof]);
  const remove = useMutation({ mutationFn: () => removeReportedCourse(course.id), onSuccess: () => onRemoved(course.title) });
  return (
    <li className="entry">
      <CourseFacts course={course} selfReported />
      <div className="actions" ref={actions}>
        {course.proof ? (
          <a className="button button-secondary button-small" href={reportedCourseProofUrl(course.id)} download>
            Download proof<span className="visually-hidden"> of {course.title}</span>
          </a>
        ) : (
          <>
            <span className="hint">No proof attached</span>
            {!adding && (
              <button type="button" className="button button-secondary button-small" onClick={() => setAdding(true)}>
                Add proof<span className="visually-hidden"> of {course.title}</span>
              </button>
            )}
          </>
        )}
        {confirming ? (
          <>
            <BusyButton type="button" className="button button-danger button-small" busy={remove.isPending} onClick={() => remove.mutate()}>
              Remove for good<span className="visually-hidden">: {course.title}</span>
            </BusyButton>
            {/* the Remove button it replaces held the focus; the safe answer takes it, not the page */}
            <button type="button" className="button button-secondary button-small" autoFocus onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" className="button button-secondary button-small" onClick={() => setConfirming(true)}>
            Remove<span className="visually-hidden"> {course.title}</span>
          </button>
        )}
      </div>
      {adding && (
        <AttachProof
          id={course.id}
          title={course.title}
          onClose={(text) => {
            refocus.current = text === PROOF_ATTACHED ? 'until-proof' : 'once';
            setAdding(false);
            setSaid(text);
          }}
        />
      )}
      {said && (said === PROOF_ATTACHED || !course.proof) && (
        <p className="hint" role="status">
          {said}
        </p>
      )}
      <MutationError mutation={remove} fallback="The course could not be removed. Try again." />
    </li>
  );
}

export default function ReportedCoursesScreen() {
  const courses = useReportedCourses();
  const waiting = useWaitingCourses();
  // the row goes with the course: said here, so the removal is not silent (and a screen reader hears it)
  const [removed, setRemoved] = useState<string | null>(null);
  return (
    <Screen refresh title="CE earned elsewhere">
      <p className="lead">Courses you took with other providers, labelled {SELF_REPORTED.toLowerCase()}.</p>
      <div className="actions">
        <Link href={paths.reportedCourseAdd()} className="button">
          Record a course
        </Link>
      </div>
      {removed && (
        <Alert tone="success" dismissible onDismiss={() => setRemoved(null)}>
          Removed from your record: {removed}.
        </Alert>
      )}
      <WaitingCourses />
      <QueryState query={courses} errorFallback={LOAD_ERROR} loadingLabel="Loading your courses…">
        {({ courses: list }) =>
          list.length === 0 ? (
            waiting.length === 0 && <p className="empty">No course recorded yet. Record the CE you earn elsewhere to keep your whole record in one place.</p>
          ) : (
            <ul className="entry-list">
              {list.map((c) => (
                <CourseRow key={c.id} course={c} onRemoved={setRemoved} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </Screen>
  );
}
