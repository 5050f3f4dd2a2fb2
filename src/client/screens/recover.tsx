// /recover (spec §2, decisions.md 4): username or e-mail; the server e-mails the username and a reset link.
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Alert, MutationError } from '../components/ui/alert.tsx';
import { Field } from '../components/ui/form-field.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';
import { RECOVER_MISSING } from '#shared/domain/validation';
import { recoverAccount } from '../features/session/api/recover.ts';
import { BusyButton } from '../components/ui/busy-button.tsx';

export default function RecoverScreen() {
  const [u, setU] = useState('');
  const [m, setM] = useState('');
  const [missing, setMissing] = useState(false);
  const recover = useMutation({ mutationFn: () => recoverAccount(u.trim() || undefined, m.trim() || undefined) });
  const item = recover.data?.data[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const none = !u.trim() && !m.trim();
    setMissing(none);
    if (!none) recover.mutate();
  };

  if (recover.isSuccess && item?.status !== false)
    return (
      <Screen title="Recover Account" key="sent">
        <Alert tone="success">Check inbox for your login credentials.</Alert>
        <Link className="button" href={paths.login()}>
          Login
        </Link>
      </Screen>
    );

  return (
    <Screen title="Recover Account">
      <p>Enter your username or the e-mail address of your account. We will e-mail you your username and a link to set a new password.</p>
      <form className="form form-narrow" noValidate onSubmit={submit}>
        <Field label="Username">
          <input type="text" autoComplete="username" autoCapitalize="none" spellCheck={false} value={u} onChange={(e) => setU(e.target.value)} maxLength={100} />
        </Field>
        <Field label="Account email address">
          <input type="email" autoComplete="email" value={m} onChange={(e) => setM(e.target.value)} maxLength={200} />
        </Field>
        {missing && <Alert tone="danger">{RECOVER_MISSING}</Alert>}
        {recover.isSuccess && item?.status === false && <Alert tone="danger">{item.msg}</Alert>}
        <MutationError mutation={recover} fallback={'Unknown error.'} />
        <BusyButton type="submit" className="button" busy={recover.isPending}>
          Recover
        </BusyButton>
      </form>
    </Screen>
  );
}
