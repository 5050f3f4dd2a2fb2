// What a certificate certifies, as a list, and the accreditation statements it stored when it was issued:
// the Proof of CE dialog and the public verification page show the same facts in the same words (the
// verification page has no method: it prints only what identifies).
import type { Accreditation } from '#shared/api/certificates';
import { accreditationLine } from '#shared/domain/accreditation';
import { formatDay } from '#shared/domain/format';

export interface CertificateFactsData {
  code: string;
  studentName: string;
  title: string;
  lecturer: string | null;
  /** a calendar day: the same day for the student and for an auditor anywhere (decision 0045) */
  completedOn: string;
  method?: string;
  creditType: string;
  credits: number;
  agdCode: string | null;
  /** the student's AGD member number: on the student's own certificate, not on the public check */
  agdNumber?: string | null;
}

export function CertificateFacts({ cert, className = 'facts' }: { cert: CertificateFactsData; className?: string }) {
  const facts: [string, string | number | null | undefined][] = [
    ['Student', cert.studentName],
    ['Course', cert.title],
    ['Lecturer', cert.lecturer],
    ['Date completed', formatDay(cert.completedOn)],
    ['Method', cert.method],
    ['Credit type', cert.creditType],
    ['Credit hours', cert.credits],
    ['AGD code', cert.agdCode],
    ['AGD member number', cert.agdNumber],
    ['Certificate number', cert.code],
  ];
  return (
    <dl className={className}>
      {facts
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/**
 * The statements the certificate carries, each with its approval body, provider and period. A certificate
 * completed when no statement's period covered it shows no accreditation at all rather than today's.
 */
export function AccreditationStatements({ statements, heading: Heading = 'h3' }: { statements: Accreditation[]; heading?: 'h2' | 'h3' }) {
  if (!statements.length) return null;
  return (
    <>
      <Heading>Accreditation</Heading>
      {statements.map((a) => (
        <div key={`${a.approvalBody}|${a.provider}|${a.validFrom}`}>
          <p className="cert-text cert-small">{a.statement}</p>
          <p className="cert-text cert-small">{accreditationLine(a)}</p>
        </div>
      ))}
    </>
  );
}
