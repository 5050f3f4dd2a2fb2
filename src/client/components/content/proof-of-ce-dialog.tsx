// The Proof of CE dialog of spec §2/§4: what the course's certificate certifies (student, course, lecturer,
// date, method, credit type and hours, AGD code, description and learning objectives, the accreditation
// statements it stored when issued and the UK CPD note) with its public verification link; Download and Share
// hand over the same PDF (issue 13), 'Email to Me' sends it, Close. The buttons stay at the dialog's foot while
// the certificate scrolls. It is mounted only while open, so each opening starts with no busy state, success or error.
import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { Certificate } from '#shared/api/certificates';
import { sendCertificate } from '../../features/account/api/send-cert.ts';
import { useCertificate } from '../../features/certificates/api/get-certificate.ts';
import { CertificateActions } from '../../features/certificates/components/certificate-actions.tsx';
import type { CertificateItem } from '../../features/certificates/api/get-certificate-pdf.ts';
import { Alert, MutationError } from '../ui/alert.tsx';
import { LoadFailure, showsFailure } from '../ui/query-state.tsx';
import { AccreditationStatements, CertificateFacts } from './certificate-facts.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Loading } from '../ui/loading.tsx';

export const CERT_SENT = 'Check your email inbox for the Proof of CE certificate.';

interface ProofOfCeDialogProps {
  /** the completed class (c) or podcast episode (p) */
  item: CertificateItem;
  onClose: () => void;
}

function CertificateDetails({ cert }: { cert: Certificate }) {
  return (
    <>
      <CertificateFacts cert={cert} className="facts cert-facts" />
      <h3>Description</h3>
      <p className="cert-text">{cert.description}</p>
      {cert.learningObjectives.length > 0 && (
        <>
          <h3>Learning objectives</h3>
          <ul className="cert-objectives">
            {cert.learningObjectives.map((objective) => (
              <li key={objective}>{objective}</li>
            ))}
          </ul>
        </>
      )}
      <AccreditationStatements statements={cert.accreditation} />
      <p className="cert-text cert-small">{cert.cpdNote}</p>
      <p>
        {/* the address printed on the certificate and in its QR code: the page a board auditor checks */}
        <a className="text-link" href={cert.verifyUrl} target="_blank" rel="noopener noreferrer">
          Verify this certificate<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </>
  );
}

export function ProofOfCeDialog({ item, onClose }: ProofOfCeDialogProps) {
  const certificate = useCertificate(item);
  const send = useMutation({ mutationFn: () => sendCertificate(item) });
  // the certificate is longer than a phone screen: focus starts at its top, not at the buttons below it
  const top = useRef<HTMLDivElement>(null);
  return (
    <Dialog
      title="Proof of CE"
      onClose={onClose}
      initialFocus={top}
      className="cert-dialog"
      actions={(close) => {
        const email = (
          <button type="button" className="button" disabled={!certificate.isSuccess || send.isPending} onClick={() => send.mutate()}>
            {send.isPending ? 'Sending…' : 'Email to Me'}
          </button>
        );
        const closeButton = (
          <button type="button" className="button button-secondary" onClick={close}>
            Close
          </button>
        );
        return (
          <>
            {send.isSuccess && (
              <Alert tone="success" dismissible onDismiss={() => send.reset()}>
                {CERT_SENT}
              </Alert>
            )}
            <MutationError mutation={send} fallback={'Service error.'} />
            {/* there while the certificate loads (the PDF does not wait for it), so the buttons never move */}
            {!showsFailure(certificate) ? (
              <CertificateActions item={item} title={certificate.data?.certificate.title ?? 'Proof of CE'} before={email} after={closeButton} className="cert-actions" />
            ) : (
              // no certificate to show: nothing to download or share either
              <div className="actions cert-actions">
                {email}
                {closeButton}
              </div>
            )}
          </>
        );
      }}
    >
      {() => (
        <div ref={top} tabIndex={-1} className="cert-body">
          {showsFailure(certificate) ? (
            <LoadFailure query={certificate} part />
          ) : certificate.data === undefined ? (
            <Loading />
          ) : (
            <CertificateDetails cert={certificate.data.certificate} />
          )}
        </div>
      )}
    </Dialog>
  );
}
