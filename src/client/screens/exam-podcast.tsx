// /exam-podcast/{p}: the exam of a podcast episode.
import { useParams } from 'wouter';
import { ExamScreen } from './exam.tsx';

export default function PodcastExamScreen() {
  const { p = '' } = useParams<{ p: string }>();
  return <ExamScreen item={{ p }} />;
}
