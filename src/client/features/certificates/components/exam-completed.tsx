// A completed class's banner (spec §2, the classroom's exam-completed banner with the certificate button): when and
// with what score, Proof of CE (its dialog fetched when opened), Download and Share. The classroom's, and a
// webinar's live page's: after passing, that page said LIVE NOW and Enter Webinar and named no certificate (a walk).
import { lazy, Suspense, useState } from 'react';
import { formatDate } from '#shared/domain/format';
import { CertificateActionsLater } from './certificate-actions-later.tsx';

const ProofOfCeDialog = lazy(() => import('../../../components/content/proof-of-ce-dialog.tsx').then((m) => ({ default: m.ProofOfCeDialog })));

interface ExamCompletedProps {
  hash: string;
  title: string;
  examDate: string | null;
  examScore: number | null;
}

export function ExamCompleted({ hash, title, examDate, examScore }: ExamCompletedProps) {
  const [showProof, setShowProof] = useState(false);
  return (
    <>
      <div className="banner banner-success">
        <p>
          Exam completed{examDate ? ` on ${formatDate(examDate)}` : ''}
          {examScore != null ? ` with a score of ${examScore}%` : ''}.
        </p>
        <CertificateActionsLater
          item={{ c: hash }}
          title={title}
          before={
            <button type="button" className="button" aria-haspopup="dialog" onClick={() => setShowProof(true)}>
              Proof of CE
            </button>
          }
        />
      </div>
      {showProof && (
        <Suspense fallback={null}>
          <ProofOfCeDialog item={{ c: hash }} onClose={() => setShowProof(false)} />
        </Suspense>
      )}
    </>
  );
}
