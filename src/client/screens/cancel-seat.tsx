// /cancel-seat/{code} (alias /cancel/{code}, query ?code=): the webinar the code's seat is for, 'I Cannot Attend'
// with an inline confirmation step, then back to /webinars (spec §2), which says the seat was released. The code is
// the credential: the e-mailed link works logged out too.
import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'wouter';
import { formatDateTime } from '#shared/domain/format';
import { Alert, MutationError } from '../components/ui/alert.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { LoadingAnswer } from '../components/ui/loading.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';
import { ApiError, errorMessage, isUnreachable } from '../lib/api.ts';
import { SEAT_RELEASED, WAITLIST_LEFT } from '../lib/messages.ts';
import { showNotice } from '../lib/notice.ts';
import { useCancelSeatInfo } from '../features/classes/api/get-cancel-seat.ts';
import { cancelSeat } from '../features/classes/api/cancel-seat.ts';
import { refreshSeats } from '../features/classes/api/refresh-seats.ts';
import { BusyButton } from '../components/ui/busy-button.tsx';

const CANCEL_FAILED = 'Unable to cancel seat.  Unknown reason.';
const CONFIRM_TEXT = 'Please confirm your intent to release your seat.';
/** a waitlist place is left, not released: the words a student on the waitlist looks for (decision 0045) */
const WAITLIST_WORDS = { ask: 'Leave the Waitlist', confirm: 'Please confirm you want to leave the waitlist.', yes: 'Leave the Waitlist', no: 'Stay on the Waitlist', done: WAITLIST_LEFT };
const SEAT_WORDS = { ask: 'I Cannot Attend', confirm: CONFIRM_TEXT, yes: 'Release My Seat', no: 'Keep My Seat', done: SEAT_RELEASED };
/** a code the server does not know, or one that cannot be a code: a mistyped or truncated link */
const NO_SEAT = 'No seat matches this link. Check that the whole link from the e-mail was opened.';

/** under a link that leads nowhere more (a seat released before, or no seat): a way on rather than a dead end */
function WayOn() {
  return (
    <div className="actions">
      <Link className="button" href={paths.webinars()}>
        Upcoming Webinars
      </Link>
    </div>
  );
}

export default function CancelSeatScreen() {
  const { code = '' } = useParams<{ code: string }>();
  const info = useCancelSeatInfo(code);
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLDivElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  const seat = info.data?.data[0];
  const words = seat?.status === 'waiting' ? WAITLIST_WORDS : SEAT_WORDS;
  // what was asked, kept: once released, the seat reads 'cancelled' whichever it was
  const asked = useRef(words);
  const released = () => {
    // the list it returns to says so: the RESERVED badge gone is too quiet a confirmation
    showNotice(asked.current.done, 'success');
    navigate(paths.webinars());
    void refreshSeats();
  };
  const cancel = useMutation({ mutationFn: () => cancelSeat(code), onSuccess: released });

  // a release whose answer was lost: the seat is read again (lib/query-effects.ts), and if the server did release
  // it, that is the answer, not the lost connection
  const lostButDone = cancel.isError && isUnreachable(cancel.error) && seat?.status === 'cancelled';
  // (once, when the re-read shows it released)
  useEffect(() => {
    if (lostButDone) released();
  }, [lostButDone]);

  // focus follows the step: into the confirmation when it opens, back to 'I Cannot Attend' when it is dismissed
  useEffect(() => {
    if (confirming) {
      opened.current = true;
      confirmRef.current?.focus();
    } else if (opened.current) askRef.current?.focus();
  }, [confirming]);

  const notASeat = info.isError && info.error instanceof ApiError && info.error.status === 400;
  return (
    <Screen title="Cancel Seat">
      {info.isPending ? (
        <LoadingAnswer />
      ) : notASeat || (info.isSuccess && !seat) ? (
        <>
          <Alert tone="danger">{NO_SEAT}</Alert>
          <WayOn />
        </>
      ) : info.isError ? (
        <Alert tone="danger">{errorMessage(info.error, CANCEL_FAILED)}</Alert>
      ) : seat ? (
        <>
          <div className="card">
            {seat.status !== 'cancelled' && (
              <p className="row-badges">
                <Badge label={seat.status === 'waiting' ? 'WAITLIST' : 'RESERVED'} />
              </p>
            )}
            <h2>{seat.className}</h2>
            <p>{seat.speakerName}</p>
            <p>{formatDateTime(seat.releaseDateUTC)}</p>
          </div>
          {seat.status === 'cancelled' ? (
            <>
              <Alert tone="info">This seat has already been released.</Alert>
              <WayOn />
            </>
          ) : confirming ? (
            <div className="confirm" role="group" aria-labelledby="cancel-confirm-text" tabIndex={-1} ref={confirmRef}>
              <p id="cancel-confirm-text">{words.confirm}</p>
              <div className="actions">
                <BusyButton type="button" className="button button-danger" busy={cancel.isPending || cancel.isSuccess} onClick={() => cancel.mutate()}>
                  {words.yes}
                </BusyButton>
                <BusyButton type="button" className="button button-secondary" busy={cancel.isPending} onClick={() => setConfirming(false)}>
                  {words.no}
                </BusyButton>
              </div>
            </div>
          ) : (
            <div className="actions">
              <button
                type="button"
                className="button button-danger"
                ref={askRef}
                onClick={() => {
                  asked.current = words;
                  setConfirming(true);
                }}
              >
                {words.ask}
              </button>
            </div>
          )}
        </>
      ) : null}
      <MutationError mutation={cancel} fallback={CANCEL_FAILED} />
    </Screen>
  );
}
