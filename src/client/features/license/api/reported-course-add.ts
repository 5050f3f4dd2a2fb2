// POST /api/reported-course-add: a course taken elsewhere and its proof file, as one multipart request through the
// outbox: kept on the device with its file first, sent now or when the network is back, recorded once.
import { postReportedCourseAdd } from '#shared/api/license';
import type { BodyOf } from '#shared/api/endpoint';
import { outboxFile, submitAction } from '../../../lib/outbox/index.ts';

export type ReportedCourseRecord = BodyOf<typeof postReportedCourseAdd>;

/** `proof`: the (already shrunk) photo or the PDF, with the name it is sent under */
export async function addReportedCourse(record: ReportedCourseRecord, proof: { file: Blob; name: string } | null) {
  const file = proof ? await outboxFile(proof.file, proof.name) : undefined;
  return submitAction(postReportedCourseAdd, record, `CE earned elsewhere: ${record.title}`, { file });
}
