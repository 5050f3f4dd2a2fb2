// POST /api/profile: the Profile tab sends the whole form; the Password tab sends password, password2 and currentPassword.
import { postProfile } from '#shared/api/account';
import type { BodyOf } from '#shared/api/endpoint';
import { call } from '../../../lib/api.ts';

export const saveProfile = (form: BodyOf<typeof postProfile>) => call(postProfile, { body: form });
