// Certificates (issue 6; spec §2 "Proof of CE dialog", §8): a completed course's certificate for the
// student's dialog, the same certificate as a PDF by e-mail or to download and share (issue 13), and the public
// check its QR code links to. All of them build the certificate in one place (certificates.service.ts
// toCertificate), so the dialog, the PDF and the verification page can never disagree about what was certified.
import type { Kysely } from 'kysely';
import { postSendCert } from '#shared/api/account';
import { getCertificate, getCertificatePdf, getVerifyCertificate } from '#shared/api/certificates';
import { canonicalCertificateNumber } from '#shared/domain/certificate-number';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { certificateMail } from '../../mail/messages.ts';
import { countMail, enqueueWithinLimit } from '../../mail/outbox.ts';
import { HttpError, implement, type Implementation } from '../../plugins/contract.ts';
import { certificatePdf, certificatePdfOf, certificates, ownCertificate, storedAccreditations, toCertificate, type CourseRef } from './certificates.service.ts';

export const CERT_MAILS_PER_DAY = 10;
export const CERT_MAIL_LIMIT = `Certificates can be e-mailed ${CERT_MAILS_PER_DAY} times a day. Try again tomorrow.`;

export interface CertificateDeps {
  db: Kysely<DB>;
  clock: Clock;
  publicUrl: string;
  mailer: Mailer;
}

export function certificateRoutes(deps: CertificateDeps): Implementation[] {
  const { db, clock, publicUrl } = deps;

  const own = (ref: CourseRef, studentId: number) => ownCertificate(db, publicUrl, ref, studentId);

  return [
    implement(getCertificate, async ({ query, student }) => ({ status: true, certificate: await own(query, student.id) })),

    // the file itself: private to its owner, so no cache (shared or the browser's) keeps a copy of it
    implement(getCertificatePdf, async ({ query, student, reply }) => {
      const { filename, pdf } = await certificatePdf(db, publicUrl, query, student.id, clock.now());
      reply.header('content-disposition', `${query.disposition ?? 'attachment'}; filename="${filename}"`);
      reply.header('cache-control', 'private, no-store');
      return Buffer.from(pdf);
    }),

    // public: an unknown number is an answer ("not genuine"), not an error; the contract's allowlist and
    // this explicit pick both keep it to what the paper certificate itself prints, less the AGD member number (the
    // paper's holder sees it; a QR code or a link passed on should not hand it out)
    implement(getVerifyCertificate, async ({ query }) => {
      // as typed (a number issued before decision 0040 is case-sensitive), or in its printed form (0040's)
      const printed = canonicalCertificateNumber(query.code);
      const row = await certificates(db).where('ct.code', 'in', printed ? [query.code, printed] : [query.code]).executeTakeFirst();
      if (!row) return { status: true, genuine: false, certificate: null };
      const c = toCertificate(row, (await storedAccreditations(db, [row.id])).get(row.id)!, publicUrl);
      return {
        status: true,
        genuine: true,
        certificate: { code: c.code, studentName: c.studentName, title: c.title, lecturer: c.lecturer, completedOn: c.completedOn, creditType: c.creditType, credits: c.credits, agdCode: c.agdCode, accreditation: c.accreditation },
      };
    }),

    implement(postSendCert, async ({ body, student }) => {
      const certificate = await own(body, student.id);
      const now = clock.now();
      if ((await countMail(db, student.id, 'certificate', now - 24 * 3600_000)) >= CERT_MAILS_PER_DAY) throw new HttpError(429, CERT_MAIL_LIMIT);
      const to = await db.selectFrom('students').select(['id', 'email', 'firstname']).where('id', '=', student.id).executeTakeFirstOrThrow();
      // the PDF is made outside any transaction: no slow work while the database is locked
      const { pdf } = await certificatePdfOf(certificate, now);
      // counted again with the write: the check above only spares a PDF for a request already over the limit
      if (!(await enqueueWithinLimit(db, { ...certificateMail(to, certificate, pdf, publicUrl), studentId: student.id }, CERT_MAILS_PER_DAY, now - 24 * 3600_000, now))) throw new HttpError(429, CERT_MAIL_LIMIT);
      deps.mailer.wake();
      return { status: true };
    }),
  ];
}
