// /classroom/{c} (spec §2, §4), the on-demand class page: the video (a self-hosted file played natively, or the
// YouTube embed) or the PDF, the view logged in the gradebook when playback first starts (once per visit) or as
// the PDF opens (in a new window, never in place of the app); the banners 'Video Upcoming', 'Exam Upcoming',
// 'Video Unavailable'; Take Exam; the exam-completed banner with Proof of CE, Download and Share; watch later; the details. A live class redirects to its live page; the
// router sends /classroom without a hash to /exams.
import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { WatchLaterToggle } from '../components/content/watch-later-toggle.tsx';
import { Redirect, useLocation, useParams } from 'wouter';
import type { ClassDetail, StudentClassData } from '#shared/api/classes';
import { CLASS_TYPE } from '#shared/domain/constants';
import { VideoPlayer, youtubeIdOf } from '../components/content/video-player.tsx';
import { MutationError } from '../components/ui/alert.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';
import { GENERIC_ERROR } from '../lib/api.ts';
import { mediaUrl } from '../lib/media.ts';
import { GET_CLASS_ERROR } from '../lib/messages.ts';
import { logClassView } from '../features/classes/api/class-view.ts';
import { useClass } from '../features/classes/api/get-class.ts';
import { useWatchLaterToggle } from '../features/watch-later/watch-later-store.ts';
import { ClassDetails } from '../features/classes/components/class-details.tsx';
import { LoginLink } from '../components/ui/login-link.tsx';
import { ExamCompleted } from '../features/certificates/components/exam-completed.tsx';
import { useIsLoggedIn } from '../features/session/stores/session-store.ts';
import { applyQueryEffects } from '../lib/query-effects.ts';
import { dismissNoticeOf } from '../lib/notice.ts';
import { VIEW_CLASS_FIRST } from '#shared/domain/guard-messages';

// fetched when it is opened (the worker has it precached offline): the classroom's own scripts stay within the
// 35 KB a screen may add to the entry (quality-bars.md; `npm run bench` measures each screen)

/** spec §8: the watch-later removal failed */
const REMOVE_ERROR = 'Error trapped while removing class.';

interface BodyProps {
  cls: ClassDetail;
  sd: StudentClassData | null;
  loggedIn: boolean;
  /** when the class's answer was fetched: a Watch Later decision taken since stands over it */
  fetchedAt: number;
}

function ClassroomBody({ cls: o, sd, loggedIn, fetchedAt }: BodyProps) {
  const [, navigate] = useLocation();
  const [showMedia, setShowMedia] = useState(false);

  // a logged view changes what the guards read, and what CE in Progress and Viewed Tutorials list
  // counted: what the course needs next opens, and a guard's 'Please view class before taking exam.' has been answered
  const refreshProgress = () => {
    dismissNoticeOf(VIEW_CLASS_FIRST);
    return applyQueryEffects('class-view');
  };

  // one log per visit of the page (the body is keyed by class), however often the video is paused and played
  const viewLogged = useRef(false);
  const view = useMutation({
    mutationFn: () => logClassView(o.hash),
    onSuccess: refreshProgress,
    onError: () => {
      // not counted: the next play tries again
      viewLogged.current = false;
    },
  });
  const onPlay = () => {
    if (!loggedIn || viewLogged.current) return;
    viewLogged.current = true;
    view.mutate();
  };

  // the PDF is a link into a new window (decisions.md): the browser opens it as a tap on a link, which no popup
  // blocker stops and which never takes the app's own page away; the view is logged from the same tap. A failed
  // log is said here (the exam needs the view), and the next opening logs it again.
  const pdfView = useMutation({ mutationFn: () => logClassView(o.hash), onSuccess: refreshProgress });

  // Watch Later on the device (issue 16): works offline, sent by the outbox, and the button shows it at once
  const watchLater = useWatchLaterToggle({ c: o.hash }, { queued: (sd?.inqueue ?? 0) !== 0, fetchedAt }, { title: o.className, href: paths.classroom(o.hash) });
  const queue = watchLater.mutation;

  const noun = o.isTutorial ? 'Tutorial' : 'Class';
  const video = o.videoFile ? mediaUrl(o.videoFile) : null;
  const youtubeId = youtubeIdOf(o.youtubeUrl);
  const pdf = o.pdfClassFile ? mediaUrl(o.pdfClassFile) : null;
  const playable = Boolean(video || youtubeId);
  const inQueue = watchLater.queued;
  const examOpen = !o.isTutorial && !sd?.examTaken;

  return (
    <>
      {!playable && !pdf && o.typeId === CLASS_TYPE.ARCHIVE && (
        <div className="banner banner-info">
          <p className="banner-title">Video Upcoming</p>
          <p>The recording of this webinar is being prepared and will be posted on this page.</p>
        </div>
      )}
      {!playable && !pdf && o.typeId !== CLASS_TYPE.ARCHIVE && (
        <div className="banner banner-warning">
          <p className="banner-title">Video Unavailable</p>
          <p>This {noun.toLowerCase()} cannot be played on this device.</p>
        </div>
      )}
      {examOpen && !o.canShowExam && (
        <div className="banner banner-info" id="exam-upcoming">
          <p className="banner-title">Exam Upcoming</p>
          <p>The exam for this course is not open yet. Take Exam is enabled on this page when it opens; allow up to two hours.</p>
        </div>
      )}
      <div className="actions">
        {playable ? (
          <button type="button" className="button" aria-expanded={showMedia} aria-controls="class-media" onClick={() => setShowMedia(!showMedia)}>
            {showMedia ? `Hide ${noun}` : `View ${noun}`}
          </button>
        ) : pdf ? (
          // a visitor's view is not logged, so the PDF simply opens
          <a className="button" href={pdf} target="_blank" rel="noopener" onClick={loggedIn ? () => pdfView.mutate() : undefined}>
            View {noun} (PDF)<span className="visually-hidden">, opens in a new tab</span>
          </a>
        ) : null}
        {examOpen && (
          <button
            type="button"
            className="button button-secondary"
            disabled={!o.canShowExam}
            aria-describedby={o.canShowExam ? undefined : 'exam-upcoming'}
            onClick={() => navigate(paths.eval(o.hash))}
          >
            Take Exam
          </button>
        )}
        {loggedIn && (
          <WatchLaterToggle queued={inQueue} pending={queue.isPending} onToggle={watchLater.toggle} />
        )}
        {!loggedIn && (
          <LoginLink className="button button-secondary" rurl={paths.classroom(o.hash)}>
            Log in to earn credit
          </LoginLink>
        )}
      </div>
      {/* the toggle keeps its place and focus while its words change; this says what happened */}
      <p className="visually-hidden" role="status">
        {queue.isSuccess ? (inQueue ? 'Added to Watch Later.' : 'Removed from Watch Later.') : ''}
      </p>
      <MutationError mutation={queue} fallback={queue.variables === false ? REMOVE_ERROR : GENERIC_ERROR} />
      <MutationError mutation={view} fallback={GENERIC_ERROR} />
      <MutationError mutation={pdfView} fallback={GENERIC_ERROR} />
      {playable && (
        <div id="class-media" className="class-media" hidden={!showMedia}>
          {showMedia && <VideoPlayer file={video} youtubeId={youtubeId} title={o.className} onPlay={onPlay} />}
          {/* the view is counted when the video plays, not when it is shown (the course gate): said here, since
              'Please view class before taking exam.' alone did not say "play" (a walk) */}
          {showMedia && loggedIn && examOpen && (
            <p className="media-note" role="status">
              {view.isSuccess || (sd?.classViewCount ?? 0) > 0 ? 'Your view of this class is counted.' : 'Play the class to count your view: the exam needs it.'}
            </p>
          )}
        </div>
      )}
      {sd?.examTaken && <ExamCompleted hash={o.hash} title={o.className} examDate={sd.examDate} examScore={sd.examScore} />}
      <ClassDetails cls={o} />
    </>
  );
}

export default function ClassroomScreen() {
  const { c = '' } = useParams<{ c: string }>();
  // fetched afresh on every opening: the student's progress (view, exam, watch later) changes between visits
  const cls = useClass(c, { staleTime: 0 });
  const loggedIn = useIsLoggedIn();

  if (cls.data === undefined)
    return (
      <Screen title="Classroom">
        <QueryState query={cls} errorFallback={GET_CLASS_ERROR} />
      </Screen>
    );
  const { classObj, studentData } = cls.data;
  if (classObj.typeId === CLASS_TYPE.LIVE) return <Redirect to={paths.live(classObj.hash)} replace />;
  return (
    <Screen title={classObj.className} className="classroom">
      {/* keyed: another class's page starts with its own once-per-visit view log */}
      <ClassroomBody key={classObj.hash} cls={classObj} sd={studentData} loggedIn={loggedIn} fetchedAt={cls.dataUpdatedAt} />
    </Screen>
  );
}
