// /account (spec §2): tabs Home (credit summary, the AGD reminder, send the Proof of CE report), Profile (the
// Student fields shared with /register, plus the home e-mail) and Password (the current password and a new
// one, with the link to /gdpr). Forms show busy state, success alerts and dismissible error alerts.
import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import { EMAIL_NEEDS_PASSWORD, type getProfile } from '#shared/api/account';
import type { ResponseOf } from '#shared/api/endpoint';
import { profileErrors, type ProfileFields } from '#shared/domain/registration';
import { password2Error, passwordError, type FieldErrors } from '#shared/domain/validation';
import { Alert, FormError, MutationError } from '../components/ui/alert.tsx';
import { Field } from '../components/ui/form-field.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { QueryState, showsFailure } from '../components/ui/query-state.tsx';
import { Tabs } from '../components/ui/tabs.tsx';
import { paths } from '../config/paths.ts';
import { isUnreachable } from '../lib/api.ts';
import { PASSWORD_HINT } from '../lib/messages.ts';
import { useForm } from '../lib/use-form.ts';
import { useAccountHome } from '../features/account/api/get-account-home.ts';
import { useAccountItems } from '../features/account/api/get-account-items.ts';
import { refreshProfile, useProfile } from '../features/account/api/get-profile.ts';
import { hideAgdReminder } from '../features/account/api/hide-agd-reminder.ts';
import { saveProfile } from '../features/account/api/profile.ts';
import { sendCeReport } from '../features/account/api/send-ce-report.ts';
import { lookupValues, StudentFields, studentValues, type AccountItems } from '../features/account/components/student-fields.tsx';
import { agdNumberCheck } from '../features/session/api/validate-agd-number.ts';
import { emailCheck } from '../features/session/api/validate-email.ts';
import { rememberProfile } from '../features/session/remember.ts';

type Tab = 'home' | 'profile' | 'password';

const SERVICE_ERROR = 'Service error.';

function AgdReminder({ onAdd, onHidden }: { onAdd: () => void; onHidden: () => void }) {
  const profile = useProfile();
  const hide = useMutation({
    mutationFn: hideAgdReminder,
    onSuccess: () => {
      onHidden();
      refreshProfile();
    },
  });
  const s = profile.data?.student;
  if (!s || s.agdNumber || s.hideAgdReminder || hide.isSuccess) return null;
  return (
    <div className="card">
      <p>Add your AGD member number to your profile and we report your CE credits to the AGD for you.</p>
      <div className="actions">
        <button type="button" className="button" onClick={onAdd}>
          Add AGD number
        </button>
        <button type="button" className="button button-secondary" disabled={hide.isPending} onClick={() => hide.mutate()}>
          Don't remind me again
        </button>
      </div>
      <MutationError mutation={hide} fallback={SERVICE_ERROR} />
    </div>
  );
}

function HomeTab({ onAddAgd }: { onAddAgd: () => void }) {
  const summary = useAccountHome();
  const report = useMutation({ mutationFn: sendCeReport });
  const reportButton = useRef<HTMLButtonElement>(null);
  if (summary.data === undefined || showsFailure(summary)) return <QueryState query={summary} errorFallback={SERVICE_ERROR} />;
  const { ceHome, ceLive, ceTotal } = summary.data.summary;
  return (
    <>
      {/* the hidden card's button had focus: keep keyboard users in the tab */}
      <AgdReminder onAdd={onAddAgd} onHidden={() => reportButton.current?.focus()} />
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
      <button ref={reportButton} type="button" className="button" disabled={report.isPending} onClick={() => report.mutate()}>
        Send Proof of CE report
      </button>
      {report.isSuccess && <Alert tone="success">Check email inbox for Proof of CE report.</Alert>}
      <MutationError mutation={report} fallback={SERVICE_ERROR} />
    </>
  );
}

function ProfileTab({ focusAgd }: { focusAgd: boolean }) {
  const profile = useProfile();
  const items = useAccountItems();
  if (profile.data === undefined || showsFailure(profile)) return <QueryState query={profile} errorFallback={SERVICE_ERROR} />;
  if (items.data === undefined || showsFailure(items)) return <QueryState query={items} />;
  return <ProfileForm student={profile.data.student} checking={profile.isFetching} items={items.data} focusAgd={focusAgd} />;
}

type StoredProfile = ResponseOf<typeof getProfile>['student'];

/** the Profile tab's values: the form, plus the current password that an e-mail change needs */
type ProfileValues = ProfileFields & { currentPassword: string };

/** the profile the server holds is the one sent: every field of the form, as the server keeps them (trimmed) */
const holds = (stored: StoredProfile, sent: ProfileValues): boolean => {
  const now = studentValues(stored);
  return (Object.keys(now) as (keyof typeof now)[]).every((k) => now[k].trim() === String(sent[k] ?? '').trim());
};

/** `checking`: the profile is being read again (after a save whose answer was lost, lib/query-effects.ts) */
function ProfileForm({ student, checking, items, focusAgd }: { student: StoredProfile; checking: boolean; items: AccountItems; focusAgd: boolean }) {
  const lists = lookupValues(items);
  const initial: ProfileValues = { ...studentValues(student), email2: student.email2 ?? '', currentPassword: '' };
  // moving the account's mail elsewhere needs the password, not only this session (the server insists too)
  const emailChanges = (email: string) => email.trim().toLowerCase() !== initial.email.trim().toLowerCase();
  const form = useForm(
    initial,
    (values) => ({ ...profileErrors(values, lists), currentPassword: emailChanges(values.email) && !values.currentPassword ? EMAIL_NEEDS_PASSWORD : undefined }),
    { email: emailCheck, agdNumber: agdNumberCheck },
  );
  const save = useMutation({
    mutationFn: ({ currentPassword, ...values }: ProfileValues) => saveProfile(emailChanges(values.email) ? { ...values, currentPassword } : values),
    onSuccess: (_, sent) => {
      rememberProfile(sent);
      refreshProfile();
    },
  });

  const lost = save.isError && isUnreachable(save.error);

  useEffect(() => {
    if (focusAgd) form.ref.current?.querySelector<HTMLElement>('[name="agdNumber"]')?.focus();
  }, [focusAgd, form.ref]);

  return (
    <>
      <h2>Profile</h2>
      <form ref={form.ref} className="form" noValidate aria-busy={save.isPending || undefined} onSubmit={form.submit(save)}>
        <StudentFields
          form={form}
          items={items}
          afterEmail={
            <>
              {emailChanges(form.field('email').value) && (
                <Field label="Current password" required hint="Needed to change your work email." error={form.error('currentPassword')}>
                  <input type="password" autoComplete="current-password" maxLength={200} {...form.field('currentPassword')} />
                </Field>
              )}
              <Field label="Home email (optional)" error={form.error('email2')}>
                <input type="email" autoComplete="home email" autoCapitalize="none" spellCheck={false} maxLength={200} {...form.field('email2')} />
              </Field>
            </>
          }
        />
        {/* a save whose answer was lost is settled by the profile read again (said meanwhile by MutationError):
            saved, or not (then the failure) */}
        {save.isSuccess || (lost && !checking && save.variables && holds(student, save.variables)) ? (
          <Alert tone="success">Profile updated.</Alert>
        ) : (
          <FormError invalid={form.invalid} mutation={save} fallback={SERVICE_ERROR} message={SERVICE_ERROR} />
        )}
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Update Profile'}
        </button>
      </form>
    </>
  );
}

interface PasswordValues {
  currentPassword: string;
  password: string;
  password2: string;
}
const NO_PASSWORDS: PasswordValues = { currentPassword: '', password: '', password2: '' };
const passwordRules = (v: PasswordValues): FieldErrors<PasswordValues> => ({
  currentPassword: v.currentPassword ? undefined : 'Password is required.',
  password: passwordError(v.password),
  password2: password2Error(v.password, v.password2),
});

function PasswordTab() {
  const form = useForm(NO_PASSWORDS, passwordRules);
  const save = useMutation({ mutationFn: saveProfile, onSuccess: () => form.reset() });
  return (
    <>
      <h2>Change password</h2>
      <form ref={form.ref} className="form form-narrow" noValidate aria-busy={save.isPending || undefined} onSubmit={form.submit(save)}>
        <Field label="Current password" required error={form.error('currentPassword')}>
          <input type="password" autoComplete="current-password" maxLength={200} {...form.field('currentPassword')} />
        </Field>
        <Field label="New password" required hint={PASSWORD_HINT} error={form.error('password')}>
          <input type="password" autoComplete="new-password" maxLength={200} {...form.field('password')} />
        </Field>
        <Field label="Repeat new password" required error={form.error('password2')}>
          <input type="password" autoComplete="new-password" maxLength={200} {...form.field('password2')} />
        </Field>
        {save.isSuccess && <Alert tone="success">Account password updated.</Alert>}
        <FormError invalid={form.invalid} mutation={save} fallback={SERVICE_ERROR} />
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Update Password'}
        </button>
      </form>
      <p>
        <Link className="text-link" href={paths.gdpr()}>GDPR: remove my consent</Link>
      </p>
    </>
  );
}

export default function AccountScreen() {
  const [tab, setTab] = useState<Tab>('home');
  // the reminder's button opens the Profile tab at the AGD field, so focus does not fall back to the page
  const [focusAgd, setFocusAgd] = useState(false);
  const select = (next: Tab, agd = false) => {
    setTab(next);
    setFocusAgd(agd);
  };
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
        onSelect={(next) => select(next)}
      >
        {tab === 'home' ? <HomeTab onAddAgd={() => select('profile', true)} /> : tab === 'profile' ? <ProfileTab focusAgd={focusAgd} /> : <PasswordTab />}
      </Tabs>
    </Screen>
  );
}
