// /cancel-seat/{code} (alias /cancel/{code}, query ?code=): 'I Cannot Attend' with a confirmation step;
// on success back to /webinars (spec §2, §5).
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useParams } from 'wouter';
import { Alert, MutationError } from '../components/ui/alert.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';
import { errorMessage } from '../lib/api.ts';
import { formatDateTime } from '#shared/domain/format';
import { useCancelSeatInfo } from '../features/classes/api/get-cancel-seat.ts';
import { cancelSeat } from '../features/classes/api/cancel-seat.ts';

export default function CancelSeatScreen() {
  const { code = '' } = useParams<{ code: string }>();
  const info = useCancelSeatInfo(code);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLDivElement>(null);
  const cancel = useMutation({
    mutationFn: () => cancelSeat(code),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['api'] });
      navigate(paths.webinars());
    },
  });
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const seat = info.data?.data[0];
  return (
    <Screen title="Cancel Seat">
      {info.isPending ? (
        <Loading />
      ) : info.isError ? (
        <Alert tone="danger">{errorMessage(info.error)}</Alert>
      ) : seat ? (
        <div className="card">
          <h2>{seat.className}</h2>
          <p>{seat.speakerName}</p>
          <p>{formatDateTime(seat.releaseDateUTC)}</p>
          {seat.status === 'cancelled' && <Alert tone="info">This seat has already been released.</Alert>}
        </div>
      ) : null}
      {seat?.status !== 'cancelled' &&
        (confirming ? (
          <div className="confirm" role="group" aria-labelledby="cancel-confirm-text" tabIndex={-1} ref={confirmRef}>
            <p id="cancel-confirm-text">Please confirm your intent to release your seat.</p>
            <div className="actions">
              <button type="button" className="button button-danger" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
                Release My Seat
              </button>
              <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
                Keep My Seat
              </button>
            </div>
          </div>
        ) : (
          <div className="actions">
            <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
              I Cannot Attend
            </button>
          </div>
        ))}
      <MutationError mutation={cancel} fallback={'Unable to cancel seat.  Unknown reason.'} />
    </Screen>
  );
}
