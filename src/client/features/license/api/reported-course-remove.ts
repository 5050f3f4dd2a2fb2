// POST /api/reported-course-remove: a course the student recorded by mistake, and its proof file.
import { postReportedCourseRemove } from '#shared/api/license';
import { call } from '../../../lib/api.ts';
import { refreshAfter } from '../../../lib/query-effects.ts';

export const removeReportedCourse = (id: number) => call(postReportedCourseRemove, { body: { id } }).then(refreshAfter(postReportedCourseRemove.path));
