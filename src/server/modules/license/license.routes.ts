// My license (issue 19): the routes of src/shared/api/license.ts. Each one is the session student's own; the
// service decides everything, the handlers only pass the input on and set the headers of the files.
import {
  auditPackFileName,
  getLicense,
  getLicenseAuditPack,
  getLicensePresets,
  getLicenseTranscript,
  getLicenses,
  getReportedCourseProof,
  getReportedCourses,
  postLicenseAdd,
  postLicenseEdit,
  postLicenseRemove,
  postLicenseRuleRemove,
  postLicenseRuleSave,
  postReportedCourseAdd,
  postReportedCourseProofAdd,
  postReportedCourseRemove,
} from '#shared/api/license';
import { implement, type Implementation } from '../../plugins/contract.ts';
import { auditPack } from './audit-pack.ts';
import { licenseService, type LicenseDeps } from './license.service.ts';

/** a private file: no cache keeps it, and the browser never guesses another type for it */
const privateFile = (reply: Parameters<Implementation['handler']>[0]['reply'], type: string, filename: string) =>
  reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');

export function licenseRoutes(deps: LicenseDeps): Implementation[] {
  const licenses = licenseService(deps);
  const pack = auditPack(deps, licenses);

  return [
    implement(getLicensePresets, async () => ({ status: true, presets: await licenses.presets() })),
    implement(getLicenses, async ({ student }) => ({ status: true, licenses: await licenses.list(student.id) })),
    implement(getLicense, async ({ query, student }) => licenses.view(student.id, query.id, query.cycle)),
    implement(postLicenseAdd, async ({ body, student }) => licenses.add(student.id, body)),
    implement(postLicenseEdit, async ({ body, student }) => licenses.edit(student.id, body)),
    implement(postLicenseRemove, async ({ body, student }) => (await licenses.remove(student.id, body.id), { status: true })),
    implement(postLicenseRuleSave, async ({ body, student }) => licenses.saveRule(student.id, body.license, body.id, body.rule)),
    implement(postLicenseRuleRemove, async ({ body, student }) => licenses.removeRule(student.id, body.license, body.id)),

    implement(getReportedCourses, async ({ student }) => ({ status: true, courses: await licenses.reportedCourses(student.id) })),
    implement(postReportedCourseAdd, async ({ body, student, file }) => ({ status: true, course: await licenses.addReportedCourse(student.id, body, file ?? null) })),
    implement(postReportedCourseProofAdd, async ({ body, student, file }) => ({ status: true, course: await licenses.attachProof(student.id, body.id, file ?? null) })),
    implement(postReportedCourseRemove, async ({ body, student }) => (await licenses.removeReportedCourse(student.id, body.id), { status: true })),
    implement(getReportedCourseProof, async ({ query, student, reply }) => {
      const proof = await licenses.proof(student.id, query.id);
      // always a download of bytes, whatever it holds: the browser neither renders nor sniffs a student's upload
      privateFile(reply, 'application/octet-stream', proof.name);
      return reply.send(proof.bytes);
    }),

    implement(getLicenseTranscript, async ({ query, student, reply }) => {
      const { license, cycle, pdf } = await pack.transcript(student.id, query.id, query.cycle);
      privateFile(reply, 'application/pdf', auditPackFileName(license, cycle.end, 'pdf'));
      return Buffer.from(pdf);
    }),
    implement(getLicenseAuditPack, async ({ query, student, reply }) => {
      const { license, cycle, zip } = await pack.zip(student.id, query.id, query.cycle);
      privateFile(reply, 'application/zip', auditPackFileName(license, cycle.end, 'zip'));
      return Buffer.from(zip);
    }),
  ];
}
