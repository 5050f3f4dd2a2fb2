// /support: the support form of spec §5 with its exact messages; name and e-mail prefilled from the session.
// Submitting with errors only marks the fields; success shows 'Message received.' with a Home button.
import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Alert, MutationError } from '../components/ui/alert.tsx';
import { Field } from '../components/ui/form-field.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';
import { SUPPORT_TOPICS, validateSupport, type SupportValues } from '#shared/domain/validation';
import { sendSupportRequest } from '../features/support/api/support.ts';
import { useSessionHydrated, useSessionStore } from '../features/session/stores/session-store.ts';
import { LoadingAnswer } from '../components/ui/loading.tsx';
import { useForm } from '../lib/use-form.ts';
import { BusyButton } from '../components/ui/busy-button.tsx';

export default function SupportScreen() {
  // the form prefills from the stored session, so it waits for it
  if (!useSessionHydrated())
    return (
      <Screen title="Support">
        <LoadingAnswer />
      </Screen>
    );
  return <SupportForm />;
}

function SupportForm() {
  const session = useSessionStore();
  const form = useForm<SupportValues>({ name: session.name, office: '', email: session.email, phone: '', subject: '', comment: '' }, validateSupport);
  const send = useMutation({ mutationFn: (values: SupportValues) => sendSupportRequest({ hash: session.hash, ...values }) });

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
      {/* spec §5: submitting with errors only marks the fields, so no 'Correct errors' alert here */}
      <form ref={form.ref} className="form" noValidate aria-busy={send.isPending || undefined} onSubmit={form.submit(send)}>
        <Field label="Name" required error={form.error('name')}>
          <input type="text" autoComplete="name" maxLength={200} {...form.field('name')} />
        </Field>
        <Field label="Office" required error={form.error('office')}>
          <input type="text" autoComplete="organization" maxLength={200} {...form.field('office')} />
        </Field>
        <Field label="Email" required error={form.error('email')}>
          <input type="email" autoComplete="email" maxLength={200} {...form.field('email')} />
        </Field>
        <Field label="Phone" required error={form.error('phone')}>
          <input type="tel" autoComplete="tel" maxLength={40} {...form.field('phone')} />
        </Field>
        <Field label="Reason for support" required error={form.error('subject')}>
          <select {...form.field('subject')}>
            <option value="">-- select one --</option>
            {SUPPORT_TOPICS.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Comment" required hint="Up to 1000 characters." error={form.error('comment')}>
          <textarea rows={6} maxLength={1000} {...form.field('comment')} />
        </Field>
        <MutationError mutation={send} fallback={'System error - contact tech support.'} />
        <BusyButton type="submit" className="button" busy={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send Message'}
        </BusyButton>
      </form>
    </Screen>
  );
}
