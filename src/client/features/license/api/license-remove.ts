// POST /api/license-remove: the license and its rules go; the courses recorded elsewhere stay in the student's record.
import { postLicenseRemove } from '#shared/api/license';
import { call } from '../../../lib/api.ts';
import { refreshAfter } from '../../../lib/query-effects.ts';

export const removeLicense = (id: number) => call(postLicenseRemove, { body: { id } }).then(refreshAfter(postLicenseRemove.path));
