// /login/{s?}?rurl= (spec §2, decisions.md 5): username and password, links to /register (carrying rurl) and
// /recover. A login link token in {s} is exchanged once. On success the session's public fields are stored
// and the user goes to rurl (default /home).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, Redirect, useLocation, useParams, useSearch } from 'wouter';
import { Alert, MutationError } from '../components/ui/alert.tsx';
import { Field } from '../components/ui/form-field.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths, safeReturnPath } from '../config/paths.ts';
import { errorMessage } from '../lib/api.ts';
import { dismissNotice } from '../lib/notice.ts';
import { logIn } from '../features/session/api/login.ts';
import { logInWithLink } from '../features/session/api/login-link.ts';
import { remember } from '../features/session/remember.ts';
import { useIsLoggedIn, useSessionHydrated } from '../features/session/stores/session-store.ts';
import { BusyButton } from '../components/ui/busy-button.tsx';

export const LOGIN_FAILED = 'Invalid login - please try again.';

export default function LoginScreen() {
  const { s } = useParams<{ s?: string }>();
  const rurl = safeReturnPath(new URLSearchParams(useSearch()).get('rurl'));
  const hydrated = useSessionHydrated();
  const loggedIn = useIsLoggedIn();
  const [, navigate] = useLocation();
  const [u, setU] = useState('');
  const [p, setP] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // the session is stored before the next screen opens (remember waits for IndexedDB); the guard's 'Please log in
  // to continue.' was said here, and is done with (a redirect would carry it on to the screen asked for)
  const enter = () => {
    dismissNotice();
    navigate(rurl, { replace: true });
  };
  const login = useMutation({ mutationFn: async () => remember(await logIn(u.trim(), p)), onSuccess: enter });
  const link = useMutation({ mutationFn: async (token: string) => remember(await logInWithLink(token)), onSuccess: enter });
  const linkTried = useRef(false);
  useEffect(() => {
    if (hydrated && s && !linkTried.current) {
      linkTried.current = true;
      link.mutate(s);
    }
  }, [hydrated, s, link]);

  if (!hydrated || link.isPending)
    return (
      <Screen title="Login">
        <Loading label={link.isPending ? 'Logging in…' : undefined} />
      </Screen>
    );
  // already logged in on arrival (not mid-login: that one navigates once the session is stored)
  if (loggedIn && !s && login.isIdle) return <Redirect to={rurl} replace />;

  const uError = submitted && !u.trim() ? 'Username is required.' : undefined;
  const pError = submitted && !p ? 'Password is required.' : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!u.trim() || !p) {
      // the last try's answer is not about these fields: only what is wrong with them now is said
      login.reset();
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    login.mutate();
  };

  return (
    <Screen title="Login">
      {link.isError && <Alert tone="danger">{errorMessage(link.error, 'This login link is no longer valid. Log in with your username and password.')}</Alert>}
      <form ref={formRef} className="form form-narrow" noValidate onSubmit={submit}>
        <Field label="Username" required error={uError}>
          <input type="text" name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} value={u} onChange={(e) => setU(e.target.value)} maxLength={100} />
        </Field>
        <Field label="Password" required error={pError}>
          <input type="password" name="password" autoComplete="current-password" value={p} onChange={(e) => setP(e.target.value)} maxLength={200} />
        </Field>
        <MutationError mutation={login} fallback={LOGIN_FAILED} />
        <BusyButton type="submit" className="button" busy={login.isPending}>
          {login.isPending ? 'Logging in…' : 'Login'}
        </BusyButton>
      </form>
      <ul className="link-list">
        <li>
          New to CE Pass? <Link href={paths.register({ rurl: rurl === paths.home() ? null : rurl })}>Create a free account</Link>
        </li>
        <li>
          <Link href={paths.recover()}>Forgot your username or password?</Link>
        </li>
      </ul>
    </Screen>
  );
}
