// Issuing a certificate: the one write that turns a pass into a credit record an auditor can check.
// Called inside the grading transaction (and by the importer for the demo's history), so a pass and its certificate are never apart.
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Accreditation } from '#shared/api/certificates';
import { randomHash } from '../../db/ids.ts';
import type { DB } from '../../db/schema.ts';

/** printed under every certificate's accreditation statements; a format note, not an accreditation claim */
export const CPD_NOTE =
  'For UK dental professionals: this certificate is in a format suitable for verifiable CPD; record the hours and the learning objectives in your personal development plan.';

/** what a pass certifies: the certificate row's own columns, less what issuing makes (number, moments) */
export type IssueCertificate = Omit<Insertable<DB['certificates']>, 'id' | 'code' | 'completedAt' | 'issuedAt'> & {
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
  const code = randomHash(9);
  const { at: _at, ...certified } = c;
  const { id } = await trx
    .insertInto('certificates')
    .values({
      code,
      ...certified,
      completedAt: c.at,
      issuedAt: c.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // periods are calendar days in UTC, the zone every stored moment is in (README, "Accreditation statements")
  const day = c.at.slice(0, 10);
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
