// Certificates: issuing one (the one write that turns a pass into a credit record an auditor can check, called
// inside the grading transaction and by the importer for the demo's history, so a pass and its certificate are
// never apart), and reading one back: what it says (toCertificate, the one definition the dialog, the PDF and the
// verification page share), the student's own (ownCertificate), and its PDF (certificatePdf).
import { randomInt } from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { certificateFileName, type Accreditation, type Certificate } from '#shared/api/certificates';
import { ceTypeName } from '#shared/domain/constants';
import { certificateNumberOf } from '#shared/domain/certificate-number';
import { dayIn } from '#shared/domain/format';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../plugins/contract.ts';
import { qrPng, renderCertificate } from './certificate-pdf.ts';

export const NO_CERTIFICATE = 'No certificate for this course.';
export const NAME_A_COURSE = 'Send c (a class) or p (a podcast).';
export const METHOD = 'Electronically Mediated';

/** printed under every certificate's accreditation statements; a format note, not an accreditation claim */
export const CPD_NOTE =
  'For UK dental professionals: this certificate is in a format suitable for verifiable CPD; record the hours and the learning objectives in your personal development plan.';

/** what a pass certifies: the certificate row's own columns, less what issuing makes (number, moments) */
export type IssueCertificate = Omit<Insertable<DB['certificates']>, 'id' | 'code' | 'completedAt' | 'completedOn' | 'issuedAt'> & {
  /** the completion moment (ISO), also when it was issued */
  at: string;
};

/**
 * What was certified is frozen here, at the pass: a later edit of the course never changes a certificate.
 * So are the accreditation statements: those whose period covers the completion date are copied onto the
 * certificate, which prints them for ever, even after the period ends; a statement imported later, or one
 * whose period had ended or not yet begun, is never printed on it.
 */
export async function issueCertificate(trx: Kysely<DB> | Transaction<DB>, c: IssueCertificate): Promise<{ id: number; code: string }> {
  const code = certificateNumberOf(Array.from({ length: 12 }, () => randomInt(32)));
  const { at: _at, ...certified } = c;
  // the day the student finished, in the zone of their device (the one the exam was sent from, decision 0045)
  const { timeZone } = await trx.selectFrom('students').select('timeZone').where('id', '=', c.studentId).executeTakeFirstOrThrow();
  const day = dayIn(c.at, timeZone);
  const { id } = await trx
    .insertInto('certificates')
    .values({
      code,
      ...certified,
      // frozen as the profile said it at the pass, blank as none
      agdNumber: c.agdNumber?.trim() || null,
      completedAt: c.at,
      completedOn: day,
      issuedAt: c.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // periods are calendar days: the one the certificate says it was completed on covers it or not
  const covering = await trx
    .selectFrom('accreditations')
    .select(['id', 'provider', 'approvalBody', 'statement', 'validFrom', 'validThrough'])
    .where('validFrom', '<=', day)
    .where('validThrough', '>=', day)
    .orderBy('id')
    .execute();
  if (covering.length) {
    await trx
      .insertInto('certificateAccreditations')
      .values(covering.map((a, position) => ({ certificateId: Number(id), position, accreditationId: a.id, provider: a.provider, approvalBody: a.approvalBody, statement: a.statement, validFrom: a.validFrom, validThrough: a.validThrough })))
      .execute();
  }
  return { id: Number(id), code };
}

/** the statements each of these certificates carries, in the order they were stored; none for a certificate that carries none */
export async function storedAccreditations(db: Kysely<DB> | Transaction<DB>, certificateIds: readonly number[]): Promise<Map<number, Accreditation[]>> {
  const out = new Map<number, Accreditation[]>(certificateIds.map((id) => [id, []]));
  if (!certificateIds.length) return out;
  const rows = await db
    .selectFrom('certificateAccreditations')
    .select(['certificateId', 'provider', 'approvalBody', 'statement', 'validFrom', 'validThrough'])
    .where('certificateId', 'in', [...certificateIds])
    .orderBy('certificateId')
    .orderBy('position')
    .execute();
  for (const { certificateId, ...a } of rows) out.get(certificateId)?.push(a);
  return out;
}

/** the issued row (what was certified, frozen at the pass) with the course text it prints beside it */
export const certificates = (db: Kysely<DB>) =>
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
      'ct.agdNumber',
      'ct.completedOn',
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
    completedOn: row.completedOn,
    method: METHOD,
    creditType: ceTypeName(row.ceTypeId),
    // PostgreSQL's real comes back as a number, but Number() keeps a driver's string from leaking through
    credits: Number(row.credits),
    agdCode: row.agdCode?.trim() ? row.agdCode : null,
    agdNumber: row.agdNumber?.trim() ? row.agdNumber : null,
    description: row.classDescription ?? row.podcastDescription ?? '',
    learningObjectives: objectives(row.learningObjectives),
    accreditation,
    cpdNote: CPD_NOTE,
    verifyUrl: `${publicUrl}/verify/${encodeURIComponent(row.code)}`,
  };
}

/** a course the student names: the class (c) or the podcast episode (p), exactly one of them */
export interface CourseRef {
  c?: string | null | undefined;
  p?: string | null | undefined;
}

/**
 * The student's own certificate for the class or episode; 404 when they have not completed it. Another
 * student's certificate is never found this way: the row is looked up by the session's student, not by the course alone.
 */
export async function ownCertificate(db: Kysely<DB>, publicUrl: string, ref: CourseRef, studentId: number): Promise<Certificate> {
  if (!ref.c === !ref.p) throw new HttpError(400, NAME_A_COURSE);
  let q = certificates(db).where('ct.studentId', '=', studentId);
  q = ref.c ? q.where('c.hash', '=', ref.c) : q.where('p.hash', '=', ref.p!);
  const row = await q.executeTakeFirst();
  if (!row) throw new HttpError(404, NO_CERTIFICATE);
  return toCertificate(row, (await storedAccreditations(db, [row.id])).get(row.id)!, publicUrl);
}

/** the certificate's PDF with its QR code: what the e-mail attaches and what Download and Share hand over */
export async function certificatePdfOf(certificate: Certificate, now: number): Promise<{ filename: string; pdf: Uint8Array }> {
  return { filename: certificateFileName(certificate.code), pdf: await renderCertificate(certificate, await qrPng(certificate.verifyUrl), now) };
}

/** the student's own certificate as a PDF (GET certificate-pdf); refused as ownCertificate refuses */
export async function certificatePdf(db: Kysely<DB>, publicUrl: string, ref: CourseRef, studentId: number, now: number): Promise<{ filename: string; pdf: Uint8Array }> {
  return certificatePdfOf(await ownCertificate(db, publicUrl, ref, studentId), now);
}
