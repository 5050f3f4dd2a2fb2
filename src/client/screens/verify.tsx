// /verify/{code} (open; the certificate's QR code links here): says whether CE Pass issued this certificate
// number and what it certifies, and nothing more about the student than the certificate itself prints. /verify
// alone, and a number that was not found, offer a box to type the number from the paper (decision 0040: the server
// reads it in any case, with spaces or dashes, O for zero and I or L for one; decision 0045: any kind of dash).
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { typedCertificateNumber } from '#shared/domain/certificate-number';
import { AccreditationStatements, CertificateFacts } from '../components/content/certificate-facts.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { Field } from '../components/ui/form-field.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { paths } from '../config/paths.ts';
import { isCertificateNumber, useVerifyCertificate } from '../features/certificates/api/get-verify-certificate.ts';

// what the check proves is that CE Pass issued this number, and what it certified: a copy whose lines differ from
// them was changed after it was issued (a phone walk as an auditor, decision 0045: 'genuine' claimed more)
const ISSUED = 'CE Pass issued this certificate.';
const COMPARE = 'Compare the copy you were given with what CE Pass certified, below: the name, the course, the date and the credit hours must match. A copy that says anything else was changed after it was issued.';
const NOT_ISSUED = 'No certificate with this number was issued by CE Pass.';
const NUMBER_REQUIRED = 'Enter the certificate number.';

function NumberForm({ typed }: { typed: string }) {
  const [, navigate] = useLocation();
  const [value, setValue] = useState(typed);
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = typedCertificateNumber(value);
    setMissing(!code);
    if (code) navigate(paths.verify(code));
  };
  return (
    <form className="form form-narrow" noValidate onSubmit={submit}>
      {/* the example's dashes are non-breaking: a phone wrapped the number in two */}
      <Field label="Certificate number" hint={'As printed on the certificate, for example 7K4M\u2011Q2XD\u20119HRT.'} error={missing ? NUMBER_REQUIRED : undefined}>
        <input type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} value={value} onChange={(e) => setValue(e.target.value)} maxLength={60} />
      </Field>
      <button type="submit" className="button">
        Verify
      </button>
    </form>
  );
}

function Result({ typed }: { typed: string }) {
  // a link's number as a person may have written it: spaces, or the dashes a document made of the printed ones
  const code = typedCertificateNumber(typed);
  const check = useVerifyCertificate(code);
  const notIssued = (
    <>
      <Alert tone="danger">{NOT_ISSUED}</Alert>
      <p>
        Check the number against the certificate and try again. If it matches the paper exactly, CE Pass did not issue that certificate:{' '}
        <Link className="text-link" href={paths.support()}>
          tell CE Pass support
        </Link>
        .
      </p>
      {/* keyed: a number typed again starts from what it now is */}
      <NumberForm key={code} typed={code} />
    </>
  );
  if (!isCertificateNumber(code)) return notIssued;
  return (
    <QueryState query={check}>
      {({ genuine, certificate: cert }) =>
        genuine && cert ? (
          <>
            <Alert tone="success">{ISSUED}</Alert>
            <p>{COMPARE}</p>
            <h2>This certifies that</h2>
            <CertificateFacts cert={cert} />
            <AccreditationStatements statements={cert.accreditation} heading="h2" />
          </>
        ) : (
          notIssued
        )
      }
    </QueryState>
  );
}

export default function VerifyScreen() {
  const { code = '' } = useParams<{ code?: string }>();
  return (
    <Screen title="Certificate Verification">
      {/* a student's name and course: for whoever holds the link, not for search engines */}
      <meta name="robots" content="noindex" />
      {code ? (
        <Result typed={code} />
      ) : (
        <>
          <p>Check that CE Pass issued a certificate: enter the number printed on it, beside "Certificate number".</p>
          <NumberForm typed="" />
        </>
      )}
    </Screen>
  );
}
