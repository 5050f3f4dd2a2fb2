// The row Download and Share sit in, between the caller's own controls: one frame for the real buttons
// (certificate-actions.tsx) and for the places held while they load (certificate-actions-later.tsx), so the two
// cannot drift apart and the row does not move when one replaces the other.
import type { ReactNode } from 'react';

export interface CertificateRowProps {
  /** controls of the same row before and after Download and Share (the certificate button; Email to Me, Close) */
  before?: ReactNode;
  after?: ReactNode;
  className?: string;
}

export function CertificateRow({ before, after, className, busy, children }: CertificateRowProps & { busy?: boolean; children: ReactNode }) {
  return (
    <div className={className ? `actions cert-file-actions ${className}` : 'actions cert-file-actions'} aria-busy={busy || undefined}>
      {before}
      {children}
      {after}
    </div>
  );
}
