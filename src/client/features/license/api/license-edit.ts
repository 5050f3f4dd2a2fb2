// POST /api/license-edit: the license's own fields (jurisdiction, type, number, renewal date, cycle length).
import { postLicenseEdit } from '#shared/api/license';
import type { BodyOf } from '#shared/api/endpoint';
import { call } from '../../../lib/api.ts';
import { refreshAfter } from '../../../lib/query-effects.ts';

export const editLicense = (license: BodyOf<typeof postLicenseEdit>) => call(postLicenseEdit, { body: license }).then(refreshAfter(postLicenseEdit.path));
