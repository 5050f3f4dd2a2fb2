// POST /api/license-rule-remove: a rule the student does not want checked any more.
import { postLicenseRuleRemove } from '#shared/api/license';
import { call } from '../../../lib/api.ts';
import { refreshAfter } from '../../../lib/query-effects.ts';

export const removeLicenseRule = (license: number, id: number) => call(postLicenseRuleRemove, { body: { license, id } }).then(refreshAfter(postLicenseRuleRemove.path));
