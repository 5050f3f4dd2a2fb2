// /verify/{code} (open; the certificate's QR code links here): says whether CE Pass issued this certificate
// number and what it certifies, and nothing more about the student than the certificate itself prints.
import { useParams } from 'wouter';
import { AccreditationStatements, CertificateFacts } from '../components/content/certificate-facts.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { isCertificateNumber, useVerifyCertificate } from '../features/certificates/api/get-verify-certificate.ts';

const GENUINE = 'This certificate is genuine.';
const NOT_ISSUED = 'No certificate with this number was issued by CE Pass.';

export default function VerifyScreen() {
  const { code = '' } = useParams<{ code: string }>();
  const check = useVerifyCertificate(code);
  return (
    <Screen title="Certificate Verification">
      {/* a student's name and course: for whoever holds the link, not for search engines */}
      <meta name="robots" content="noindex" />
      {!isCertificateNumber(code) ? (
        <Alert tone="danger">{NOT_ISSUED}</Alert>
      ) : (
        <QueryState query={check}>
          {({ genuine, certificate: cert }) =>
            genuine && cert ? (
              <>
                <Alert tone="success">{GENUINE}</Alert>
                <h2>This certifies that</h2>
                <CertificateFacts cert={cert} />
                <AccreditationStatements statements={cert.accreditation} heading="h2" />
              </>
            ) : (
              <Alert tone="danger">{NOT_ISSUED}</Alert>
            )
          }
        </QueryState>
      )}
    </Screen>
  );
}
