// Download and Share beside a completed course's certificate button, fetched when a completed course shows them:
// a classroom or an episode page is opened far more often than finished, and by visitors who never see them.
// Meanwhile the row holds the caller's own button, so the page does not wait for them to show it.
import { lazy, Suspense, type ComponentProps } from 'react';

const Actions = lazy(() => import('./certificate-actions.tsx').then((m) => ({ default: m.CertificateActions })));

export function CertificateActionsLater(props: ComponentProps<typeof Actions>) {
  return (
    <Suspense fallback={<div className="actions cert-file-actions">{props.before}</div>}>
      <Actions {...props} />
    </Suspense>
  );
}
