// /sva/{c}: the sponsored video offered after the evaluation (spec §2); the full flow comes with the learning-flow issue.
import { useParams } from 'wouter';
import { Alert } from '../components/ui/alert.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { errorMessage } from '../lib/api.ts';
import { useSva } from '../features/learning/api/get-sva.ts';

export default function SvaScreen() {
  const { c = '' } = useParams<{ c: string }>();
  const sva = useSva(c);
  const offer = sva.data?.data[0];
  return (
    <Screen title="Sponsored Video">
      {sva.isPending ? <Loading /> : sva.isError ? <Alert tone="danger">{errorMessage(sva.error, 'Error retrieving data.  Try again.')}</Alert> : offer ? <p>{offer.headline}</p> : null}
    </Screen>
  );
}
