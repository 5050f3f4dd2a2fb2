// Client-side form rules with the exact messages of spec §5 (support form, password, recover, GDPR).
// One module so the server (issue 3, 4) checks the same rules with the same words.

export const SUPPORT_TOPICS = ['General Feedback', 'Live Webinar Question', 'Technical Issue', 'Other'] as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string): boolean => EMAIL.test(value.trim());
/**
 * spec §5's phone rule, 'min 10', counted in digits: '(555) 123-45' is 12 characters and no phone number, and
 * '+44 20 7946 0958' or '555.123.4567' is one however it is written (decision 0046)
 */
export const isPhone = (value: string): boolean => value.replace(/\D/g, '').length >= 10;

export interface SupportValues {
  name: string;
  office: string;
  email: string;
  phone: string;
  subject: string;
  comment: string;
}
export type FieldErrors<T> = Partial<Record<keyof T, string>>;
/** spec §5: what a form says (and the server answers) while any of its fields is in error */
export const CORRECT_ERRORS = 'Correct errors and resubmit.';

export const validateSupport = (f: SupportValues): FieldErrors<SupportValues> => {
  const e: FieldErrors<SupportValues> = {};
  if (f.name.trim().length < 4) e.name = 'Name is a required field and must be at least 3 characters.';
  if (f.office.trim().length < 4) e.office = 'This is a required field and must be at least 3 characters.';
  if (!isEmail(f.email)) e.email = 'Email address is required.';
  if (!isPhone(f.phone)) e.phone = 'Phone number is required.';
  if (!(SUPPORT_TOPICS as readonly string[]).includes(f.subject)) e.subject = 'Select reason for support.';
  const comment = f.comment.trim();
  if (comment.length < 4 || comment.length > 1000) e.comment = 'Explain reason for support up to 1000 characters.';
  return e;
};

export const PASSWORD_CHARS = /^[A-Za-z0-9.!@#$%&*~:;?+=^_-]*$/;

/** spec §5 password rules */
export const passwordError = (password: string): string | undefined => {
  if (!password) return 'Password is required.';
  if (password.length < 6) return 'Password must be 6 characters or longer.';
  if (!PASSWORD_CHARS.test(password)) return 'Invalid character(s) detected.';
  return undefined;
};

export const password2Error = (password: string, password2: string): string | undefined =>
  password !== password2 ? 'Passwords must match.' : undefined;

export const RECOVER_MISSING = 'Provide either username or account email address.';
export const GDPR_UNCHECKED = 'Check the checkbox before clicking the Submit Request button.';
