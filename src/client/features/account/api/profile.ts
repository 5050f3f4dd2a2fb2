// POST /api/profile: saves profile fields; a password change sends password and password2.
import { postProfile } from '#shared/api/account';
import { call } from '../../../lib/api.ts';

export const saveProfile = (form: { password?: string; password2?: string }) => call(postProfile, { body: form });
