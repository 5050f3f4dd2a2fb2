// POST /api/recover: e-mails the username and a reset link (decisions.md 4).
import { postRecover } from '#shared/api/session';
import { call } from '../../../lib/api.ts';

export const recoverAccount = (u?: string, m?: string) => call(postRecover, { body: { u, m } });
