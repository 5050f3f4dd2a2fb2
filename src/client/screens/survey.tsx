// /survey/{c}: the sponsor survey, one question per screen (spec §2); the flow comes with the learning-flow issue.
import { useParams } from 'wouter';
import { Alert } from '../components/ui/alert.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { errorMessage } from '../lib/api.ts';
import { useSurvey } from '../features/learning/api/get-survey.ts';

export default function SurveyScreen() {
  const { c = '' } = useParams<{ c: string }>();
  const survey = useSurvey(c);
  const questions = survey.data?.data[0]?.questions ?? [];
  return (
    <Screen title="Survey">
      {survey.isPending ? (
        <Loading />
      ) : survey.isError ? (
        <Alert tone="danger">{errorMessage(survey.error, 'Error retrieving data.  Try again.')}</Alert>
      ) : (
        <p>Question 1/{questions.length}</p>
      )}
    </Screen>
  );
}
