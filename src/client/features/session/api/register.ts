// POST /api/register: creates the account and its session (the server sets the cookie).
import { postRegister } from '#shared/api/session';
import type { RegisterFields } from '#shared/domain/registration';
import { ApiError, call } from '../../../lib/api.ts';
import { logIn } from './login.ts';

/**
 * The usernames whose register got no answer: the account may have been made. The same form sent again within
 * ten minutes carries the same Idempotency-Key and the server answers it as the first time, with a session
 * (decision 0039); a form changed before it is sent again (or sent later) is a new call, refused as a taken
 * username (and e-mail). The student's own username and password then log in: if they do, the account is theirs
 * and the register went through; if not, the refusal stands.
 */
const unanswered = new Set<string>();

export async function registerStudent(form: RegisterFields) {
  try {
    const made = await call(postRegister, { body: form });
    unanswered.delete(form.username);
    return made;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.kind === 'network') {
      unanswered.add(form.username);
      throw error;
    }
    if (error.kind !== 'refused' || !unanswered.has(form.username)) throw error;
    const student = await logIn(form.username, form.password).catch(() => null);
    if (!student?.status) throw error;
    unanswered.delete(form.username);
    return { status: true, hash: student.hash, student };
  }
}
