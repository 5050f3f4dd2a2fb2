// /eval/{c} and /eval-podcast/{p}: the course evaluation (spec §2, §5); the form and its save come with the
// learning-flow issue, so the screen names its course and says so.
import { Link, useParams } from 'wouter';
import { NOT_AVAILABLE_YET } from '#shared/api/endpoint';
import { Alert } from '../components/ui/alert.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';
import { useClass } from '../features/classes/api/get-class.ts';

export default function EvalScreen() {
  const { c = '' } = useParams<{ c: string }>();
  const cls = useClass(c);
  return (
    <Screen title="Evaluation">
      {cls.data && <p className="lead">{cls.data.classObj.className}</p>}
      <Alert tone="info">{NOT_AVAILABLE_YET}</Alert>
      <p>
        <Link className="text-link" href={paths.classroom(c)}>Back to the classroom</Link>
      </p>
    </Screen>
  );
}
