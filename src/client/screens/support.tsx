// /support: the support form of spec §5 with its exact messages; name and e-mail prefilled from the session.
// Submitting with errors only marks the fields; success shows 'Message received.' with a Home button.
import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Alert, MutationError } from '../components/ui/alert.tsx';
import { Field } from '../components/ui/form-field.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';
import { SUPPORT_TOPICS, validateSupport, type SupportValues } from '#shared/domain/validation';
import { sendSupportRequest } from '../features/support/api/support.ts';
import { useSessionHydrated, useSessionStore } from '../features/session/stores/session-store.ts';
import { Loading } from '../components/ui/loading.tsx';

type Touched = Partial<Record<keyof SupportValues, boolean>>;

export default function SupportScreen() {
  // the form prefills from the stored session, so it waits for it
  if (!useSessionHydrated())
    return (
      <Screen title="Support">
        <Loading />
      </Screen>
    );
  return <SupportForm />;
}

function SupportForm() {
  const session = useSessionStore();
  const [values, setValues] = useState<SupportValues>({ name: session.name, office: '', email: session.email, phone: '', subject: '', comment: '' });
  const [touched, setTouched] = useState<Touched>({});
  const formRef = useRef<HTMLFormElement>(null);
  const send = useMutation({ mutationFn: () => sendSupportRequest({ hash: session.hash, ...trimmed(values) }) });
  const errors = validateSupport(values);
  const shown = (k: keyof SupportValues) => (touched[k] ? errors[k] : undefined);
  const set = (k: keyof SupportValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const touch = (k: keyof SupportValues) => () => setTouched((t) => ({ ...t, [k]: true }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(errors).length > 0) {
      setTouched({ name: true, office: true, email: true, phone: true, subject: true, comment: true });
      // after the errors render, focus the first field that has one
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    send.mutate();
  };

  if (send.isSuccess)
    return (
      <Screen title="Support" key="sent">
        <Alert tone="success">Message received.</Alert>
        <Link className="button" href={paths.home()}>
          Home
        </Link>
      </Screen>
    );

  return (
    <Screen title="Support">
      <p>Questions about a course, your credits or the app? Send us a message and we will answer by e-mail.</p>
      <form ref={formRef} className="form" noValidate onSubmit={submit}>
        <Field label="Name" required error={shown('name')}>
          <input type="text" autoComplete="name" value={values.name} onChange={set('name')} onBlur={touch('name')} maxLength={200} />
        </Field>
        <Field label="Office" required error={shown('office')}>
          <input type="text" autoComplete="organization" value={values.office} onChange={set('office')} onBlur={touch('office')} maxLength={200} />
        </Field>
        <Field label="Email" required error={shown('email')}>
          <input type="email" autoComplete="email" value={values.email} onChange={set('email')} onBlur={touch('email')} maxLength={200} />
        </Field>
        <Field label="Phone" required error={shown('phone')}>
          <input type="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} onBlur={touch('phone')} maxLength={40} />
        </Field>
        <Field label="Reason for support" required error={shown('subject')}>
          <select value={values.subject} onChange={set('subject')} onBlur={touch('subject')}>
            <option value="">-- select one --</option>
            {SUPPORT_TOPICS.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Comment" required hint="Up to 1000 characters." error={shown('comment')}>
          <textarea rows={6} value={values.comment} onChange={set('comment')} onBlur={touch('comment')} maxLength={1000} />
        </Field>
        <MutationError mutation={send} fallback={'System error - contact tech support.'} />
        <button type="submit" className="button" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send Message'}
        </button>
      </form>
    </Screen>
  );
}

const trimmed = (v: SupportValues): SupportValues => ({
  name: v.name.trim(),
  office: v.office.trim(),
  email: v.email.trim(),
  phone: v.phone.trim(),
  subject: v.subject,
  comment: v.comment.trim(),
});
