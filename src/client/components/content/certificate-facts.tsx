// What a certificate certifies, as a list: the Proof of CE dialog and the public verification page show
// the same facts in the same words (the verification page has no method: it prints only what identifies).
import { formatDate } from '#shared/domain/format';

export interface CertificateFactsData {
  code: string;
  studentName: string;
  title: string;
  lecturer: string | null;
  completedAt: string;
  method?: string;
  creditType: string;
  credits: number;
  agdCode: string | null;
}

export function CertificateFacts({ cert, className = 'facts' }: { cert: CertificateFactsData; className?: string }) {
  const facts: [string, string | number | null | undefined][] = [
    ['Student', cert.studentName],
    ['Course', cert.title],
    ['Lecturer', cert.lecturer],
    ['Date completed', formatDate(cert.completedAt)],
    ['Method', cert.method],
    ['Credit type', cert.creditType],
    ['Credit hours', cert.credits],
    ['AGD code', cert.agdCode],
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
