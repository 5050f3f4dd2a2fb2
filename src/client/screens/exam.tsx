// /exam/{c} and /exam-podcast/{p}: the exam (spec §2); questions, grading and results come with the learning-flow issue.
import { useParams } from 'wouter';
import { Alert } from '../components/ui/alert.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { errorMessage } from '../lib/api.ts';
import { useExam } from '../features/learning/api/get-exam.ts';

export function ExamScreen({ item }: { item: { c?: string; p?: string } }) {
  const exam = useExam(item);
  return (
    <Screen title="Exam" heading={exam.data ? `Exam: ${exam.data.title}` : 'Exam'}>
      {exam.isPending ? (
        <Loading />
      ) : exam.isError ? (
        <Alert tone="danger">{errorMessage(exam.error, 'Exam not available.  Try again later.')}</Alert>
      ) : (
        <p>
          {exam.data.exam.questions.length} questions. A score of {exam.data.exam.minScore}% or greater is required.
        </p>
      )}
    </Screen>
  );
}

export default function ClassExamScreen() {
  const { c = '' } = useParams<{ c: string }>();
  return <ExamScreen item={{ c }} />;
}
