// POST /api/reported-course-proof-add: the proof of a course already recorded (its certificate came later), with its
// file, through the outbox as the course itself is: kept on the device first, sent now or when the network is back.
import { postReportedCourseProofAdd } from '#shared/api/license';
import { outboxFile, submitAction } from '../../../lib/outbox/index.ts';

export async function attachProof(id: number, title: string, proof: { file: Blob; name: string }) {
  return submitAction(postReportedCourseProofAdd, { id }, `Proof for: ${title}`, { file: await outboxFile(proof.file, proof.name) });
}
