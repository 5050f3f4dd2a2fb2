// /register?rurl= (spec §2, §4, §5): the free account form. The rules of domain/registration show under the
// fields, username, e-mail and AGD number are checked for availability while typing, and the server's
// per-field refusals show in the same places. On success the session is stored, 'Account created.' shows,
// and the user goes to rurl (default /home) 2 seconds later. A logged-in visitor goes straight to rurl.
import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { EMAIL_TAKEN, REGISTER_AGREEMENT, registerErrors, USERNAME_TAKEN, type RegisterFields } from '#shared/domain/registration';
import { Alert, FormError } from '../components/ui/alert.tsx';
import { Field } from '../components/ui/form-field.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths, safeReturnPath } from '../config/paths.ts';
import { PASSWORD_HINT } from '../lib/messages.ts';
import { useForm } from '../lib/use-form.ts';
import { useAccountItems } from '../features/account/api/get-account-items.ts';
import { Choice, lookupValues, StudentFields, studentValues } from '../features/account/components/student-fields.tsx';
import { registerStudent } from '../features/session/api/register.ts';
import { agdNumberCheck } from '../features/session/api/validate-agd-number.ts';
import { emailCheck } from '../features/session/api/validate-email.ts';
import { usernameCheck } from '../features/session/api/validate-username.ts';
import { remember } from '../features/session/remember.ts';
import { useIsLoggedIn, useSessionHydrated } from '../features/session/stores/session-store.ts';
import { BusyButton } from '../components/ui/busy-button.tsx';

/** spec §9: how long 'Account created.' shows before the return path opens */
export const REGISTER_REDIRECT_MS = 2000;

const BLANK: RegisterFields = { ...studentValues(), username: '', password: '', password2: '', sourceHeard: '' };
const CHECKS = { username: usernameCheck, email: emailCheck, agdNumber: agdNumberCheck };
/** what was typed, kept for this tab (the Terms and Back, a reload), never the passwords (decision 0044) */
const KEPT = { key: 'cepass.form.register', tab: true, leaveOut: ['password', 'password2'] } as const;

export default function RegisterScreen() {
  const rurl = safeReturnPath(new URLSearchParams(useSearch()).get('rurl'));
  const login = paths.login({ rurl: rurl === paths.home() ? null : rurl });
  const [, navigate] = useLocation();
  const hydrated = useSessionHydrated();
  const loggedIn = useIsLoggedIn();
  const items = useAccountItems();
  const form = useForm(BLANK, (v) => registerErrors(v, items.data && lookupValues(items.data)), CHECKS, KEPT);
  const register = useMutation({
    mutationFn: async (values: Parameters<typeof registerStudent>[0]) => {
      const r = await registerStudent(values);
      await remember(r.student);
      return r;
    },
    onSuccess: () => form.forget(),
  });

  useEffect(() => {
    if (!register.isSuccess) return;
    // the form was scrolled to its button: 'Account created.' shows at the top, where the form began
    window.scrollTo(0, 0);
    const timer = setTimeout(() => navigate(rurl, { replace: true }), REGISTER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [register.isSuccess, navigate, rurl]);

  if (!hydrated)
    return (
      <Screen title="Create Account">
        <Loading />
      </Screen>
    );
  // only before any submit: the session stored by a registration must not skip 'Account created.'
  if (loggedIn && register.isIdle) return <Redirect to={rurl} replace />;
  if (register.isSuccess)
    return (
      <Screen title="Create Account" key="created">
        <Alert tone="success">Account created.</Alert>
        {/* the return path opens by itself in 2 s (spec §9): what comes, and a way to go now */}
        <p>Your CE credits, certificates and seats are kept in your account from now on.</p>
        <Link href={rurl} replace className="button">
          Continue
        </Link>
      </Screen>
    );

  return (
    <Screen title="Create Account">
      <p>A free account keeps your CE credits, certificates and reserved seats in one place.</p>
      {/* first, not after twenty fields: many who open this form have an account already */}
      <p>
        Already have an account? <Link href={login}>Login</Link>
      </p>
      <QueryState query={items}>
        {(lists) => (
          <form ref={form.ref} className="form" noValidate aria-busy={register.isPending || undefined} onSubmit={form.submit(register)}>
            <h2>Your details</h2>
            <StudentFields form={form} items={lists} />
            <h2>Your login</h2>
            <Field label="Username" required hint="6 characters or longer." error={form.error('username')}>
              <input type="text" autoComplete="username" autoCapitalize="none" spellCheck={false} maxLength={100} {...form.field('username')} />
            </Field>
            <Field label="Password" required hint={PASSWORD_HINT} error={form.error('password')}>
              <input type="password" autoComplete="new-password" maxLength={200} {...form.field('password')} />
            </Field>
            <Field label="Repeat password" required error={form.error('password2')}>
              <input type="password" autoComplete="new-password" maxLength={200} {...form.field('password2')} />
            </Field>
            <Field label="How did you hear about us?" required error={form.error('sourceHeard')}>
              <Choice options={lists.sourceHeard} {...form.field('sourceHeard')} />
            </Field>
            <p>
              {REGISTER_AGREEMENT} <Link href={paths.terms()}>Read the Terms &amp; Conditions</Link>.
            </p>
            <FormError invalid={form.invalid} mutation={register} fallback="System Error from Register Service." />
            {(form.error('email') === EMAIL_TAKEN || form.error('username') === USERNAME_TAKEN) && (
              <Alert tone="info">
                If this is your account, <Link href={login}>log in</Link>, or <Link href={paths.recover()}>recover your username and password</Link>.
              </Alert>
            )}
            <BusyButton type="submit" className="button" busy={register.isPending}>
              {register.isPending ? 'Creating account…' : 'Create Account'}
            </BusyButton>
          </form>
        )}
      </QueryState>
    </Screen>
  );
}
