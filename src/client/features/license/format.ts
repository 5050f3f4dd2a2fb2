// How the license tracker says its facts (issue 19): calendar days, hours, a license's name, a rule in words (the
// shared ruleLabel) and the days to a renewal. Pure, so the screens and their tests say them the same way.
import type { License, RuleFields } from '#shared/api/license';
import { formatDate } from '#shared/domain/format';
import { ruleLabel } from '#shared/domain/license-progress';

/**
 * a calendar day (YYYY-MM-DD) as the app writes dates ('Wed Mar 31, 2027'): read at noon on the device, since
 * midnight UTC is the day before west of Greenwich
 */
export const formatDay = (day: string): string => formatDate(`${day}T12:00:00`);

/** '24 h', '1.5 h', '0.25 h' */
export const formatHours = (hours: number): string => `${Number(hours.toFixed(2))} h`;

/** what counts of what is asked, the unit said once: '2 of 3 h' */
export const formatHoursOf = (counted: number, asked: number): string => `${Number(counted.toFixed(2))} of ${formatHours(asked)}`;

/** a license type as a title says it: 'RDH', 'DDS/DMD', and 'Other' (stored lower-case, as the contract names it) */
export const licenseTypeName = (type: License['licenseType']): string => (type === 'other' ? 'Other' : type);

/** 'Texas · RDH' */
export const licenseName = (license: Pick<License, 'jurisdiction' | 'licenseType'>): string => `${license.jurisdiction} · ${licenseTypeName(license.licenseType)}`;

/** a rule in plain words, as the progress and the transcript say it (a preset's rule has no id yet) */
export const describeRule = (rule: RuleFields): string => ruleLabel({ ...rule, id: 0 });

/** 'Renews in 125 days', 'Renews today', 'Renewal date passed 3 days ago' */
export function renewalIn(days: number): string {
  if (days === 0) return 'Renews today';
  if (days > 0) return `Renews in ${days} ${days === 1 ? 'day' : 'days'}`;
  return `Renewal date passed ${-days} ${days === -1 ? 'day' : 'days'} ago`;
}
