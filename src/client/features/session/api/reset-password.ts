// POST /api/reset-password: sets a new password from a reset link.
import { postResetPassword } from '#shared/api/session';
import { call } from '../../../lib/api.ts';

export const resetPassword = (token: string, password: string, password2: string) => call(postResetPassword, { body: { token, password, password2 } });
