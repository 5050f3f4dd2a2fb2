// The register and profile rules of spec §5 with their exact messages (decisions.md "Name and office
// validation"). The forms and the server both run these, so a request that bypasses the form is refused
// with the words the form would have shown. Availability (username, e-mail, AGD number) needs the
// database: the server checks it, and the forms ask through the validate-* calls.
import { isEmail, isPhone, password2Error, passwordError, type FieldErrors } from './validation.ts';

export const USERNAME_TAKEN = 'This username is not available. Choose another.';
export const EMAIL_TAKEN = 'Email already in use. Choose another.';
/** spec §5 writes two spaces after the full stop */
export const AGD_TAKEN = 'AGD Number already in use.  Choose another.';
export const REGISTER_AGREEMENT = 'By clicking the Create Account button below you agree to the CE Pass Terms & Conditions.';
export const DEFAULT_COUNTRY = 'US';
export const GENDERS = [
  { value: 'F', label: 'Female' },
  { value: 'M', label: 'Male' },
] as const;

/** every Student field both forms carry, as text (selects and inputs give strings) */
export interface StudentFields {
  title: string;
  firstname: string;
  lastname: string;
  jobTitle: string;
  officeName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
  email: string;
  agdNumber: string;
  certYear: string;
  gender: string;
  ageRange: string;
  officeSize: string;
}
export interface RegisterFields extends StudentFields {
  username: string;
  password: string;
  password2: string;
  sourceHeard: string;
}
export interface ProfileFields extends StudentFields {
  email2: string;
}

export const STUDENT_FIELDS = [
  'title', 'firstname', 'lastname', 'jobTitle', 'officeName', 'address', 'city', 'state', 'zip', 'country', 'phone', 'email', 'agdNumber', 'certYear', 'gender', 'ageRange', 'officeSize',
] as const satisfies ReadonlyArray<keyof StudentFields>;

/** the account-items lists a required selection must come from */
export interface LookupValues {
  jobTitles: readonly string[];
  titles: readonly string[];
  states: readonly string[];
  countries: readonly string[];
  ageRanges: readonly string[];
  officeSizes: readonly string[];
  sourceHeard: readonly string[];
}

/** spec §5: graduation year choices run from 90 years ago to 10 years ahead, newest first */
export const graduationYears = (now: Date = new Date()): number[] => {
  const year = now.getFullYear();
  return Array.from({ length: 101 }, (_, i) => year + 10 - i);
};

const AGD_NUMBER = /^\d{5,9}$/;

/** decisions.md: every text input of the register and profile forms is trimmed; passwords are kept as typed */
export function trimFields<T extends object>(fields: T): T {
  const out = { ...fields } as Record<string, unknown>;
  for (const [key, value] of Object.entries(out)) if (typeof value === 'string' && key !== 'password' && key !== 'password2' && key !== 'currentPassword') out[key] = value.trim();
  return out as T;
}

const minLength = (value: string, min: number) => value.trim().length >= min;
const chosen = (value: string, list: readonly string[] | undefined) => value.trim() !== '' && (!list || list.includes(value.trim()));

/** the rules both forms share; `lists` (when known) limits the selections to the lookup values */
export function studentErrors(f: StudentFields, lists?: LookupValues, now: Date = new Date()): FieldErrors<StudentFields> {
  const e: FieldErrors<StudentFields> = {};
  if (!chosen(f.title, lists?.titles)) e.title = 'Select title.';
  if (!minLength(f.firstname, 2)) e.firstname = 'First name is a required field and must be at least 3 characters.';
  if (!minLength(f.lastname, 2)) e.lastname = 'Last name is a required field and must be at least 3 characters.';
  if (!chosen(f.jobTitle, lists?.jobTitles)) e.jobTitle = 'Select position.';
  if (!minLength(f.officeName, 4)) e.officeName = 'This is a required field and must be at least 3 characters.';
  if (!minLength(f.address, 2)) e.address = 'Address is required field.';
  if (!minLength(f.city, 2)) e.city = 'City is a required field.';
  if (!chosen(f.state, lists?.states)) e.state = 'Select state.';
  if (!minLength(f.zip, 5)) e.zip = 'Zip/Postal Code is required field.';
  if (!chosen(f.country, lists?.countries)) e.country = 'Select country.';
  if (!isPhone(f.phone)) e.phone = 'Phone number is required.';
  if (!f.email.trim()) e.email = 'Email is required.';
  else if (!isEmail(f.email)) e.email = 'Enter valid email address.';
  if (f.agdNumber.trim() && !AGD_NUMBER.test(f.agdNumber.trim())) e.agdNumber = 'Leave blank or enter valid value.';
  if (!graduationYears(now).map(String).includes(f.certYear.trim())) e.certYear = 'Select one.';
  if (!GENDERS.some((g) => g.value === f.gender)) e.gender = 'Required field.';
  if (!chosen(f.ageRange, lists?.ageRanges)) e.ageRange = 'Select one.';
  if (!chosen(f.officeSize, lists?.officeSizes)) e.officeSize = 'Select one.';
  return e;
}

export const usernameError = (username: string): string | undefined => {
  if (!username.trim()) return 'Username is required.';
  if (username.trim().length < 6) return 'Username has minimum length.';
  return undefined;
};

export function registerErrors(f: RegisterFields, lists?: LookupValues, now?: Date): FieldErrors<RegisterFields> {
  const e: FieldErrors<RegisterFields> = studentErrors(f, lists, now);
  const u = usernameError(f.username);
  if (u) e.username = u;
  const p = passwordError(f.password);
  if (p) e.password = p;
  const p2 = password2Error(f.password, f.password2);
  if (p2) e.password2 = p2;
  if (!chosen(f.sourceHeard, lists?.sourceHeard)) e.sourceHeard = 'Select one.';
  return e;
}

export function profileErrors(f: ProfileFields, lists?: LookupValues, now?: Date): FieldErrors<ProfileFields> {
  const e: FieldErrors<ProfileFields> = studentErrors(f, lists, now);
  if (f.email2.trim() && !isEmail(f.email2)) e.email2 = 'Enter valid email address.';
  return e;
}

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;
