// /classroom-affidavit/{c} (alias /affidavit/{c}), attendance confirmation (spec §2): 'Yes I Attended' or
// 'No, I Did Not Attend', then the evaluation.
import { useMutation } from '@tanstack/react-query';
import { useLocation, useParams } from 'wouter';
import { MutationError } from '../components/ui/alert.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';
import { useClass } from '../features/classes/api/get-class.ts';
import { saveAffidavit } from '../features/learning/api/save-affidavit.ts';

export default function AffidavitScreen() {
  const { c = '' } = useParams<{ c: string }>();
  const cls = useClass(c);
  const [, navigate] = useLocation();
  const save = useMutation({ mutationFn: (attended: boolean) => saveAffidavit(c, attended), onSuccess: () => navigate(paths.eval(c)) });
  return (
    <Screen title="Confirm Attendance">
      {cls.data && <p className="lead">{cls.data.classObj.className}</p>}
      <p>Did you attend this live webinar?</p>
      <div className="actions">
        <button type="button" className="button" disabled={save.isPending} onClick={() => save.mutate(true)}>
          Yes I Attended
        </button>
        <button type="button" className="button button-secondary" disabled={save.isPending} onClick={() => save.mutate(false)}>
          No, I Did Not Attend
        </button>
      </div>
      <MutationError mutation={save} fallback={'Error recording response. Try again later.'} />
    </Screen>
  );
}
