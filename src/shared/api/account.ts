// The Account page, profile, lookups, consent and CE reports (spec §7).
import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { Hash, Lookup, Ok, S, Str } from './common.ts';
import { StudentForm } from './session.ts';

export const getAccountItems = endpoint({
  method: 'GET',
  path: 'account-items',
  access: 'public',
  query: v.object({ s: S }),
  response: v.object({
    status: v.boolean(),
    jobTitles: v.array(Lookup),
    titles: v.array(Lookup),
    states: v.array(Lookup),
    countries: v.array(Lookup),
    ageRanges: v.array(Lookup),
    officeSizes: v.array(Lookup),
    sourceHeard: v.array(Lookup),
  }),
});

const Field = v.string();
/** the student's own record as the Account page shows it (never the password hash) */
export const Profile = v.object({
  title: Field,
  firstname: Field,
  lastname: Field,
  jobTitle: Field,
  officeName: Field,
  address: Field,
  city: Field,
  state: Field,
  zip: Field,
  country: Field,
  phone: Field,
  email: Field,
  gender: Field,
  ageRange: Field,
  officeSize: Field,
  hash: v.string(),
  username: v.string(),
  email2: v.nullable(v.string()),
  agdNumber: v.nullable(v.string()),
  certYear: v.number(),
  hideAgdReminder: v.boolean(),
  /** when the student withdrew consent on /gdpr (null: consent given) */
  consentRemovedAt: v.nullable(v.string()),
});

export const getStudent = endpoint({ method: 'GET', path: 'student', access: 'student', query: v.object({ s: S }), response: v.object({ status: v.boolean(), student: Profile }) });
export const getProfile = endpoint({ method: 'GET', path: 'profile', access: 'student', query: v.object({ s: S }), response: v.object({ status: v.boolean(), student: Profile }) });
/**
 * the Profile tab sends the whole form, with the current password when the e-mail address changes; the
 * Password tab sends password, password2 and the current password (docs/decisions/0003-accounts.md: a
 * stolen session alone cannot take the account over)
 */
/** the Profile tab's refusal (errorMsg and the currentPassword field) when the e-mail changes without the password */
export const EMAIL_NEEDS_PASSWORD = 'Enter your current password to change your email address.';
export const postProfile = endpoint({
  method: 'POST',
  path: 'profile',
  access: 'student',
  body: v.object({
    ...StudentForm.entries,
    s: S,
    email2: v.optional(v.nullable(Str(200)), ''),
    password: v.optional(Str(200)),
    password2: v.optional(Str(200)),
    currentPassword: v.optional(Str(200)),
  }),
  response: Ok,
});

export const getAccountHome = endpoint({
  method: 'GET',
  path: 'account-home',
  access: 'student',
  query: v.object({ s: S }),
  response: v.object({ status: v.boolean(), summary: v.object({ ceHome: v.number(), ceLive: v.number(), ceTotal: v.number() }) }),
});
export const postSendCeReport = endpoint({ method: 'POST', path: 'send-ce-report', access: 'student', body: v.object({ s: S }), response: Ok });
export const postSendCert = endpoint({ method: 'POST', path: 'send-cert', access: 'student', body: v.object({ s: S, c: v.optional(v.nullable(Hash)), p: v.optional(v.nullable(Hash)) }), response: Ok });
export const postRemoveConsent = endpoint({ method: 'POST', path: 'remove-consent', access: 'student', identityField: 'h', body: v.object({ h: S }), response: Ok });
export const postHideAgdReminder = endpoint({ method: 'POST', path: 'hide-agd-reminder', access: 'student', body: v.object({ s: S }), response: Ok });
