// /eval-podcast/{p}: the evaluation of a podcast episode (spec §2, §5), then /exam-podcast/{p}. The guards of
// spec §4 come first, on the episode as the server has it now: never played → its series page with 'Please
// listen to podcast before taking exam.'; evaluation already taken → the exam; exam passed → back to the series.
import { useLocation, useParams } from 'wouter';
import { EPISODE_STEPS } from '#shared/domain/course-steps';
import { QueryState } from '../components/ui/query-state.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';
import { CourseSteps } from '../features/learning/components/course-steps.tsx';
import { EvaluationForm } from '../features/learning/components/evaluation-form.tsx';
import { DetourRedirect, podcastEvalDetour } from '../features/learning/guards.tsx';
import { usePodcast } from '../features/podcasts/api/get-podcast.ts';
import { StaleSession } from '../features/session/components/stale-session.tsx';

export default function PodcastEvalScreen() {
  const { p = '' } = useParams<{ p: string }>();
  const episode = usePodcast(p, { staleTime: 0 });
  const [, navigate] = useLocation();
  if (!episode.isSuccess || !episode.isFetchedAfterMount)
    return (
      <Screen title="Evaluation">
        <QueryState query={episode} fresh errorFallback="Error retrieving data.  Try again." />
      </Screen>
    );
  const { podcast, studentData } = episode.data;
  if (!studentData) return <StaleSession />;
  const detour = podcastEvalDetour(podcast.hash, podcast.podcastShowHash, studentData);
  if (detour) return <DetourRedirect {...detour} />;
  return (
    <Screen title="Evaluation">
      <CourseSteps steps={EPISODE_STEPS} at="evaluation" />
      <p className="lead">{podcast.title}</p>
      <EvaluationForm item={{ p: podcast.hash }} onSaved={() => navigate(paths.examPodcast(podcast.hash))} />
    </Screen>
  );
}
