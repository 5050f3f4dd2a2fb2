// /account (spec §2): tabs Home (credit summary, e-mail the Proof of CE report), Profile and Password
// (with the link to /gdpr). Forms show busy state, success alerts and dismissible error alerts.
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Alert, MutationError } from '../components/ui/alert.tsx';
import { Field } from '../components/ui/form-field.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { Tabs } from '../components/ui/tabs.tsx';
import { paths } from '../config/paths.ts';
import { password2Error, passwordError } from '#shared/domain/validation';
import { useAccountHome } from '../features/account/api/get-account-home.ts';
import { useProfile } from '../features/account/api/get-profile.ts';
import { saveProfile } from '../features/account/api/profile.ts';
import { sendCeReport } from '../features/account/api/send-ce-report.ts';

type Tab = 'home' | 'profile' | 'password';

function HomeTab() {
  const summary = useAccountHome();
  const report = useMutation({ mutationFn: sendCeReport });
  if (!summary.isSuccess) return <QueryState query={summary} errorFallback="Service error." />;
  const { ceHome, ceLive, ceTotal } = summary.data.summary;
  return (
    <>
      <h2>Your CE credits</h2>
      <dl className="facts">
        <div>
          <dt>Self-study</dt>
          <dd>{ceHome} CEU</dd>
        </div>
        <div>
          <dt>Live, Interactive</dt>
          <dd>{ceLive} CEU</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{ceTotal} CEU</dd>
        </div>
      </dl>
      <button type="button" className="button" disabled={report.isPending} onClick={() => report.mutate()}>
        Email Proof of CE Report
      </button>
      {report.isSuccess && <Alert tone="success">Check email inbox for Proof of CE report.</Alert>}
      <MutationError mutation={report} fallback={'Service error.'} />
    </>
  );
}

function ProfileTab() {
  const profile = useProfile();
  if (!profile.isSuccess) return <QueryState query={profile} errorFallback="Service error." />;
  const s = profile.data.student;
  return (
    <>
      <h2>Profile</h2>
      <p>
        {s.firstname} {s.lastname} · {s.email}
      </p>
    </>
  );
}

function PasswordTab() {
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const save = useMutation({ mutationFn: () => saveProfile({ password, password2 }) });
  const e1 = submitted ? passwordError(password) : undefined;
  const e2 = submitted ? password2Error(password, password2) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!passwordError(password) && !password2Error(password, password2)) save.mutate();
  };
  return (
    <>
      <h2>Change password</h2>
      <form className="form form-narrow" noValidate onSubmit={submit}>
        <Field label="New password" required error={e1}>
          <input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} maxLength={200} />
        </Field>
        <Field label="Repeat new password" required error={e2}>
          <input type="password" autoComplete="new-password" value={password2} onChange={(e) => setPassword2(e.target.value)} maxLength={200} />
        </Field>
        {save.isSuccess && <Alert tone="success">Account password updated.</Alert>}
        <MutationError mutation={save} fallback={'Service error.'} />
        <button type="submit" className="button" disabled={save.isPending}>
          Update Password
        </button>
      </form>
      <p>
        <Link href={paths.gdpr()}>GDPR: remove my consent</Link>
      </p>
    </>
  );
}

export default function AccountScreen() {
  const [tab, setTab] = useState<Tab>('home');
  return (
    <Screen title="Account">
      <Tabs<Tab>
        label="Account sections"
        tabs={[
          { key: 'home', label: 'Home' },
          { key: 'profile', label: 'Profile' },
          { key: 'password', label: 'Password' },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {tab === 'home' ? <HomeTab /> : tab === 'profile' ? <ProfileTab /> : <PasswordTab />}
      </Tabs>
    </Screen>
  );
}
