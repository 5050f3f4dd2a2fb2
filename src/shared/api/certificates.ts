// Certificates (issue 6): what a completed course's certificate says, for the Proof of CE dialog, the same
// certificate as a PDF to keep or share (issue 13), and the public check a dental board auditor makes from
// the certificate's QR code.
import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { CalendarDay, Hash, S } from './common.ts';

/**
 * One accreditation statement a certificate carries: stored when it was issued, from the statements whose
 * period (validFrom through validThrough, calendar dates) covered its completion date (decisions.md).
 */
export const Accreditation = v.object({
  provider: v.string(),
  approvalBody: v.string(),
  statement: v.string(),
  validFrom: v.string(),
  validThrough: v.string(),
});
export type Accreditation = v.InferOutput<typeof Accreditation>;

/** spec §2 "Proof of CE dialog": everything the certificate prints */
export const Certificate = v.object({
  code: v.string(),
  studentName: v.string(),
  title: v.string(),
  lecturer: v.nullable(v.string()),
  /** the day completed, 'YYYY-MM-DD', in the student's zone at the pass: the same day wherever it is read (0045) */
  completedOn: CalendarDay,
  method: v.string(),
  creditType: v.string(),
  credits: v.number(),
  agdCode: v.nullable(v.string()),
  /** the student's AGD member number as it stood at the pass (printed; not in the public check) */
  agdNumber: v.nullable(v.string()),
  description: v.string(),
  learningObjectives: v.array(v.string()),
  accreditation: v.array(Accreditation),
  cpdNote: v.string(),
  /** the public verification page of this certificate */
  verifyUrl: v.string(),
});
export type Certificate = v.InferOutput<typeof Certificate>;

/** the student's own certificate for a completed class (c) or podcast (p) */
export const getCertificate = endpoint({
  method: 'GET',
  path: 'certificate',
  access: 'student',
  query: v.object({ s: S, c: v.optional(v.nullable(Hash)), p: v.optional(v.nullable(Hash)) }),
  response: v.object({ status: v.boolean(), certificate: Certificate }),
});

/** the certificate's file name, in the e-mail and on the download alike, so a student keeps one name per certificate */
export const certificateFileName = (code: string): string => `ce-pass-certificate-${code}.pdf`;

/**
 * The student's own certificate for a completed class (c) or podcast (p) as the PDF the e-mail carries
 * (docs/decisions/0013-certificates-in-hand.md, an addition to spec §7): Download and Share. It answers as an
 * attachment; `disposition=inline` lets 'View Certificate' open it in the browser's viewer instead.
 */
export const getCertificatePdf = endpoint({
  method: 'GET',
  path: 'certificate-pdf',
  access: 'student',
  contentType: 'application/pdf',
  query: v.object({
    s: S,
    c: v.optional(v.nullable(Hash)),
    p: v.optional(v.nullable(Hash)),
    disposition: v.optional(v.picklist(['attachment', 'inline'], 'disposition must be attachment or inline')),
  }),
  /** the PDF's bytes */
  response: v.instance(Uint8Array),
});

/**
 * The public check: is this certificate genuine, and what does it certify. It says nothing about the
 * student beyond what the certificate itself prints (the name), so a leaked link exposes no more.
 */
export const getVerifyCertificate = endpoint({
  method: 'GET',
  path: 'verify',
  access: 'public',
  query: v.object({ code: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{6,40}$/, 'code must be a certificate number')) }),
  response: v.object({
    status: v.boolean(),
    genuine: v.boolean(),
    certificate: v.nullable(
      v.object({
        code: v.string(),
        studentName: v.string(),
        title: v.string(),
        lecturer: v.nullable(v.string()),
        completedOn: CalendarDay,
        creditType: v.string(),
        credits: v.number(),
        agdCode: v.nullable(v.string()),
        /** the statements printed on the certificate, so an auditor sees the accreditation it claimed */
        accreditation: v.array(Accreditation),
      }),
    ),
  }),
});
