// /classroom-live/{c} (alias /live/{c}), the live webinar page (spec §2, §4): back link, countdown, Enter
// Webinar (enabled within 30 minutes of the start once the meeting is ready), calendar links, the
// waitlist card with a status refresh, details. Reloads every 15 s; reserves a seat when there is none.
import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Redirect, useParams } from 'wouter';
import { getClass, type ClassDetail, type StudentClassData } from '#shared/api/classes';
import { Alert, MutationError } from '../components/ui/alert.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Countdown, useRemainingSeconds } from '../components/ui/countdown.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { paths, queryString } from '../config/paths.ts';
import { errorMessage } from '../lib/api.ts';
import { alarmReached, LIVE_ALARM_SECONDS } from '#shared/domain/countdown';
import { apiQuery } from '../lib/query-client.ts';
import { useClass } from '../features/classes/api/get-class.ts';
import { startClass } from '../features/classes/api/class-start.ts';
import { reserveSeat } from '../features/classes/api/reserve-seat.ts';
import { CLASS_TYPE } from '#shared/domain/constants';
import { ClassDetails } from '../features/classes/components/class-details.tsx';
import { useSessionStore } from '../features/session/stores/session-store.ts';

/** spec §9: the live page reloads its data every 15000 ms */
const LIVE_REFRESH_MS = 15_000;

const googleDate = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

const googleCalendarUrl = (cls: ClassDetail): string => {
  const start = Date.parse(cls.releaseDateUTC);
  const end = start + (cls.durationMin || 60) * 60_000;
  return `https://calendar.google.com/calendar/render${queryString({ action: 'TEMPLATE', text: 'Live CE Webinar', dates: `${googleDate(start)}/${googleDate(end)}`, details: cls.className })}`;
};

function LiveBody({ cls, sd, refetch, refreshing }: { cls: ClassDetail; sd: StudentClassData; refetch: () => void; refreshing: boolean }) {
  const remaining = useRemainingSeconds(cls.releaseDateUTC, cls.serverTime);
  const queryClient = useQueryClient();
  const autoReserved = useRef(false);
  const reserve = useMutation({
    mutationFn: () => reserveSeat(cls.hash),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiQuery(getClass, { c: cls.hash }).queryKey }),
  });
  const start = useMutation({ mutationFn: () => startClass(cls.hash), onSuccess: (r) => window.location.assign(r.meetingUrl) });

  // spec §4: no seat yet when the live page opens, so one is reserved (or a waitlist place taken)
  useEffect(() => {
    if (sd.attendeeId === 0 && !sd.isWaiting && !autoReserved.current) {
      autoReserved.current = true;
      reserve.mutate();
    }
  }, [sd.attendeeId, sd.isWaiting, reserve]);

  const seated = sd.hasSeat && !sd.isWaiting;
  const canEnter = seated && cls.meetingReady && alarmReached(remaining, LIVE_ALARM_SECONDS);

  return (
    <>
      <p>
        <Link className="text-link" href={paths.webinars()}>
          <span aria-hidden="true">‹ </span>Back to upcoming webinars
        </Link>
      </p>
      <p className="row-badges">{seated ? <Badge label="RESERVED" /> : sd.isWaiting ? <Badge label="WAITLIST" /> : null}</p>
      <Countdown remaining={remaining} />
      {reserve.isError && <Alert tone="danger">{errorMessage(reserve.error, 'Unable to reserve seat.')}</Alert>}
      {sd.isWaiting ? (
        <section className="card" aria-labelledby="waitlist-title">
          <h2 id="waitlist-title">You are on the waitlist</h2>
          <p>This webinar is full. If a seat is released, it goes to the next student on the waitlist and this page shows RESERVED.</p>
          <button type="button" className="button button-secondary" onClick={refetch} disabled={refreshing}>
            {refreshing ? 'Checking…' : 'Refresh Status'}
          </button>
        </section>
      ) : (
        <div className="actions">
          <button type="button" className="button" disabled={!canEnter || start.isPending} onClick={() => start.mutate()}>
            Enter Webinar
          </button>
          {!canEnter && seated && <p className="hint">The Enter Webinar button opens 30 minutes before the start.</p>}
        </div>
      )}
      <MutationError mutation={start} fallback={'Error classStart service.'} />
      <section aria-labelledby="calendar-title" className="calendar-links">
        <h2 id="calendar-title">Add to your calendar</h2>
        <ul className="inline-list">
          <li>
            <a href={`/api/calendar${queryString({ type: 'ical', c: cls.hash })}`} download={`${cls.hash}.ics`}>
              iCal / Outlook
            </a>
          </li>
          <li>
            <a href={googleCalendarUrl(cls)} target="_blank" rel="noopener noreferrer">
              Google Calendar<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        </ul>
      </section>
      {seated && sd.cancelCode && (
        <p>
          <Link className="text-link" href={paths.cancelSeat(sd.cancelCode)}>I cannot attend: release my seat</Link>
        </p>
      )}
      <ClassDetails cls={cls} live />
    </>
  );
}

/** forgets the stored session; the auth guard then sends the user to /login with this page as rurl */
function StaleSession() {
  const clearSession = useSessionStore((s) => s.clearSession);
  useEffect(() => {
    clearSession();
  }, [clearSession]);
  return <Loading />;
}

export default function LiveScreen() {
  const { c = '' } = useParams<{ c: string }>();
  const cls = useClass(c, { refetchInterval: LIVE_REFRESH_MS });
  if (!cls.isSuccess)
    return (
      <Screen title="Live Webinar">
        <QueryState query={cls} errorFallback="Service error: getClass." />
      </Screen>
    );
  const { classObj, studentData } = cls.data;
  if (classObj.typeId !== CLASS_TYPE.LIVE) return <Redirect to={paths.classroom(classObj.hash)} replace />;
  // spec §4: no student data means the server does not know this student (the stored session is stale)
  if (!studentData) return <StaleSession />;
  return (
    <Screen title={classObj.className}>
      <LiveBody cls={classObj} sd={studentData} refetch={() => void cls.refetch()} refreshing={cls.isFetching} />
    </Screen>
  );
}
