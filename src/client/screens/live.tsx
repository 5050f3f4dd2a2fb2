// /classroom-live/{c} (alias /live/{c}), the live webinar page (spec §2, §4): back link, countdown, Enter
// Webinar (enabled once the 30-minute alarm has fired and the meeting is ready), calendar links, the waitlist
// card with a status refresh, I Cannot Attend, the exam-completed banner with the certificate once passed,
// details. Reloads every 15 s. With no seat it opens the reservation page: opening it never books one (decision
// 0044, where spec §4 reserved one on opening).
import { useCallback, useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, Redirect, useParams } from 'wouter';
import type { ClassDetail, StudentClassData } from '#shared/api/classes';
import { googleCalendarUrl } from '#shared/domain/calendar';
import { formatDate, formatDateTime, formatTime } from '#shared/domain/format';
import { CLASS_TYPE } from '#shared/domain/constants';
import { LIVE_ALARM_SECONDS, webinarEndMs, webinarOver } from '#shared/domain/countdown';
import { seatLabel } from '#shared/domain/labels';
import { MutationError } from '../components/ui/alert.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { useAlarm, useRemainingSeconds } from '../components/ui/countdown.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { paths, queryString } from '../config/paths.ts';
import { useClass } from '../features/classes/api/get-class.ts';
import { startClass } from '../features/classes/api/class-start.ts';
import { refreshSeats } from '../features/classes/api/refresh-seats.ts';
import { ExamCompleted } from '../features/certificates/components/exam-completed.tsx';
import { ClassDetails } from '../features/classes/components/class-details.tsx';
import { LiveCountdown } from '../features/classes/components/live-countdown.tsx';
import { StaleSession } from '../features/session/components/stale-session.tsx';
import { CLASS_START_ERROR, GET_CLASS_ERROR, LIVE_CREDIT } from '../lib/messages.ts';
import { BusyButton } from '../components/ui/busy-button.tsx';

/** spec §9: the live page reloads its data every 15000 ms */
const LIVE_REFRESH_MS = 15_000;
const ENTER_OPENS = 'Enter Webinar opens 30 minutes before the start.';
/** Live credit is for the whole session: the attendance question and the exam open at the end (decision 0046); the
 * end's day is named when it is not the start's (a late-evening webinar that ends after midnight) */
const examOpensAt = (start: string, end: number) =>
  `The exam opens when the webinar ends, ${formatDate(start) === formatDate(end) ? `at ${formatTime(end)}` : `on ${formatDateTime(end)}`}.`;
/** how soon after the end, and after an answer that still says "not yet", the page asks the server again */
const ASK_AGAIN_MS = 1_000;
/** the server's words when asked to start a webinar without a meeting code (seats.routes.ts) */
const MEETING_NOT_READY = 'The meeting link is not ready yet. Try again in a few minutes.';

interface LiveBodyProps {
  cls: ClassDetail;
  sd: StudentClassData;
  refetch: () => Promise<unknown>;
}

function LiveBody({ cls, sd, refetch }: LiveBodyProps) {
  const remaining = useRemainingSeconds(cls.releaseDateUTC, cls.serverTime);
  const alarm = useAlarm(remaining, LIVE_ALARM_SECONDS);
  const label = seatLabel(sd);
  const ended = webinarOver(remaining, cls.durationMin);

  // at the end Enter Webinar and I Cannot Attend go: a keyboard user on one of them is not dropped to the page's
  // start but taken to the line that says the webinar has ended (a ref's cleanup runs while the element is still in
  // the page, so it can tell whether it had the focus)
  const endedLine = useRef<HTMLDivElement>(null);
  const focusGone = useRef(false);
  const leavesAtEnd = useCallback((el: HTMLElement | null) => () => {
    if (el && document.activeElement === el) focusGone.current = true;
  }, []);
  // after every commit, so a button that went for another reason (I Cannot Attend once entered) leaves no mark
  useEffect(() => {
    if (!focusGone.current) return;
    focusGone.current = false;
    if (ended) endedLine.current?.focus();
  });

  const start = useMutation({ mutationFn: () => startClass(cls.hash), onSuccess: (r) => window.location.assign(r.meetingUrl) });
  const refresh = useMutation({ mutationFn: refetch });

  // a waitlist place that became a seat (seen on a reload) changes the RESERVED/WAITLIST badges of the lists too
  const shownLabel = useRef(label);
  useEffect(() => {
    if (shownLabel.current === 'WAITLIST' && label === 'RESERVED') void refreshSeats();
    shownLabel.current = label;
  }, [label]);

  // only a seat holder gets the meeting code, so for them a null code means the meeting is not set up yet
  const meetingReady = cls.zoomCode !== null;
  const seated = label === 'RESERVED';
  // past the end there is nothing to enter (the countdown says it has ended): the exam is the way on
  const canEnter = seated && alarm && meetingReady;
  const enterHint = !seated || ended ? null : !alarm ? ENTER_OPENS : !meetingReady ? MEETING_NOT_READY : null;
  const examWaits = sd.studentStarted && !sd.examTaken && !cls.canShowExam && sd.attended !== false && cls.steps.includes('exam');

  // past the end the server opens the exam: asked a second later, not at the next 15-second reload, and again after
  // each answer (a new serverTime) that still says no; a failed ask leaves it to the reloads
  const askAgain = ended && examWaits;
  useEffect(() => {
    if (!askAgain) return;
    const timer = setTimeout(() => void refetch().catch(() => undefined), ASK_AGAIN_MS);
    return () => clearTimeout(timer);
  }, [askAgain, refetch, cls.serverTime]);

  return (
    <>
      <p className="spec-back-link">
        <Link className="text-link" href={paths.webinars()}>
          <span aria-hidden="true">‹ </span>Back to upcoming webinars
        </Link>
      </p>
      {/* announced when it changes: a waitlist place turned into a seat */}
      <div className="live-seat row-badges" role="status">
        {label && <Badge label={label} />}
      </div>
      <div ref={endedLine} tabIndex={-1}>
        <LiveCountdown remaining={remaining} durationMin={cls.durationMin} />
      </div>
      {sd.examTaken && <ExamCompleted hash={cls.hash} title={cls.className} examDate={sd.examDate} examScore={sd.examScore} />}
      {label === 'WAITLIST' ? (
        <section className="card waitlist-card" aria-labelledby="waitlist-title">
          <h2 id="waitlist-title">You are on the waitlist</h2>
          <p>
            This webinar is full. When a seat is released it goes to the first student on the waitlist, who gets an e-mail, and this page then
            shows RESERVED.
          </p>
          <div className="actions">
            <BusyButton type="button" className="button button-secondary" busy={refresh.isPending} onClick={() => refresh.mutate()}>
              Refresh status
            </BusyButton>
            {/* as the waitlist e-mail's link does: a place she cannot use is not held until it becomes a seat (0045) */}
            {sd.cancelCode && (
              <Link className="button button-secondary" href={paths.cancelSeat(sd.cancelCode)}>
                Leave the Waitlist
              </Link>
            )}
          </div>
          <p className="hint" role="status">
            {refresh.isPending ? 'Checking…' : refresh.isSuccess ? 'Checked just now: still on the waitlist.' : ''}
          </p>
          <MutationError mutation={refresh} fallback={GET_CLASS_ERROR} />
        </section>
      ) : (
        <>
          <div className="actions">
            {!ended && (
              <button
                ref={leavesAtEnd}
                type="button"
                className="button"
                disabled={!canEnter || start.isPending || start.isSuccess}
                aria-describedby={enterHint ? 'enter-hint' : undefined}
                onClick={() => start.mutate()}
              >
                Enter Webinar
              </button>
            )}
            {seated && sd.cancelCode && !sd.studentStarted && !ended && (
              <Link ref={leavesAtEnd} className="button button-secondary" href={paths.cancelSeat(sd.cancelCode)}>
                I Cannot Attend
              </Link>
            )}
            {/* after entering, once the webinar has ended, the way on to the attendance question and the exam
                (spec §4 learning flow; the course gate opens nothing after the view before the end, decision 0046) */}
            {sd.studentStarted && !sd.examTaken && cls.canShowExam && sd.attended !== false && (
              <Link className={ended ? 'button' : 'button button-secondary'} href={paths.affidavit(cls.hash)}>
                Take Exam
              </Link>
            )}
          </div>
          {sd.studentStarted && !sd.examTaken && sd.attended === false && <p className="hint">{LIVE_CREDIT}</p>}
          {examWaits && <p className="hint">{examOpensAt(cls.releaseDateUTC, webinarEndMs({ releaseDate: cls.releaseDateUTC, durationMin: cls.durationMin }))}</p>}
          {enterHint && (
            <p id="enter-hint" className="hint">
              {enterHint}
            </p>
          )}
        </>
      )}
      <MutationError mutation={start} fallback={CLASS_START_ERROR} />
      {/* a webinar under way (or over) has nothing left to put in a calendar */}
      {remaining > 0 && (
        <section aria-labelledby="calendar-title" className="calendar-links">
          <h2 id="calendar-title">Add to your calendar</h2>
          <ul className="inline-list">
            <li>
              <a href={`/api/calendar${queryString({ type: 'ical', c: cls.hash })}`} download={`${cls.hash}.ics`}>
                iCal / Outlook
              </a>
            </li>
            <li>
              <a
                href={googleCalendarUrl({
                  title: cls.className,
                  start: cls.releaseDateUTC,
                  durationMin: cls.durationMin,
                  details: `Join the live webinar: ${window.location.origin}${paths.live(cls.hash)}`,
                })}
                target="_blank"
                rel="noopener noreferrer"
              >
                Google Calendar<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </section>
      )}
      <ClassDetails cls={cls} live />
    </>
  );
}

export default function LiveScreen() {
  const { c = '' } = useParams<{ c: string }>();
  // fetched afresh on every opening (staleTime 0), not only every 15 s: seats change hands between visits
  const cls = useClass(c, { refetchInterval: LIVE_REFRESH_MS, staleTime: 0 });
  // one function for the page's life (TanStack's refetch is stable): the body's effects depend on it
  const { refetch: refetchClass } = cls;
  const refetch = useCallback(() => refetchClass({ throwOnError: true }), [refetchClass]);
  // a failed 15-second reload keeps the page as it was (the Refresh status button reports its own failures)
  if (cls.data === undefined)
    return (
      <Screen title="Live Webinar">
        <QueryState query={cls} errorFallback={GET_CLASS_ERROR} />
      </Screen>
    );
  const { classObj, studentData } = cls.data;
  if (classObj.typeId !== CLASS_TYPE.LIVE) return <Redirect to={paths.classroom(classObj.hash)} replace />;
  // spec §4: no student data means the server does not know this student (the stored session is stale)
  if (!studentData) return <StaleSession />;
  // no seat and no waitlist place (a seat released, then Back; a link kept from an e-mail): the reservation page, where
  // the student decides. Judged on an answer fetched since the page opened: the cache may still say "no seat" about a
  // reservation made a moment ago, and spec §4's reservation on opening booked a seat nobody asked for (decision 0044)
  if (studentData.attendeeId === 0 && cls.isFetchedAfterMount) return <Redirect to={paths.reserve(classObj.hash)} replace />;
  return (
    <Screen title={classObj.className}>
      {/* keyed: another webinar's page starts with its own alarm */}
      <LiveBody key={classObj.hash} cls={classObj} sd={studentData} refetch={refetch} />
    </Screen>
  );
}
