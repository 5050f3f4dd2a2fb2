// Download and Share beside a completed course's certificate button, fetched when a completed course shows them:
// a classroom or an episode page is opened far more often than finished, and by visitors who never see them.
// Meanwhile the row holds the caller's own button and the places of the two to come, so the page neither waits
// for them nor moves when they arrive (on a phone they take a second line).
import { lazy, Suspense, type ComponentProps } from 'react';
import '../../../styles/certificates.css';
import { CertificateRow } from './certificate-row.tsx';

const Actions = lazy(() => import('./certificate-actions.tsx').then((m) => ({ default: m.CertificateActions })));

export function CertificateActionsLater(props: ComponentProps<typeof Actions>) {
  const held = (
    <CertificateRow before={props.before} after={props.after} className={props.className}>
      <span className="button button-secondary held-place" aria-hidden="true">
        Download PDF
      </span>
      <span className="button button-secondary held-place" aria-hidden="true">
        Share
      </span>
    </CertificateRow>
  );
  return (
    <Suspense fallback={held}>
      <Actions {...props} />
    </Suspense>
  );
}
