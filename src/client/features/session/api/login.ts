// POST /api/login: username and password; the session cookie is set by the server.
import { postLogin } from '#shared/api/session';
import { call } from '../../../lib/api.ts';

export const logIn = (u: string, p: string) => call(postLogin, { body: { u, p } });
