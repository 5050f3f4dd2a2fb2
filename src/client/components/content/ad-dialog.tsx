// The mobile ad dialog of spec §2/§4: the sponsor's offer (loaded the first time it opens), then one
// button for a student whose e-mail we know, or a required e-mail field for everyone else; after the
// request the sponsor's confirmation and a Close button. It is mounted only while open, so closing resets it.
import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { adEmailError } from '#shared/domain/ads';
import { ApiError, GENERIC_ERROR, errorMessage } from '../../lib/api.ts';
import { SPONSORED_MESSAGE } from '../../lib/messages.ts';
import { useMobileAd } from '../../features/ads/api/get-mobile-ad.ts';
import { submitMobileAd } from '../../features/ads/api/mobile-ad-submit.ts';
import { useSessionStore } from '../../features/session/stores/session-store.ts';
import { Alert, FormError } from '../ui/alert.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Field } from '../ui/form-field.tsx';
import { Loading } from '../ui/loading.tsx';
import { BusyButton } from '../ui/busy-button.tsx';

/** the dialog's title until the sponsor's name has loaded */
export function AdDialog({ adId, onClose }: { adId: number; onClose: () => void }) {
  const ad = useMobileAd(adId);
  // the server answers for a logged-in student with the account's e-mail, so none is asked for
  const knownEmail = useSessionStore((s) => (s.hash !== null && s.email.trim() !== '' ? s.email : null));
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [refused, setRefused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const request = useMutation({ mutationFn: (e: string | undefined) => submitMobileAd(adId, e) });

  const asked = knownEmail === null;
  const rule = asked ? adEmailError(email) : undefined;
  // the server's own word on the address (a 400 naming `e`) belongs under the field too
  const serverError = asked && request.error instanceof ApiError ? request.error.errors?.e : undefined;
  const fieldError = (touched ? rule : undefined) ?? serverError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rule) {
      request.reset();
      setTouched(true);
      setRefused(true);
      input.current?.focus();
      return;
    }
    setRefused(false);
    request.mutate(asked ? email.trim() : undefined);
  };

  const offer = ad.data;
  const done = request.isSuccess ? offer : null;
  const title = done ? done.confirmationMessageTitle : (offer?.companyName ?? SPONSORED_MESSAGE);

  return (
    <Dialog title={title} onClose={onClose} className="ad-dialog">
      {(close) =>
        done ? (
          <>
            <p className="ad-dialog-text">{done.confirmationMessage}</p>
            {/* the form it replaces held the focus; without this it would fall to the page behind */}
            <button type="button" className="button" autoFocus onClick={close}>
              Close
            </button>
          </>
        ) : ad.isPending ? (
          <Loading />
        ) : ad.isError ? (
          <Alert tone="danger">{errorMessage(ad.error, GENERIC_ERROR)}</Alert>
        ) : !offer ? (
          <Alert tone="info">This offer is no longer available.</Alert>
        ) : (
          <>
            <p className="ad-dialog-text">{offer.blurb}</p>
            <form className="form" noValidate onSubmit={submit} aria-busy={request.isPending || undefined}>
              {asked && (
                <Field label="Email" required error={fieldError}>
                  <input
                    ref={input}
                    type="email"
                    name="email"
                    autoComplete="email"
                    inputMode="email"
                    maxLength={200}
                    value={email}
                    onChange={(e) => {
                      setEmail(e.target.value);
                      if (serverError) request.reset();
                    }}
                    onBlur={() => setTouched(true)}
                  />
                </Field>
              )}
              <FormError invalid={(refused && Boolean(rule)) || Boolean(serverError)} mutation={request} fallback={GENERIC_ERROR} />
              <BusyButton type="submit" className="button" busy={request.isPending}>
                {offer.buttonText}
              </BusyButton>
            </form>
          </>
        )
      }
    </Dialog>
  );
}
