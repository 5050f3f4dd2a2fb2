// POST /api/license-rule-save: a rule of a license changed, or added (`id` null). The server judges the whole set
// of rules (a cap above the total is refused with a message per field); the answer is the license's new view.
import { postLicenseRuleSave, type RuleFields } from '#shared/api/license';
import { call } from '../../../lib/api.ts';
import { refreshAfter } from '../../../lib/query-effects.ts';

export const saveLicenseRule = (license: number, id: number | null, rule: RuleFields) => call(postLicenseRuleSave, { body: { license, id, rule } }).then(refreshAfter(postLicenseRuleSave.path));
