// The Student fields of spec §3 that the register form and the Profile tab both carry, with their labels,
// autofill hints and the lookup lists of account-items.
import type { ComponentProps, ReactNode } from 'react';
import type { getAccountItems } from '#shared/api/account';
import type { ResponseOf } from '#shared/api/endpoint';
import { DEFAULT_COUNTRY, GENDERS, graduationYears, STUDENT_FIELDS, type LookupValues, type StudentFields as Student } from '#shared/domain/registration';
import { ChoiceGroup } from '../../../components/ui/choice-group.tsx';
import { Field } from '../../../components/ui/form-field.tsx';
import type { ControlProps, Form } from '../../../lib/use-form.ts';

export type AccountItems = ResponseOf<typeof getAccountItems>;
type Option = { value: string; label: string };

/** the values a required selection must come from, for the shared rules */
export const lookupValues = (items: AccountItems): LookupValues => {
  const values = (list: readonly Option[]) => list.map((o) => o.value);
  return {
    jobTitles: values(items.jobTitles),
    titles: values(items.titles),
    states: values(items.states),
    countries: values(items.countries),
    ageRanges: values(items.ageRanges),
    officeSizes: values(items.officeSizes),
    sourceHeard: values(items.sourceHeard),
  };
};

/** the form's starting values: a stored student's (the profile), or blank with the default country */
export const studentValues = (stored?: { [K in keyof Student]?: string | number | null }): Student =>
  Object.fromEntries(STUDENT_FIELDS.map((k) => [k, String(stored?.[k] || (k === 'country' ? DEFAULT_COUNTRY : ''))])) as unknown as Student;

/** a required selection: the spec's '-- select one --' first, then the list */
export function Choice({ options, ...props }: ComponentProps<'select'> & { options: readonly Option[] }) {
  return (
    <select {...props}>
      <option value="">-- select one --</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** two choices read better side by side than in a list: the shared radio group, marked like a Field */
function GenderChoice({ error, control }: { error?: string; control: ControlProps }) {
  return (
    <ChoiceGroup
      legend="Gender"
      name={control.name}
      type="radio"
      required
      options={GENDERS}
      selected={[control.value]}
      onChange={(value) => control.onChange({ target: { value } })}
      onBlur={control.onBlur}
      error={error}
    />
  );
}

const yearOptions = (): Option[] => graduationYears().map((y) => ({ value: String(y), label: String(y) }));

interface StudentFieldsProps {
  form: Pick<Form<Student>, 'field' | 'error'>;
  items: AccountItems;
  /** rendered right after the work e-mail (the Profile tab's home e-mail) */
  afterEmail?: ReactNode;
}

export function StudentFields({ form: { field, error }, items, afterEmail }: StudentFieldsProps) {
  return (
    <>
      <Field label="Title" required error={error('title')}>
        <Choice options={items.titles} autoComplete="honorific-prefix" {...field('title')} />
      </Field>
      <Field label="First name" required error={error('firstname')}>
        <input type="text" autoComplete="given-name" maxLength={100} {...field('firstname')} />
      </Field>
      <Field label="Last name" required error={error('lastname')}>
        <input type="text" autoComplete="family-name" maxLength={100} {...field('lastname')} />
      </Field>
      <Field label="Position" required error={error('jobTitle')}>
        <Choice options={items.jobTitles} autoComplete="organization-title" {...field('jobTitle')} />
      </Field>
      <Field label="Practice name" required error={error('officeName')}>
        <input type="text" autoComplete="organization" maxLength={200} {...field('officeName')} />
      </Field>
      <Field label="Address" required error={error('address')}>
        <input type="text" autoComplete="street-address" maxLength={200} {...field('address')} />
      </Field>
      <Field label="City" required error={error('city')}>
        <input type="text" autoComplete="address-level2" maxLength={100} {...field('city')} />
      </Field>
      <Field label="State" required error={error('state')}>
        <Choice options={items.states} autoComplete="address-level1" {...field('state')} />
      </Field>
      <Field label="Zip/Postal Code" required error={error('zip')}>
        <input type="text" autoComplete="postal-code" maxLength={20} {...field('zip')} />
      </Field>
      <Field label="Country" required error={error('country')}>
        <Choice options={items.countries} autoComplete="country" {...field('country')} />
      </Field>
      {/* the rule counts digits (decision 0046); spec §5's message for a short number says only that it is required */}
      <Field label="Phone" hint="At least 10 digits, area code first." required error={error('phone')}>
        <input type="tel" autoComplete="tel" maxLength={40} {...field('phone')} />
      </Field>
      <Field label="Work email" required error={error('email')}>
        <input type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} maxLength={200} {...field('email')} />
      </Field>
      {afterEmail}
      <Field label="AGD member number" hint="Optional: 5 to 9 digits. With it we report your CE credits to the AGD." error={error('agdNumber')}>
        <input type="text" inputMode="numeric" autoComplete="off" maxLength={20} {...field('agdNumber')} />
      </Field>
      <Field label="Graduation year" required error={error('certYear')}>
        <Choice options={yearOptions()} {...field('certYear')} />
      </Field>
      <GenderChoice error={error('gender')} control={field('gender')} />
      <Field label="Age range" required error={error('ageRange')}>
        <Choice options={items.ageRanges} {...field('ageRange')} />
      </Field>
      <Field label="Office size" required error={error('officeSize')}>
        <Choice options={items.officeSizes} {...field('officeSize')} />
      </Field>
    </>
  );
}
