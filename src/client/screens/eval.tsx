// /eval/{c}: the course evaluation of a class (spec §2, §5), then /sva/{c}. The guards of spec §4 come first,
// judged on the class as the server has it now: not viewed → the classroom with 'Please view class before
// taking exam.'; evaluation already taken → the sponsored video; exam passed → back to the classroom.
import { useLocation, useParams } from 'wouter';
import { QueryState } from '../components/ui/query-state.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';
import { useClass } from '../features/classes/api/get-class.ts';
import { CourseSteps } from '../features/learning/components/course-steps.tsx';
import { EvaluationForm } from '../features/learning/components/evaluation-form.tsx';
import { classStepDetour, DetourRedirect } from '../features/learning/guards.tsx';
import { StaleSession } from '../features/session/components/stale-session.tsx';

export default function EvalScreen() {
  const { c = '' } = useParams<{ c: string }>();
  const cls = useClass(c, { staleTime: 0 });
  const [, navigate] = useLocation();
  if (!cls.isSuccess || !cls.isFetchedAfterMount)
    return (
      <Screen title="Evaluation">
        <QueryState query={cls} fresh errorFallback="Error retrieving data.  Try again." />
      </Screen>
    );
  const { classObj, studentData } = cls.data;
  if (!studentData) return <StaleSession />;
  const detour = classStepDetour('evaluation', classObj.hash, studentData);
  if (detour) return <DetourRedirect {...detour} />;
  return (
    <Screen title="Evaluation">
      <CourseSteps steps={classObj.steps} at="evaluation" />
      <p className="lead">{classObj.className}</p>
      <EvaluationForm item={{ c: classObj.hash }} onSaved={() => navigate(paths.sva(classObj.hash))} />
    </Screen>
  );
}
