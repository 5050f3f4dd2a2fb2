// /classroom-reserve/{c} (alias /reserve/{c}), the pre-reservation page (spec §2): countdown, Reserve Seat,
// details. A student who already holds a seat or a waitlist place goes straight to the live page.
import { useMutation } from '@tanstack/react-query';
import { Link, Redirect, useLocation, useParams } from 'wouter';
import { MutationError } from '../components/ui/alert.tsx';
import { LoginLink } from '../components/ui/login-link.tsx';
import { useRemainingSeconds } from '../components/ui/countdown.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { paths } from '../config/paths.ts';
import { useClass } from '../features/classes/api/get-class.ts';
import { refreshSeats } from '../features/classes/api/refresh-seats.ts';
import { reserveSeat } from '../features/classes/api/reserve-seat.ts';
import { CLASS_TYPE } from '#shared/domain/constants';
import { ClassDetails } from '../features/classes/components/class-details.tsx';
import { LiveCountdown } from '../features/classes/components/live-countdown.tsx';
import type { ClassDetail } from '#shared/api/classes';
import { useIsLoggedIn } from '../features/session/stores/session-store.ts';
import { GET_CLASS_ERROR, RESERVE_ERROR, SEAT_RESERVED, WAITLISTED } from '../lib/messages.ts';
import { showNotice } from '../lib/notice.ts';
import { BusyButton } from '../components/ui/busy-button.tsx';

function ReserveBody({ cls }: { cls: ClassDetail }) {
  const remaining = useRemainingSeconds(cls.releaseDateUTC, cls.serverTime);
  const loggedIn = useIsLoggedIn();
  const [, navigate] = useLocation();
  const reserve = useMutation({
    mutationFn: () => reserveSeat(cls.hash),
    onSuccess: (seat) => {
      showNotice(seat.isWaiting ? WAITLISTED : SEAT_RESERVED, seat.isWaiting ? 'warning' : 'success');
      // replacing: this page forwards a seat holder to the live page, so Back would only bounce off it
      navigate(paths.live(cls.hash), { replace: true });
      void refreshSeats();
    },
  });
  return (
    <>
      <p className="kicker">Live Webinar</p>
      <LiveCountdown remaining={remaining} durationMin={cls.durationMin} />
      {cls.seatsLeft != null && <p>{cls.seatsLeft > 0 ? `Seats left: ${cls.seatsLeft}` : 'This webinar is full: reserving puts you on the waitlist.'}</p>}
      <div className="actions">
        {loggedIn ? (
          <BusyButton type="button" className="button" busy={reserve.isPending} onClick={() => reserve.mutate()}>
            {reserve.isPending ? 'Reserving…' : 'Reserve Seat'}
          </BusyButton>
        ) : (
          <LoginLink className="button" rurl={paths.reserve(cls.hash)}>
            Reserve Seat
          </LoginLink>
        )}
        <Link href={paths.webinars()}>All upcoming webinars</Link>
      </div>
      <MutationError mutation={reserve} fallback={RESERVE_ERROR} />
      <ClassDetails cls={cls} live />
    </>
  );
}

export default function ReserveScreen() {
  const { c = '' } = useParams<{ c: string }>();
  const cls = useClass(c);
  if (!cls.isSuccess)
    return (
      <Screen title="Reserve a Seat">
        <QueryState query={cls} errorFallback={GET_CLASS_ERROR} />
      </Screen>
    );
  const { classObj, studentData } = cls.data;
  if (classObj.typeId !== CLASS_TYPE.LIVE) return <Redirect to={paths.classroom(classObj.hash)} replace />;
  if (studentData?.hasSeat || studentData?.isWaiting) return <Redirect to={paths.live(classObj.hash)} replace />;
  return (
    <Screen title={classObj.className}>
      <ReserveBody cls={classObj} />
    </Screen>
  );
}
