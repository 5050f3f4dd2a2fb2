// POST /api/register: creates the account and its session (the server sets the cookie).
import { postRegister } from '#shared/api/session';
import type { RegisterFields } from '#shared/domain/registration';
import { call } from '../../../lib/api.ts';

export const registerStudent = (form: RegisterFields) => call(postRegister, { body: form });
