// /classroom-affidavit/{c} (alias /affidavit/{c}), attendance confirmation (spec §2): 'Yes I Attended' or
// 'No, I Did Not Attend', then the evaluation. The guards of spec §4 come first: a student who never viewed or
// started the class goes to the classroom with 'Please view class before taking exam.'; one who has not
// started it, or has already ended it, goes on to the evaluation; so does one whose answer is recorded (the
// first answer is the record). Before the webinar ends there is nothing to confirm yet (the course gate, 0046).
import { useMutation } from '@tanstack/react-query';
import { Redirect, useLocation, useParams } from 'wouter';
import { MutationError } from '../components/ui/alert.tsx';
import { NoticeRedirect } from '../components/ui/notice-redirect.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';
import { AFFIDAVIT_SAVE_ERROR, EXAM_UNAVAILABLE, GET_CLASS_ERROR, VIEW_CLASS_FIRST } from '../lib/messages.ts';
import { useClass } from '../features/classes/api/get-class.ts';
import { CourseSteps } from '../features/learning/components/course-steps.tsx';
import { saveAffidavit } from '../features/learning/api/save-affidavit.ts';
import { StaleSession } from '../features/session/components/stale-session.tsx';
import { BusyButton } from '../components/ui/busy-button.tsx';

export default function AffidavitScreen() {
  const { c = '' } = useParams<{ c: string }>();
  // the guards judge the student's progress as it is now, not as a cached answer from before the webinar
  const cls = useClass(c, { staleTime: 0 });
  const [, navigate] = useLocation();
  const save = useMutation({ mutationFn: (attended: boolean) => saveAffidavit(c, attended), onSuccess: () => navigate(paths.eval(c)) });

  if (cls.data === undefined)
    return (
      <Screen title="Confirm Attendance">
        <QueryState query={cls} errorFallback={GET_CLASS_ERROR} />
      </Screen>
    );
  const { classObj, studentData: sd } = cls.data;
  if (!sd) return <StaleSession />;
  if (sd.classViewCount === 0 && !sd.studentStarted) return <NoticeRedirect to={paths.classroom(classObj.hash)} notice={VIEW_CLASS_FIRST} />;
  if (!classObj.canShowExam) return <NoticeRedirect to={paths.classroom(classObj.hash)} notice={EXAM_UNAVAILABLE} />;
  if (!sd.studentStarted || sd.studentEnded || sd.attended !== null) return <Redirect to={paths.eval(classObj.hash)} replace />;

  return (
    <Screen title="Confirm Attendance">
      <CourseSteps steps={classObj.steps} at="attendance" />
      <p className="lead">{classObj.className}</p>
      <p>Did you attend this live webinar?</p>
      <div className="actions">
        <BusyButton type="button" className="button" busy={save.isPending || save.isSuccess} onClick={() => save.mutate(true)}>
          Yes I Attended
        </BusyButton>
        <BusyButton type="button" className="button button-secondary" busy={save.isPending || save.isSuccess} onClick={() => save.mutate(false)}>
          No, I Did Not Attend
        </BusyButton>
      </div>
      <MutationError mutation={save} fallback={AFFIDAVIT_SAVE_ERROR} />
    </Screen>
  );
}
