// /gdpr (spec §2, §5): explains the right to remove consent; one checkbox, Submit Request; on success a Home link.
// A student who already withdrew sees when, instead of the form.
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Alert, MutationError } from '../components/ui/alert.tsx';
import { LoadingAnswer } from '../components/ui/loading.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';
import { formatDate } from '#shared/domain/format';
import { GDPR_UNCHECKED } from '#shared/domain/validation';
import { refreshProfile, useProfile } from '../features/account/api/get-profile.ts';
import { removeConsent } from '../features/account/api/remove-consent.ts';
import { useSessionStore } from '../features/session/stores/session-store.ts';
import { BusyButton } from '../components/ui/busy-button.tsx';

export default function GdprScreen() {
  const hash = useSessionStore((s) => s.hash);
  const [checked, setChecked] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const profile = useProfile();
  const request = useMutation({ mutationFn: () => removeConsent(hash), onSuccess: refreshProfile });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (checked) request.mutate();
  };
  if (request.isSuccess)
    return (
      <Screen title="GDPR Request" key="sent">
        <Alert tone="success">Your request has been received.</Alert>
        <Link className="button" href={paths.home()}>
          Home
        </Link>
      </Screen>
    );
  if (profile.isPending)
    return (
      <Screen title="GDPR Request">
        <LoadingAnswer />
      </Screen>
    );
  // a profile that failed to load leaves the form: the request itself still works
  const removedAt = profile.data?.student.consentRemovedAt;
  if (removedAt)
    return (
      <Screen title="GDPR Request" key="withdrawn">
        <p>You withdrew your consent on {formatDate(removedAt)}.</p>
        <Link className="button" href={paths.home()}>
          Home
        </Link>
      </Screen>
    );
  return (
    <Screen title="GDPR Request">
      <p>
        If you live in the European Economic Area, the General Data Protection Regulation gives you the right to withdraw the consent you gave us to
        process your personal data. After your request we stop processing your data for anything but the records the law requires us to keep (such as
        CE credits already reported).
      </p>
      <form className="form" noValidate onSubmit={submit}>
        <div className="check">
          <input id="gdpr-confirm" type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} aria-invalid={submitted && !checked ? true : undefined} aria-describedby={submitted && !checked ? 'gdpr-error' : undefined} />
          <label htmlFor="gdpr-confirm">I want to remove my consent to the processing of my personal data.</label>
        </div>
        {submitted && !checked && (
          <p className="field-error" id="gdpr-error">
            {GDPR_UNCHECKED}
          </p>
        )}
        <MutationError mutation={request} fallback={'Service error.'} />
        <BusyButton type="submit" className="button" busy={request.isPending}>
          Submit Request
        </BusyButton>
      </form>
    </Screen>
  );
}
