// Issuing a certificate: the one write that turns a pass into a credit record an auditor can check.
// Called inside the grading transaction, so a pass and its certificate are never apart.
import type { Kysely, Transaction } from 'kysely';
import { randomHash } from '../../db/ids.ts';
import type { DB } from '../../db/schema.ts';

export interface IssueCertificate {
  studentId: number;
  gradebookId: number;
  studentName: string;
  title: string;
  speakerName: string | null;
  credits: number;
  ceTypeId: number;
  agdCode: string | null;
  /** the completion moment (ISO), also when it was issued */
  at: string;
}

/** what was certified is frozen here, at the pass: a later edit of the course never changes a certificate */
export async function issueCertificate(trx: Kysely<DB> | Transaction<DB>, c: IssueCertificate): Promise<{ id: number; code: string }> {
  const code = randomHash(9);
  const { id } = await trx
    .insertInto('certificates')
    .values({
      code,
      studentId: c.studentId,
      gradebookId: c.gradebookId,
      studentName: c.studentName,
      title: c.title,
      speakerName: c.speakerName,
      credits: c.credits,
      ceTypeId: c.ceTypeId,
      agdCode: c.agdCode,
      completedAt: c.at,
      issuedAt: c.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(id), code };
}
