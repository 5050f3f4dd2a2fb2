// A license's own fields, as the add and change screens ask them (issue 19): jurisdiction, type, number (optional),
// the next renewal date and the cycle length, with the quick answer to each; the server checks the same and more.
import { FIELD_MESSAGES, LICENSE_TYPES, MAX_CYCLE_YEARS, presetTypeMessage, type LicenseType } from '#shared/domain/license';
import { formatDate } from '#shared/domain/format';
import { cyclesOf } from '#shared/domain/license-progress';
import type { FieldErrors } from '#shared/domain/validation';
import { Field } from '../../../components/ui/form-field.tsx';
import type { Form } from '../../../lib/use-form.ts';

export interface LicenseValues {
  jurisdiction: string;
  licenseType: string;
  number: string;
  renewalDate: string;
  cycleYears: string;
}

const TYPE_LABELS: Record<LicenseType, string> = { RDH: 'RDH (dental hygienist)', 'DDS/DMD': 'DDS/DMD (dentist)', 'RDA/EFDA': 'RDA/EFDA (dental assistant)', other: 'Other' };

/** the quick answer; the server checks the same and more */
export function licenseErrors(v: LicenseValues): FieldErrors<LicenseValues> {
  const e: FieldErrors<LicenseValues> = {};
  if (!v.jurisdiction.trim()) e.jurisdiction = FIELD_MESSAGES.jurisdiction;
  if (!(LICENSE_TYPES as readonly string[]).includes(v.licenseType)) e.licenseType = 'Choose the license type.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.renewalDate) || Number.isNaN(Date.parse(v.renewalDate))) e.renewalDate = 'Enter the next renewal date.';
  const years = Number(v.cycleYears);
  if (!Number.isInteger(years) || years < 1 || years > MAX_CYCLE_YEARS) e.cycleYears = FIELD_MESSAGES.cycleYears;
  if (v.number.trim().length > 40) e.number = 'A license number has at most 40 characters.';
  return e;
}

/** the fields as the contract sends them */
export const licenseOf = (v: LicenseValues) => ({
  jurisdiction: v.jurisdiction,
  licenseType: v.licenseType as LicenseType,
  number: v.number || null,
  renewalDate: v.renewalDate,
  cycleYears: Number(v.cycleYears),
});

/**
 * A renewal date already passed is taken (the cycles since stay viewable, decision 0026) and counted forward by
 * whole cycles: said where it is typed, so a mistyped year is seen before it becomes the license's dates (a walk).
 */
function PassedRenewal({ date, years }: { date: string; years: number }) {
  const today = new Date().toISOString().slice(0, 10);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(date)) && Number.isInteger(years) && years >= 1 && years <= MAX_CYCLE_YEARS;
  const next = valid && date < today ? cyclesOf(date, years, today)[0]!.end : null;
  return (
    <p className="field-note" role="status">
      {next && `This date has passed: with ${years === 1 ? '1-year cycles' : `${years}-year cycles`} the next renewal is ${formatDate(next, { timeZone: 'UTC' })}. If that is not right, check the year.`}
    </p>
  );
}

/** `onlyType`: a preset's, whose rules are that type's (the server refuses another) */
export function LicenseFields({ form, onlyType }: { form: Form<LicenseValues>; onlyType?: LicenseType }) {
  const type = form.field('licenseType');
  return (
    <>
      <Field label="State or jurisdiction" required error={form.error('jurisdiction')}>
        <input type="text" autoComplete="off" maxLength={80} {...form.field('jurisdiction')} />
      </Field>
      <Field label="License type" required hint={onlyType && presetTypeMessage(onlyType)} error={form.error('licenseType')}>
        <select {...type}>
          {/* from scratch nothing is assumed: a dentist is not a hygienist by default */}
          {type.value === '' && (
            <option value="" disabled>
              Choose…
            </option>
          )}
          {(onlyType ? [onlyType] : LICENSE_TYPES).map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="License number (optional)" error={form.error('number')}>
        <input type="text" autoComplete="off" maxLength={40} {...form.field('number')} />
      </Field>
      <Field label="Next renewal date" required hint="The last day of the current cycle." error={form.error('renewalDate')}>
        <input type="date" {...form.field('renewalDate')} />
      </Field>
      <PassedRenewal date={form.field('renewalDate').value} years={Number(form.field('cycleYears').value)} />
      <Field label="Cycle length" required error={form.error('cycleYears')}>
        <select {...form.field('cycleYears')}>
          {Array.from({ length: MAX_CYCLE_YEARS }, (_, i) => String(i + 1)).map((y) => (
            <option key={y} value={y}>
              {y === '1' ? '1 year' : `${y} years`}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}
