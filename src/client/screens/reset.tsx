// /reset/{token} (decisions.md 4): set a new password from a single-use reset link, with the password rules of spec §5.
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { Alert, MutationError } from '../components/ui/alert.tsx';
import { Field } from '../components/ui/form-field.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';
import { PASSWORD_HINT } from '../lib/messages.ts';
import { password2Error, passwordError } from '#shared/domain/validation';
import { resetPassword } from '../features/session/api/reset-password.ts';
import { BusyButton } from '../components/ui/busy-button.tsx';

export default function ResetScreen() {
  const { token = '' } = useParams<{ token: string }>();
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const reset = useMutation({ mutationFn: () => resetPassword(token, password, password2) });
  const e1 = submitted ? passwordError(password) : undefined;
  const e2 = submitted ? password2Error(password, password2) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!passwordError(password) && !password2Error(password, password2)) reset.mutate();
  };

  if (reset.isSuccess)
    return (
      <Screen title="Reset Password" key="done">
        <Alert tone="success">Account password updated.</Alert>
        <Link className="button" href={paths.login()}>
          Login
        </Link>
      </Screen>
    );

  return (
    <Screen title="Reset Password">
      <form className="form form-narrow" noValidate onSubmit={submit}>
        <Field label="New password" required hint={PASSWORD_HINT} error={e1}>
          <input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} maxLength={200} />
        </Field>
        <Field label="Repeat new password" required error={e2}>
          <input type="password" autoComplete="new-password" value={password2} onChange={(e) => setPassword2(e.target.value)} maxLength={200} />
        </Field>
        <MutationError mutation={reset} fallback={'Service error.'} />
        <BusyButton type="submit" className="button" busy={reset.isPending}>
          Set Password
        </BusyButton>
      </form>
    </Screen>
  );
}
