// The account's Profile and Password tabs (spec §8): the forms, with the registration rules and the live e-mail
// and AGD checks, fetched when one of these tabs is opened; the account opens on its Home tab, which needs none of it.
import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import { EMAIL_NEEDS_PASSWORD, type getProfile } from '#shared/api/account';
import type { ResponseOf } from '#shared/api/endpoint';
import { profileErrors, type ProfileFields } from '#shared/domain/registration';
import { password2Error, passwordError, type FieldErrors } from '#shared/domain/validation';
import { Alert, FormError } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/form-field.tsx';
import { QueryState, showsFailure } from '../../../components/ui/query-state.tsx';
import { paths } from '../../../config/paths.ts';
import { isUnreachable } from '../../../lib/api.ts';
import { PASSWORD_HINT, SERVICE_ERROR } from '../../../lib/messages.ts';
import { useForm } from '../../../lib/use-form.ts';
import { agdNumberCheck } from '../../session/api/validate-agd-number.ts';
import { emailCheck } from '../../session/api/validate-email.ts';
import { rememberProfile } from '../../session/remember.ts';
import { useAccountItems } from '../api/get-account-items.ts';
import { refreshProfile, useProfile } from '../api/get-profile.ts';
import { saveProfile } from '../api/profile.ts';
import { lookupValues, StudentFields, studentValues, type AccountItems } from './student-fields.tsx';
import { BusyButton } from '../../../components/ui/busy-button.tsx';

export function ProfileTab({ focusAgd }: { focusAgd: boolean }) {
  const profile = useProfile();
  const items = useAccountItems();
  if (profile.data === undefined || showsFailure(profile)) return <QueryState query={profile} errorFallback={SERVICE_ERROR} part />;
  if (items.data === undefined || showsFailure(items)) return <QueryState query={items} part />;
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
        <BusyButton type="submit" className="button" busy={save.isPending}>
          {save.isPending ? 'Saving…' : 'Update Profile'}
        </BusyButton>
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

export function PasswordTab() {
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
        <BusyButton type="submit" className="button" busy={save.isPending}>
          {save.isPending ? 'Saving…' : 'Update Password'}
        </BusyButton>
      </form>
      <p>
        <Link className="text-link" href={paths.gdpr()}>GDPR: remove my consent</Link>
      </p>
    </>
  );
}
