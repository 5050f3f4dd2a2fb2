// A registration whose answer was lost: the account may have been made, and the retry is refused as a taken
// username. What the student sees must be the account, not "not available" for the name they just took.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USERNAME_TAKEN, EMAIL_TAKEN } from '#shared/domain/registration';
import { answerApi, failures, ok } from '../../../test/api-stub.ts';
import { registerStudent } from './register.ts';

const form = {
  title: 'Ms', firstname: 'Jordan', lastname: 'Rivera', email: 'jordan@example.com', username: 'jordanr', password: 'a long enough passphrase',
  password2: 'a long enough passphrase', sourceHeard: 'A colleague',
} as unknown as Parameters<typeof registerStudent>[0];
const student = { status: true, hash: 'stu-jordan', title: 'Ms', firstname: 'Jordan', lastname: 'Rivera', email: 'jordan@example.com' };
const taken = { status: 409, json: { status: false, errorMsg: USERNAME_TAKEN, errors: { username: USERNAME_TAKEN, email: EMAIL_TAKEN } } };

/** answers the calls of one path in turn */
const inTurn = (...answers: Parameters<typeof answerApi>[0][string][]) => {
  let n = 0;
  return () => answers[Math.min(n++, answers.length - 1)] as never;
};

afterEach(() => vi.unstubAllGlobals());

describe('a registration sent again after its answer was lost', () => {
  it('is the account made by the first try when the same username and password log in', async () => {
    const calls = answerApi({ 'POST register': inTurn(failures.offline, taken), 'POST login': ok(student) });
    await expect(registerStudent(form)).rejects.toMatchObject({ kind: 'network' });
    await expect(registerStudent(form)).resolves.toMatchObject({ status: true, hash: 'stu-jordan', student: { firstname: 'Jordan', email: 'jordan@example.com' } });
    expect(calls.map((c) => c.key)).toEqual(['POST register', 'POST register', 'POST login']);
    expect(calls[2]?.body).toEqual({ u: 'jordanr', p: 'a long enough passphrase' });
    // the repeat was the same intent: the server could answer it with the first answer had it kept one
    expect(calls[1]?.idempotencyKey).toBe(calls[0]?.idempotencyKey);
  });

  it('stays refused when they do not log in (someone else has the name)', async () => {
    answerApi({ 'POST register': inTurn(failures.offline, taken), 'POST login': failures.refusedWithMessage('Invalid username or password.', 401) });
    await expect(registerStudent({ ...form, username: 'other' } as typeof form)).rejects.toMatchObject({ kind: 'network' });
    await expect(registerStudent({ ...form, username: 'other' } as typeof form)).rejects.toMatchObject({ kind: 'refused', errors: { username: USERNAME_TAKEN } });
  });

  it('never tries to log in when no try of it went unanswered', async () => {
    const calls = answerApi({ 'POST register': taken, 'POST login': ok(student) });
    await expect(registerStudent({ ...form, username: 'fresh' } as typeof form)).rejects.toMatchObject({ kind: 'refused' });
    expect(calls.map((c) => c.key)).toEqual(['POST register']);
  });
});
