// GET /api/reported-course-proof: the proof file of one of the student's reported courses, as a download.
import { getReportedCourseProof } from '#shared/api/license';
import { queryString } from '../../../config/paths.ts';

/** a link, not a fetch: the browser saves the file itself */
export const reportedCourseProofUrl = (id: number): string => `/api/${getReportedCourseProof.path}${queryString({ id })}`;
