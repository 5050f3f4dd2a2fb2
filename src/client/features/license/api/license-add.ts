// POST /api/license-add: a new license, from a preset (its rules copied with their sources) or from scratch.
import { postLicenseAdd } from '#shared/api/license';
import type { BodyOf } from '#shared/api/endpoint';
import { call } from '../../../lib/api.ts';
import { refreshAfter } from '../../../lib/query-effects.ts';

export const addLicense = (license: BodyOf<typeof postLicenseAdd>) => call(postLicenseAdd, { body: license }).then(refreshAfter(postLicenseAdd.path));
