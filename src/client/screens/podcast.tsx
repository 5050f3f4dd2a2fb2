// /podcast/{ps}/{p?} (query ?ps=&p=), the podcast series page (spec §2): show header, the chosen (or newest)
// episode with a plain audio element and its transcript, Take Exam, the certificate, the episode list.
// The global player with skip buttons and offline downloads replaces the <audio> with the player issue.
import { useMutation } from '@tanstack/react-query';
import { uuid } from '../lib/uuid.ts';
import { Link, useParams } from 'wouter';
import type { PodcastListItem } from '#shared/api/common';
import { postPodcastView } from '#shared/api/podcasts';
import { Alert, MutationError } from '../components/ui/alert.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';
import { callQuietly, errorMessage } from '../lib/api.ts';
import { formatCreditsWithType, formatDate, formatDuration } from '#shared/domain/format';
import { mediaUrl } from '../lib/media.ts';
import { richText } from '../lib/sanitize-html.tsx';
import { sendCertificate } from '../features/account/api/send-cert.ts';
import { CertificateActions } from '../features/certificates/components/certificate-actions.tsx';
import { usePodcast } from '../features/podcasts/api/get-podcast.ts';
import { usePodcastShow } from '../features/podcasts/api/get-podcast-show.ts';
import { useIsLoggedIn } from '../features/session/stores/session-store.ts';

const PODCAST_ERROR = 'Error retrieving podcast data.  Refresh and try again.';

function Episode({ episode }: { episode: PodcastListItem }) {
  const detail = usePodcast(episode.hash);
  const loggedIn = useIsLoggedIn();
  const cert = useMutation({ mutationFn: () => sendCertificate({ p: episode.hash }) });
  const examTaken = detail.data?.studentData?.examTaken ?? episode.examTaken;
  const onPlay = () => {
    // spec §4: a play is logged each time playback starts
    if (loggedIn) callQuietly(postPodcastView, { body: { p: episode.hash, e: uuid() } });
  };
  return (
    <section className="episode card" aria-labelledby="episode-title">
      <p className="kicker">Episode</p>
      <h2 id="episode-title">{episode.title}</h2>
      {examTaken && (
        <p className="row-badges">
          <Badge label="COMPLETED" />
        </p>
      )}
      <p>
        {episode.speakerName}
        {episode.sponsorCompanyName ? ` · ${episode.sponsorCompanyName}` : ''}
      </p>
      <p>
        {[formatDate(episode.releaseDateUTC), formatDuration(episode.durationSec), formatCreditsWithType(episode.credits, episode.ceTypeId)].filter(Boolean).join(' · ')}
      </p>
      {episode.mp3 ? (
        // crossorigin so the request reaches the service worker in cors mode (offline-and-audio.md §2)
        <audio className="episode-audio" controls preload="none" crossOrigin="anonymous" src={mediaUrl(episode.mp3)} onPlay={onPlay}>
          <a href={mediaUrl(episode.mp3)}>Download the episode</a>
        </audio>
      ) : null}
      {!examTaken && (
        <div className="actions">
          <Link className="button" href={paths.evalPodcast(episode.hash)}>
            Take Exam
          </Link>
        </div>
      )}
      {examTaken && loggedIn && (
        // the certificate by e-mail, or in hand (issue 13): the same PDF downloaded or shared
        <CertificateActions
          item={{ p: episode.hash }}
          title={episode.title}
          before={
            <button type="button" className="button" disabled={cert.isPending} onClick={() => cert.mutate()}>
              Email Certificate
            </button>
          }
        />
      )}
      {cert.isSuccess && <Alert tone="success">Check your email inbox for the Proof of CE certificate.</Alert>}
      <MutationError mutation={cert} fallback={'Service error.'} />
      {detail.isError && <Alert tone="danger">{errorMessage(detail.error, PODCAST_ERROR)}</Alert>}
      {detail.data && (
        <>
          <div className="episode-description">{richText(detail.data.podcast.description || episode.blurb)}</div>
          {detail.data.podcast.transcript && (
            <details className="transcript">
              <summary>Transcript</summary>
              <div className="transcript-text">{richText(detail.data.podcast.transcript)}</div>
            </details>
          )}
        </>
      )}
      {!detail.data && !detail.isError && episode.blurb && <p>{episode.blurb}</p>}
    </section>
  );
}

export default function PodcastScreen() {
  const { ps = '', p } = useParams<{ ps: string; p?: string }>();
  const show = usePodcastShow(ps);
  if (show.isPending)
    return (
      <Screen title="Podcast">
        <Loading />
      </Screen>
    );
  if (show.isError || !show.data.data[0])
    return (
      <Screen title="Podcast">
        <Alert tone="danger">{show.isError ? errorMessage(show.error, PODCAST_ERROR) : PODCAST_ERROR}</Alert>
        <p>
          <Link href={paths.podcasts()}>Back to podcasts</Link>
        </p>
      </Screen>
    );
  const series = show.data.data[0];
  const episodes = show.data.podcasts.data;
  const chosen = episodes.find((e) => e.hash === p) ?? episodes[0];
  return (
    <Screen title={series.title} className="podcast">
      <p>
        <Link className="text-link" href={paths.podcasts()}>
          <span aria-hidden="true">‹ </span>Back to podcasts
        </Link>
      </p>
      <div className="show-header">
        {series.photo && <img className="show-photo" src={mediaUrl(series.photo)} alt="" width={160} height={160} decoding="async" />}
        <div>
          {series.sponsorCompanyName && <p>Sponsored by {series.sponsorCompanyName}</p>}
          <div>{richText(series.blurb)}</div>
        </div>
      </div>
      {p && chosen && chosen.hash !== p && <Alert tone="warning">Go back and select podcast episode.</Alert>}
      {chosen ? <Episode key={chosen.hash} episode={chosen} /> : <p className="empty">No podcasts found.</p>}
      {episodes.length > 0 && (
        <section aria-labelledby="episodes-title">
          <h2 id="episodes-title">Episodes</h2>
          <ol className="episode-list">
            {episodes.map((e) => (
              <li key={e.hash}>
                <Link href={paths.podcast(ps, e.hash)} aria-current={e.hash === chosen?.hash ? 'page' : undefined}>
                  {e.title}
                </Link>
                <span className="episode-meta">
                  {' '}
                  {formatDate(e.releaseDateUTC)} · {formatDuration(e.durationSec)}
                  {e.examTaken && <> · COMPLETED</>}
                </span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </Screen>
  );
}
