// /exam-podcast/{p}: the exam of a podcast episode; it leads back to the episode on its series page.
import { useParams } from 'wouter';
import { EPISODE_STEPS } from '#shared/domain/course-steps';
import { paths } from '../config/paths.ts';
import { usePodcast } from '../features/podcasts/api/get-podcast.ts';
import { EXAM_DONE_PODCAST } from '../lib/messages.ts';
import { ExamScreen } from './exam.tsx';

export default function PodcastExamScreen() {
  const { p = '' } = useParams<{ p: string }>();
  const podcast = usePodcast(p);
  // the series page needs the episode's show: the exam waits for it (its guard may leave for it at once), and
  // an episode that cannot be looked up goes back to the podcast list
  const back = podcast.isPending ? null : podcast.data ? paths.podcast(podcast.data.podcast.podcastShowHash, p) : paths.podcasts();
  return (
    <ExamScreen
      place={{ item: { p }, back, backLabel: 'Return to Podcasts', returnsTo: 'podcasts', evalHref: paths.evalPodcast(p), examDone: EXAM_DONE_PODCAST, steps: EPISODE_STEPS }}
    />
  );
}
