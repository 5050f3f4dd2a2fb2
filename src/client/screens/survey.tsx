// /survey/{c}: the sponsor survey after the sponsored video (spec §2, §4), one question per screen, then the
// exam; a class without a survey goes straight to the exam. The evaluation comes first: without it the student
// is sent there, as the server would refuse the answers.
import { Redirect, useLocation, useParams } from 'wouter';
import { QueryState } from '../components/ui/query-state.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';
import { useClass } from '../features/classes/api/get-class.ts';
import { useSurvey } from '../features/learning/api/get-survey.ts';
import { useWaitingSurveyAnswers } from '../features/learning/api/waiting-survey-answers.ts';
import { CourseSteps } from '../features/learning/components/course-steps.tsx';
import { SurveySteps } from '../features/learning/components/survey-steps.tsx';
import { classStepDetour, DetourRedirect } from '../features/learning/guards.tsx';
import { StaleSession } from '../features/session/components/stale-session.tsx';

const LOAD_ERROR = 'Error retrieving data.  Try again.';

export default function SurveyScreen() {
  const { c = '' } = useParams<{ c: string }>();
  const cls = useClass(c, { staleTime: 0 });
  const survey = useSurvey(c);
  const waiting = useWaitingSurveyAnswers(c);
  const [, navigate] = useLocation();
  if (!cls.isSuccess || !cls.isFetchedAfterMount)
    return (
      <Screen title="Survey">
        <QueryState query={cls} fresh errorFallback={LOAD_ERROR} />
      </Screen>
    );
  const { classObj, studentData } = cls.data;
  if (!studentData) return <StaleSession />;
  const detour = classStepDetour('survey', classObj.hash, studentData);
  if (detour) return <DetourRedirect {...detour} />;
  // what waits on the device is read afresh on every mount: an answer kept a moment ago is in it
  if (!survey.isSuccess || !waiting.isSuccess || !waiting.isFetchedAfterMount)
    return (
      <Screen title="Survey">
        {survey.isSuccess ? <QueryState query={waiting} errorFallback={LOAD_ERROR} /> : <QueryState query={survey} errorFallback={LOAD_ERROR} />}
      </Screen>
    );
  const data = survey.data.data[0];
  if (survey.data.rowCount === 0 || !data || data.questions.length === 0) return <Redirect to={paths.exam(classObj.hash)} replace />;
  // answered offline and waiting to be sent: done, as far as the student is concerned
  const onDevice = waiting.data.filter((a) => a.sh === data.hash).map((a) => a.q);
  if (data.questions.every((q) => onDevice.includes(q.hash) || data.answered.some((a) => a.q === q.hash))) return <Redirect to={paths.exam(classObj.hash)} replace />;
  return (
    <Screen title="Survey">
      <CourseSteps steps={classObj.steps} at="survey" />
      <p className="lead">{classObj.className}</p>
      <SurveySteps c={classObj.hash} survey={data} onDevice={onDevice} onDone={() => navigate(paths.exam(classObj.hash))} />
    </Screen>
  );
}
