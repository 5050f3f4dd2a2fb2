// /sva/{c}: the sponsored video after the evaluation (spec §2, §4), then the survey, which goes on to the exam
// (spec §4's learning flow: sponsored video, then survey, then exam). A class without one goes straight to the
// survey. The evaluation comes first: without it the student is sent there, as the server would refuse the answer.
import { Redirect, useLocation, useParams } from 'wouter';
import { QueryState } from '../components/ui/query-state.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';
import { useClass } from '../features/classes/api/get-class.ts';
import { useSva } from '../features/learning/api/get-sva.ts';
import { CourseSteps } from '../features/learning/components/course-steps.tsx';
import { SponsoredOffer } from '../features/learning/components/sponsored-offer.tsx';
import { classStepDetour, DetourRedirect } from '../features/learning/guards.tsx';
import { StaleSession } from '../features/session/components/stale-session.tsx';

const LOAD_ERROR = 'Error retrieving data.  Try again.';

export default function SvaScreen() {
  const { c = '' } = useParams<{ c: string }>();
  const cls = useClass(c, { staleTime: 0 });
  const sva = useSva(c);
  const [, navigate] = useLocation();
  if (!cls.isSuccess || !cls.isFetchedAfterMount)
    return (
      <Screen title="Sponsored Video">
        <QueryState query={cls} fresh errorFallback={LOAD_ERROR} />
      </Screen>
    );
  const { classObj, studentData } = cls.data;
  if (!studentData) return <StaleSession />;
  const detour = classStepDetour('sva', classObj.hash, studentData);
  if (detour) return <DetourRedirect {...detour} />;
  if (!sva.isSuccess)
    return (
      <Screen title="Sponsored Video">
        <QueryState query={sva} errorFallback={LOAD_ERROR} />
      </Screen>
    );
  const offer = sva.data.data[0];
  // no offer, or one the student has answered (a retake of the exam after a fail): on to the survey, which goes on
  // to the exam when it is done too; the sponsor's video is not played to them again
  if (sva.data.rowCount === 0 || !offer || offer.answered) return <Redirect to={paths.survey(classObj.hash)} replace />;
  return (
    <Screen title="Sponsored Video">
      <CourseSteps steps={classObj.steps} at="sva" />
      <p className="lead">{classObj.className}</p>
      <SponsoredOffer key={offer.id} c={classObj.hash} sva={offer} onAnswered={() => navigate(paths.survey(classObj.hash))} />
    </Screen>
  );
}
