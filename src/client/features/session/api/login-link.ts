// POST /api/login-link: exchanges a signed single-use login link (decisions.md 5).
import { postLoginLink } from '#shared/api/session';
import { call } from '../../../lib/api.ts';

export const logInWithLink = (token: string) => call(postLoginLink, { body: { token } });
