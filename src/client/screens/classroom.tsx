// /classroom/{c} (spec §2): the on-demand class page: view the video or PDF, Take Exam, the exam-completed
// banner with its certificate, watch-later, and the details. A live class redirects to its live page.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Redirect, useLocation, useParams } from 'wouter';
import { getClass } from '#shared/api/classes';
import { Alert, MutationError } from '../components/ui/alert.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { paths } from '../config/paths.ts';
import { callQuietly } from '../lib/api.ts';
import { formatDate } from '#shared/domain/format';
import { mediaUrl } from '../lib/media.ts';
import { apiQuery } from '../lib/query-client.ts';
import { postClassView } from '#shared/api/classes';
import { sendCertificate } from '../features/account/api/send-cert.ts';
import { useClass } from '../features/classes/api/get-class.ts';
import { addToQueue } from '../features/classes/api/queue-add.ts';
import { removeFromQueue } from '../features/classes/api/remove-queue.ts';
import { CLASS_TYPE } from '#shared/domain/constants';
import { ClassDetails } from '../features/classes/components/class-details.tsx';
import { useIsLoggedIn } from '../features/session/stores/session-store.ts';

export default function ClassroomScreen() {
  const { c = '' } = useParams<{ c: string }>();
  const cls = useClass(c);
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [showMedia, setShowMedia] = useState(false);

  const queue = useMutation({
    mutationFn: async (inQueue: boolean): Promise<void> => {
      await (inQueue ? removeFromQueue(c) : addToQueue(c));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQuery(getClass, { c }).queryKey }),
  });
  const cert = useMutation({ mutationFn: () => sendCertificate({ c }) });

  if (!cls.isSuccess)
    return (
      <Screen title="Classroom">
        <QueryState query={cls} errorFallback="Service error: getClass." />
      </Screen>
    );

  const { classObj: o, studentData: sd } = cls.data;
  if (o.typeId === CLASS_TYPE.LIVE) return <Redirect to={paths.live(o.hash)} replace />;

  const noun = o.isTutorial ? 'Tutorial' : 'Class';
  const video = o.videoFile ? mediaUrl(o.videoFile) : null;
  const logView = () => {
    if (loggedIn) callQuietly(postClassView, { body: { c } });
  };
  const inQueue = (sd?.inqueue ?? 0) !== 0;

  return (
    <Screen title={o.className} className="classroom">
      <div className="actions">
        {video ? (
          <button
            type="button"
            className="button"
            aria-expanded={showMedia}
            aria-controls="class-media"
            onClick={() => {
              if (!showMedia) logView();
              setShowMedia(!showMedia);
            }}
          >
            {showMedia ? `Hide ${noun}` : `View ${noun}`}
          </button>
        ) : o.pdfClassFile ? (
          <a className="button" href={mediaUrl(o.pdfClassFile)} onClick={logView}>
            View {noun} (PDF)
          </a>
        ) : o.youtubeUrl ? (
          <a className="button" href={o.youtubeUrl} target="_blank" rel="noopener noreferrer" onClick={logView}>
            View {noun} (opens YouTube)
          </a>
        ) : null}
        {!sd?.examTaken && !o.isTutorial && (
          <button type="button" className="button button-secondary" disabled={!o.canShowExam} onClick={() => navigate(paths.eval(o.hash))}>
            Take Exam
          </button>
        )}
        {loggedIn && (
          <button type="button" className="button button-secondary" disabled={queue.isPending} onClick={() => queue.mutate(inQueue)}>
            {inQueue ? <><span aria-hidden="true">− </span>Remove from Watch Later</> : <><span aria-hidden="true">+ </span>Add to Watch Later</>}
          </button>
        )}
        {!loggedIn && (
          <Link className="button button-secondary" href={paths.login({ rurl: paths.classroom(o.hash) })}>
            Log in to earn credit
          </Link>
        )}
      </div>
      <MutationError mutation={queue} fallback={'Error trapped while removing class.'} />
      {video && (
        <div id="class-media" className="class-media" hidden={!showMedia}>
          {showMedia && (
            <video controls preload="metadata" playsInline width={640} height={360} src={video}>
              Your browser cannot play this video. <a href={video}>Download it</a> instead.
            </video>
          )}
        </div>
      )}
      {sd?.examTaken && (
        <div className="banner banner-success">
          <p>
            Exam completed{sd.examDate ? ` on ${formatDate(sd.examDate)}` : ''}
            {sd.examScore != null ? ` with a score of ${sd.examScore}%` : ''}.
          </p>
          <button type="button" className="button" disabled={cert.isPending} onClick={() => cert.mutate()}>
            Email Certificate
          </button>
          {cert.isSuccess && <Alert tone="success">Check your email inbox for the Proof of CE certificate.</Alert>}
          <MutationError mutation={cert} fallback={'Service error.'} />
        </div>
      )}
      <ClassDetails cls={o} />
    </Screen>
  );
}
