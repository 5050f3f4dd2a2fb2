// Certificates (issue 6; spec §2 "Proof of CE dialog", §8): a completed course's certificate for the
// student's dialog, the same certificate as a PDF by e-mail, and the public check its QR code links to.
// All three build the certificate in one place (toCertificate), so the dialog, the PDF and the
// verification page can never disagree about what was certified.
import type { Kysely } from 'kysely';
import { postSendCert } from '#shared/api/account';
import { getCertificate, getVerifyCertificate, type Accreditation, type Certificate } from '#shared/api/certificates';
import { ceTypeName } from '#shared/domain/constants';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { certificateMail } from '../../mail/messages.ts';
import { countMail, enqueueWithinLimit } from '../../mail/outbox.ts';
import { HttpError, implement, type Implementation } from '../../plugins/contract.ts';
import { qrPng, renderCertificate } from './certificate-pdf.ts';
import { CPD_NOTE, storedAccreditations } from './certificates.service.ts';

export const NO_CERTIFICATE = 'No certificate for this course.';
export const NAME_A_COURSE = 'Send c (a class) or p (a podcast).';
export const CERT_MAILS_PER_DAY = 10;
export const CERT_MAIL_LIMIT = `Certificates can be e-mailed ${CERT_MAILS_PER_DAY} times a day. Try again tomorrow.`;
export const METHOD = 'Electronically Mediated';

export interface CertificateDeps {
  db: Kysely<DB>;
  clock: Clock;
  publicUrl: string;
  mailer: Mailer;
}

/** the issued row (what was certified, frozen at the pass) with the course text it prints beside it */
const certificates = (db: Kysely<DB>) =>
  db
    .selectFrom('certificates as ct')
    .innerJoin('gradebook as g', 'g.id', 'ct.gradebookId')
    .leftJoin('classes as c', 'c.id', 'g.classId')
    .leftJoin('podcasts as p', 'p.id', 'g.podcastId')
    .select([
      'ct.id',
      'ct.code',
      'ct.studentName',
      'ct.title',
      'ct.speakerName',
      'ct.credits',
      'ct.ceTypeId',
      'ct.agdCode',
      'ct.completedAt',
      'c.description as classDescription',
      'c.learningObjectives',
      'p.description as podcastDescription',
    ]);
type CertificateRow = NonNullable<Awaited<ReturnType<ReturnType<typeof certificates>['executeTakeFirst']>>>;

/** classes.learning_objectives is a JSON array of strings (content/importer.ts); anything else prints none */
function objectives(json: string | null): string[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((o): o is string => typeof o === 'string' && o.trim() !== '') : [];
  } catch {
    return [];
  }
}

/** the one definition of what a certificate says; `accreditation` is what it stored when it was issued */
export function toCertificate(row: CertificateRow, accreditation: Accreditation[], publicUrl: string): Certificate {
  return {
    code: row.code,
    studentName: row.studentName,
    title: row.title,
    lecturer: row.speakerName?.trim() ? row.speakerName : null,
    completedAt: row.completedAt,
    method: METHOD,
    creditType: ceTypeName(row.ceTypeId),
    // PostgreSQL's real comes back as a number, but Number() keeps a driver's string from leaking through
    credits: Number(row.credits),
    agdCode: row.agdCode?.trim() ? row.agdCode : null,
    description: row.classDescription ?? row.podcastDescription ?? '',
    learningObjectives: objectives(row.learningObjectives),
    accreditation,
    cpdNote: CPD_NOTE,
    verifyUrl: `${publicUrl}/verify/${encodeURIComponent(row.code)}`,
  };
}

export function certificateRoutes(deps: CertificateDeps): Implementation[] {
  const { db, clock, publicUrl } = deps;

  /** the student's own certificate for the class (c) or podcast (p); 404 when they have not completed it */
  async function own(ref: { c?: string | null | undefined; p?: string | null | undefined }, studentId: number): Promise<Certificate> {
    if (!ref.c === !ref.p) throw new HttpError(400, NAME_A_COURSE);
    let q = certificates(db).where('ct.studentId', '=', studentId);
    q = ref.c ? q.where('c.hash', '=', ref.c) : q.where('p.hash', '=', ref.p!);
    const row = await q.executeTakeFirst();
    if (!row) throw new HttpError(404, NO_CERTIFICATE);
    return toCertificate(row, (await storedAccreditations(db, [row.id])).get(row.id)!, publicUrl);
  }

  return [
    implement(getCertificate, async ({ query, student }) => ({ status: true, certificate: await own(query, student.id) })),

    // public: an unknown number is an answer ("not genuine"), not an error; the contract's allowlist and
    // this explicit pick both keep it to what the paper certificate itself prints
    implement(getVerifyCertificate, async ({ query }) => {
      const row = await certificates(db).where('ct.code', '=', query.code).executeTakeFirst();
      if (!row) return { status: true, genuine: false, certificate: null };
      const c = toCertificate(row, (await storedAccreditations(db, [row.id])).get(row.id)!, publicUrl);
      return {
        status: true,
        genuine: true,
        certificate: { code: c.code, studentName: c.studentName, title: c.title, lecturer: c.lecturer, completedAt: c.completedAt, creditType: c.creditType, credits: c.credits, agdCode: c.agdCode, accreditation: c.accreditation },
      };
    }),

    implement(postSendCert, async ({ body, student }) => {
      const certificate = await own(body, student.id);
      const now = clock.now();
      if ((await countMail(db, student.id, 'certificate', now - 24 * 3600_000)) >= CERT_MAILS_PER_DAY) throw new HttpError(429, CERT_MAIL_LIMIT);
      const to = await db.selectFrom('students').select(['id', 'email', 'firstname']).where('id', '=', student.id).executeTakeFirstOrThrow();
      // the PDF is made outside any transaction: no slow work while the database is locked
      const pdf = await renderCertificate(certificate, await qrPng(certificate.verifyUrl), now);
      // counted again with the write: the check above only spares a PDF for a request already over the limit
      if (!(await enqueueWithinLimit(db, { ...certificateMail(to, certificate, pdf, publicUrl), studentId: student.id }, CERT_MAILS_PER_DAY, now - 24 * 3600_000, now))) throw new HttpError(429, CERT_MAIL_LIMIT);
      deps.mailer.wake();
      return { status: true };
    }),
  ];
}
