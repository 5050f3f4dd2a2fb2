// /eval-podcast/{p}: the evaluation of a podcast episode (then /exam-podcast/{p}); comes with the learning-flow issue.
import { useParams } from 'wouter';
import { NOT_AVAILABLE_YET } from '#shared/api/endpoint';
import { Alert } from '../components/ui/alert.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { usePodcast } from '../features/podcasts/api/get-podcast.ts';

export default function PodcastEvalScreen() {
  const { p = '' } = useParams<{ p: string }>();
  const podcast = usePodcast(p);
  return (
    <Screen title="Evaluation">
      {podcast.data && <p className="lead">{podcast.data.podcast.title}</p>}
      <Alert tone="info">{NOT_AVAILABLE_YET}</Alert>
    </Screen>
  );
}
