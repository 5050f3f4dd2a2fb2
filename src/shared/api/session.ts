// Logging in and out, registration, recovery (spec §7 and decisions.md 1, 4, 5).
import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { Ok, S, Str } from './common.ts';


/** what the client may keep about the logged-in student (no token: decisions.md 1) */
export const LoginResult = v.object({
  status: v.boolean(),
  hash: v.string(),
  title: v.string(),
  firstname: v.string(),
  lastname: v.string(),
  email: v.string(),
});

export const postLogin = endpoint({ method: 'POST', path: 'login', access: 'public', body: v.object({ u: Str(100), p: Str(200) }), response: LoginResult });
/** ends the server session (the spec's logout only cleared local storage) */
export const postLogout = endpoint({ method: 'POST', path: 'logout', access: 'public', body: v.object({}), response: Ok });
/** decisions.md 5: /login/{s} carries a signed single-use login link token, exchanged here */
export const postLoginLink = endpoint({ method: 'POST', path: 'login-link', access: 'public', body: v.object({ token: Str(200) }), response: LoginResult });

export const postRecover = endpoint({
  method: 'POST',
  path: 'recover',
  access: 'public',
  body: v.object({ u: v.optional(Str(100)), m: v.optional(Str(200)) }),
  response: v.object({ status: v.boolean(), rowCount: v.number(), data: v.array(v.object({ status: v.boolean(), msg: v.string() })) }),
});
/** decisions.md 4: the reset page /reset/{token} sets a new password */
export const postResetPassword = endpoint({
  method: 'POST',
  path: 'reset-password',
  access: 'public',
  body: v.object({ token: Str(200), password: Str(200), password2: Str(200) }),
  response: Ok,
});

export const getValidateUsername = endpoint({ method: 'GET', path: 'validate-username', access: 'public', query: v.object({ s: S, u: Str(100) }), response: v.object({ status: v.boolean() }) });
export const getValidateEmail = endpoint({ method: 'GET', path: 'validate-email', access: 'public', query: v.object({ s: S, email: Str(200) }), response: v.object({ status: v.boolean() }) });
export const getValidateAgdNumber = endpoint({ method: 'GET', path: 'validate-agd-number', access: 'public', query: v.object({ s: S, agdNumber: Str(20) }), response: v.object({ status: v.boolean() }) });

/** a form text: length-capped by the contract; a missing one is '' so the rules of spec §5 answer in their own words */
const Text = (max: number) => v.optional(Str(max), '');

/** every Student field of spec §3 as the forms send them; the rules live in domain/registration.ts */
export const StudentForm = v.object({
  title: Text(40),
  firstname: Text(100),
  lastname: Text(100),
  jobTitle: Text(100),
  officeName: Text(200),
  address: Text(200),
  city: Text(100),
  state: Text(40),
  zip: Text(20),
  country: Text(40),
  phone: Text(40),
  email: Text(200),
  agdNumber: v.optional(v.nullable(Str(20)), ''),
  certYear: v.optional(v.pipe(v.union([Str(4), v.number()]), v.transform(String)), ''),
  gender: Text(1),
  ageRange: Text(40),
  officeSize: Text(60),
});

export const postRegister = endpoint({
  method: 'POST',
  path: 'register',
  access: 'public',
  body: v.object({ ...StudentForm.entries, username: Text(100), password: Text(200), password2: Text(200), sourceHeard: Text(100) }),
  response: v.object({
    status: v.boolean(),
    hash: v.string(),
    student: v.object({ status: v.boolean(), hash: v.string(), title: v.string(), firstname: v.string(), lastname: v.string(), email: v.string() }),
  }),
});
