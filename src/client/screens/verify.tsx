// /verify/{code} (open; the certificate's QR code links here): says whether CE Pass issued this certificate
// number and what it certifies, and nothing more about the student than the certificate itself prints.
import { useParams } from 'wouter';
import { formatDate } from '#shared/domain/format';
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
                <dl className="facts">
                  <div>
                    <dt>Student</dt>
                    <dd>{cert.studentName}</dd>
                  </div>
                  <div>
                    <dt>Course</dt>
                    <dd>{cert.title}</dd>
                  </div>
                  {cert.lecturer && (
                    <div>
                      <dt>Lecturer</dt>
                      <dd>{cert.lecturer}</dd>
                    </div>
                  )}
                  <div>
                    <dt>Date completed</dt>
                    <dd>{formatDate(cert.completedAt)}</dd>
                  </div>
                  <div>
                    <dt>Credit type</dt>
                    <dd>{cert.creditType}</dd>
                  </div>
                  <div>
                    <dt>Credit hours</dt>
                    <dd>{cert.credits}</dd>
                  </div>
                  {cert.agdCode && (
                    <div>
                      <dt>AGD code</dt>
                      <dd>{cert.agdCode}</dd>
                    </div>
                  )}
                  <div>
                    <dt>Certificate number</dt>
                    <dd>{cert.code}</dd>
                  </div>
                </dl>
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
