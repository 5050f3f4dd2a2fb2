// /podcast/{ps}/{p?} (query ?ps=&p=), the podcast series page (spec §2): show header, the chosen (or newest)
// episode with its play button (the app's one player plays it: features/player), how much of it was heard, Up
// Next, Download and Watch Later, its transcript, Take Exam, the certificate, and the episode list with Play, Up Next
// and Download.
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import type { PodcastListItem } from '#shared/api/common';
import type { ResponseOf } from '#shared/api/endpoint';
import type { getPodcastShow } from '#shared/api/podcasts';
import { WatchLaterToggle } from '../components/content/watch-later-toggle.tsx';
import { Alert, MutationError } from '../components/ui/alert.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { LoadingAnswer } from '../components/ui/loading.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';
import { formatCreditsWithType, formatDuration } from '#shared/domain/format';
import { mediaUrl } from '../lib/media.ts';
import { richText } from '../lib/sanitize-html.tsx';
import { useShownMoments } from '../lib/hydration.ts';
import { CertificateActionsLater } from '../features/certificates/components/certificate-actions-later.tsx';
import { usePodcast } from '../features/podcasts/api/get-podcast.ts';
import { usePodcastShow } from '../features/podcasts/api/get-podcast-show.ts';
import { useIsLoggedIn } from '../features/session/stores/session-store.ts';
import { useWatchLaterToggle } from '../features/watch-later/watch-later-store.ts';
import { PlayButton, UpNextButton } from '../features/player/play-button.tsx';
import { toPlayerEpisode } from '../features/player/episode.ts';
import { EpisodeProgress } from '../features/player/episode-progress.tsx';
import { DownloadButton } from '../features/downloads/download-button.tsx';
import { LoadFailure, showsFailure } from '../components/ui/query-state.tsx';
import { BusyButton } from '../components/ui/busy-button.tsx';

const PODCAST_ERROR = 'Error retrieving podcast data.  Refresh and try again.';

function Episode({ episode, showTitle }: { episode: PodcastListItem; showTitle: string }) {
  const detail = usePodcast(episode.hash);
  const moments = useShownMoments();
  const loggedIn = useIsLoggedIn();
  // the account's schemas come with the tap: most who open an episode never e-mail its certificate
  const cert = useMutation({ mutationFn: async () => (await import('../features/account/api/send-cert.ts')).sendCertificate({ p: episode.hash }) });
  const sd = detail.data?.studentData;
  const examTaken = sd?.examTaken ?? episode.examTaken;
  const hasExam = detail.data?.podcast.hasExam ?? episode.hasExam;
  // Watch Later on the device (issue 16): works offline, sent by the outbox, and the button shows it at once
  const watchLater = useWatchLaterToggle(
    { p: episode.hash },
    { queued: (sd?.inqueue ?? 0) !== 0, fetchedAt: detail.dataUpdatedAt },
    { title: episode.title, href: paths.podcast(episode.podcastShowHash, episode.hash) },
  );
  const queue = watchLater.mutation;
  const playerEpisode = toPlayerEpisode(episode, showTitle);
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
        {[moments.date(episode.releaseDateUTC), formatDuration(episode.durationSec), formatCreditsWithType(episode.credits, episode.ceTypeId)].filter(Boolean).join(' · ')}
      </p>
      {episode.mp3 && (
        <div className="episode-play">
          <PlayButton episode={playerEpisode} className="play-button-large" />
          <div className="episode-heard">
            <EpisodeProgress hash={episode.hash} durationSec={episode.durationSec} heard={sd ? { share: sd.heardShare, played: sd.played } : null} />
          </div>
          <UpNextButton episode={playerEpisode} />
        </div>
      )}
      {/* kept on the phone for no signal: the audio, and this page, its transcript and exam questions */}
      {episode.mp3 && <DownloadButton episode={playerEpisode} variant="full" />}
      {loggedIn && sd && (
        <p>
          <WatchLaterToggle queued={watchLater.queued} pending={queue.isPending} onToggle={watchLater.toggle} />
        </p>
      )}
      <MutationError mutation={queue} fallback={'Service error.'} />
      {hasExam && !examTaken && (
        <div className="actions">
          <Link className="button" href={paths.evalPodcast(episode.hash)}>
            Take Exam
          </Link>
        </div>
      )}
      {examTaken && loggedIn && (
        // the certificate by e-mail, or in hand (issue 13): the same PDF downloaded or shared
        <CertificateActionsLater
          item={{ p: episode.hash }}
          title={episode.title}
          before={
            <BusyButton type="button" className="button" busy={cert.isPending} onClick={() => cert.mutate()}>
              Email Certificate
            </BusyButton>
          }
        />
      )}
      {cert.isSuccess && <Alert tone="success">Check your email inbox for the Proof of CE certificate.</Alert>}
      <MutationError mutation={cert} fallback={'Service error.'} />
      {showsFailure(detail) && <LoadFailure query={detail} errorFallback={PODCAST_ERROR} part />}
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
      {!detail.data && !showsFailure(detail) && episode.blurb && <p>{episode.blurb}</p>}
    </section>
  );
}

type Series = ResponseOf<typeof getPodcastShow>['data'][number];

/** the show's artwork, sponsor and description */
function ShowAbout({ series }: { series: Series }) {
  return (
    <div className="show-header">
      {series.photo && <img className="show-photo" src={mediaUrl(series.photo)} alt="" width={160} height={160} decoding="async" />}
      <div>
        {series.sponsorCompanyName && <p>Sponsored by {series.sponsorCompanyName}</p>}
        <div>{richText(series.blurb)}</div>
      </div>
    </div>
  );
}

export default function PodcastScreen() {
  const { ps = '', p } = useParams<{ ps: string; p?: string }>();
  const show = usePodcastShow(ps);
  const moments = useShownMoments();
  if (!showsFailure(show) && show.data === undefined)
    return (
      <Screen title="Podcast">
        <LoadingAnswer />
      </Screen>
    );
  if (showsFailure(show) || !show.data?.data[0])
    return (
      <Screen title="Podcast">
        {showsFailure(show) ? <LoadFailure query={show} errorFallback={PODCAST_ERROR} /> : <Alert tone="danger">{PODCAST_ERROR}</Alert>}
        <p>
          <Link href={paths.podcasts()}>Back to podcasts</Link>
        </p>
      </Screen>
    );
  const series = show.data.data[0];
  const episodes = show.data.podcasts.data;
  // the show's page (/podcast/{show}) features its latest episode; a link to an episode it does not hold (a typo,
  // one taken down) says so above the show's episodes, and features none: another in its place would pass for it
  const chosen = p ? episodes.find((e) => e.hash === p) : episodes[0];
  return (
    <Screen title={series.title} className="podcast">
      <p className="spec-back-link">
        <Link className="text-link" href={paths.podcasts()}>
          <span aria-hidden="true">‹ </span>Back to podcasts
        </Link>
      </p>
      {/* an episode's own link (a row tapped in a list, the player's title) opens on the episode, its Play in the first
          screen of a phone; the show's artwork and description follow it. The show's page opens on the show */}
      {!p && <ShowAbout series={series} />}
      {p && !chosen && <Alert tone="warning">Go back and select podcast episode.</Alert>}
      {chosen ? <Episode key={chosen.hash} episode={chosen} showTitle={series.title} /> : !p && <p className="empty">No podcasts found.</p>}
      {p && (
        <section aria-labelledby="about-show">
          <h2 id="about-show">About this podcast</h2>
          <ShowAbout series={series} />
        </section>
      )}
      {episodes.length > 0 && (
        <section aria-labelledby="episodes-title">
          <h2 id="episodes-title">Episodes</h2>
          <ol className="episode-list">
            {episodes.map((e) => {
              const shown = e.hash === chosen?.hash;
              const it = toPlayerEpisode(e, series.title);
              return (
                <li key={e.hash} className="episode-item">
                  <PlayButton episode={it} />
                  <span className="episode-item-text">
                    <Link href={paths.podcast(ps, e.hash)} aria-current={shown ? 'page' : undefined}>
                      {e.title}
                    </Link>
                    <span className="episode-meta">
                      {' '}
                      {moments.date(e.releaseDateUTC)} · {formatDuration(e.durationSec)}
                      {e.examTaken && <> · COMPLETED</>}
                    </span>
                  </span>
                  <span className="episode-item-actions">
                    <UpNextButton episode={it} />
                    {/* the series is where a commuter saves several for the tunnel (the control the page already has);
                        the episode shown above has its own, in words, and its row holds the place */}
                    {shown || !e.mp3 ? <span className="download-icon" /> : <DownloadButton episode={it} />}
                  </span>
                </li>
              );
            })}
          </ol>
        </section>
      )}
    </Screen>
  );
}
