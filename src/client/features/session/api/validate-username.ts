// GET /api/validate-username: whether a username is still free (register form, while typing).
import { getValidateUsername } from '#shared/api/session';
import { USERNAME_TAKEN } from '#shared/domain/registration';
import { apiQuery } from '../../../lib/query-client.ts';
import type { Check } from '../../../lib/use-form.ts';

export const usernameCheck: Check = { query: (u) => apiQuery(getValidateUsername, { u }), taken: USERNAME_TAKEN };
