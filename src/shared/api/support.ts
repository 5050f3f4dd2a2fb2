// The support form and the per-navigation page view (spec §2, §7).
import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { NO_NUL, NUL, Ok, Str } from './common.ts';


export const postSupport = endpoint({
  method: 'POST',
  path: 'support',
  access: 'optional',
  identityField: 'hash',
  body: v.object({ hash: v.optional(v.nullable(v.string())), name: Str(200), office: Str(200), email: Str(200), phone: Str(40), subject: Str(60), comment: Str(1000) }),
  response: Ok,
});

export const postPageView = endpoint({
  method: 'POST',
  path: 'page-view',
  access: 'optional',
  body: v.object({ path: v.pipe(v.string(), v.startsWith('/', 'path must start with /'), v.maxLength(500), v.excludes(NUL, NO_NUL)) }),
  response: Ok,
});

export const getHealth = endpoint({
  method: 'GET',
  path: 'health',
  access: 'public',
  response: v.object({
    status: v.boolean(),
    version: v.string(),
    build: v.number(),
    database: v.picklist(['sqlite', 'postgres']),
    serverTime: v.string(),
    /** the server's SUPPORT_EMAIL: the address the footer shows, so it follows the deployment's setting */
    supportEmail: v.string(),
  }),
});
