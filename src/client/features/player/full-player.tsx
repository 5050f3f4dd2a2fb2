// The full player (the spec's "fullscreen" player), a sheet over the screen the listener was on, which stays
// where it was: artwork, title and series, a seek bar with elapsed and remaining time, back and forward 15 s,
// speed (the spec's 0.5–2 plus 1.25), a sleep timer, Take Exam when the episode has one, Download, the transcript,
// Up Next (with Download all) and a button that stops and closes the player.
import { useState } from 'react';
import { Link } from 'wouter';
import { useShallow } from 'zustand/react/shallow';
import { getQueue } from '#shared/api/my-ce';
import { formatDuration, formatPosition } from '#shared/domain/format';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { paths } from '../../config/paths.ts';
import { call, errorMessage } from '../../lib/api.ts';
import { mediaUrl } from '../../lib/media.ts';
import { richText } from '../../lib/sanitize-html.tsx';
import { usePodcast } from '../podcasts/api/get-podcast.ts';
import { useIsLoggedIn } from '../session/stores/session-store.ts';
import { DownloadButton } from '../downloads/download-button.tsx';
import { downloadAll } from '../downloads/downloads.ts';
import { transferKey, useDownloads } from '../downloads/downloads-store.ts';
import { toPlayerEpisode, type PlayerEpisode } from './episode.ts';
import { useNowPlaying, withEngine, type SleepTimer } from './now-playing.ts';
import { RATES } from './player-storage.ts';

const SLEEP_MINUTES = [15, 30, 45, 60] as const;

const sleepValue = (sleep: SleepTimer): string => (sleep === null ? 'off' : sleep.kind === 'episode' ? 'episode' : String(sleep.minutes));

function sleepTimer(value: string): SleepTimer {
  if (value === 'off') return null;
  if (value === 'episode') return { kind: 'episode' };
  const minutes = Number(value);
  return { kind: 'minutes', minutes, endsAt: Date.now() + minutes * 60_000 };
}

const rateLabel = (rate: number): string => `${rate}×`;

export default function FullPlayer() {
  const { episode, status, position, duration, rate, sleep, notice } = useNowPlaying(
    useShallow((s) => ({ episode: s.episode, status: s.status, position: s.position, duration: s.duration, rate: s.rate, sleep: s.sleep, notice: s.notice })),
  );
  const detail = usePodcast(episode?.hash);
  if (!episode) return null;
  const playing = status === 'playing' || status === 'loading';
  const examTaken = detail.data?.studentData?.examTaken ?? episode.examTaken;
  const hasExam = detail.data?.podcast.hasExam ?? episode.hasExam;
  const transcript = detail.data?.podcast.transcript;
  const minutesLeft = sleep?.kind === 'minutes' ? Math.max(1, Math.ceil((sleep.endsAt - Date.now()) / 60_000)) : null;

  return (
    <Dialog title="Now Playing" className="player-sheet" onClose={() => useNowPlaying.setState({ expanded: false })}>
      {(close) => (
        <div className="full-player">
          {episode.photo && <img className="player-art" src={mediaUrl(episode.photo)} alt="" width={240} height={240} decoding="async" />}
          <div className="player-titles">
            <p className="player-title">{episode.title}</p>
            <p className="player-show">{[episode.showTitle, episode.speakerName].filter(Boolean).join(' · ')}</p>
          </div>
          {/* what the mini player under this sheet says (why it stopped, what plays offline): said here too */}
          {notice && (
            <p className="player-notice" role="status">
              <span>{notice}</span>
            </p>
          )}

          <div className="player-seek">
            <input
              type="range"
              min={0}
              max={Math.max(duration, 1)}
              step={1}
              value={Math.min(position, duration)}
              aria-label="Position"
              aria-valuetext={formatPosition(position, duration)}
              onChange={(event) => {
                const to = Number(event.currentTarget.value);
                void withEngine((e) => e.seekTo(to));
              }}
            />
            <div className="player-times" aria-hidden="true">
              <span>{formatDuration(position)}</span>
              <span>-{formatDuration(Math.max(duration - position, 0))}</span>
            </div>
          </div>

          <div className="player-controls">
            <button type="button" className="player-icon-button player-skip" aria-label="Back 15 seconds" onClick={() => void withEngine((e) => e.skip(-1))}>
              <Icon name="back15" />
            </button>
            <button type="button" className="play-button player-main" aria-label={playing ? 'Pause' : 'Play'} onClick={() => void withEngine((e) => e.toggle())}>
              <Icon name={playing ? 'pause' : 'play'} />
            </button>
            <button type="button" className="player-icon-button player-skip" aria-label="Forward 15 seconds" onClick={() => void withEngine((e) => e.skip(1))}>
              <Icon name="forward15" />
            </button>
          </div>

          <div className="player-options">
            <label className="player-option">
              <span>Speed</span>
              <select
                value={String(rate)}
                onChange={(event) => {
                  // read now: React clears currentTarget once the handler returns, before the engine has loaded
                  const chosen = Number(event.currentTarget.value);
                  void withEngine((e) => e.setRate(chosen));
                }}
              >
                {RATES.map((r) => (
                  <option key={r} value={String(r)}>
                    {rateLabel(r)}
                  </option>
                ))}
              </select>
            </label>
            <label className="player-option">
              <span>Sleep timer</span>
              <select
                value={sleepValue(sleep)}
                onChange={(event) => {
                  const timer = sleepTimer(event.currentTarget.value);
                  void withEngine((e) => e.setSleep(timer));
                }}
              >
                <option value="off">Off</option>
                {SLEEP_MINUTES.map((m) => (
                  <option key={m} value={String(m)}>
                    {m} minutes
                  </option>
                ))}
                <option value="episode">End of episode</option>
              </select>
            </label>
          </div>
          <p className="player-sleep-left">{minutesLeft !== null && `Stops in ${minutesLeft} min`}</p>

          <div className="player-actions">
            {hasExam && !examTaken && (
              <Link className="button" href={paths.evalPodcast(episode.hash)} onClick={close}>
                Take Exam
              </Link>
            )}
            <Link className="button button-secondary" href={paths.podcast(episode.showHash, episode.hash)} onClick={close}>
              Episode page
            </Link>
          </div>

          <DownloadButton episode={episode} variant="full" />

          {transcript && (
            <details className="transcript">
              <summary>Transcript</summary>
              <div className="transcript-text">{richText(transcript)}</div>
            </details>
          )}

          <UpNext />

          <button
            type="button"
            className="button button-secondary player-stop"
            onClick={() => {
              void withEngine((e) => e.close());
              close();
            }}
          >
            Stop and close player
          </button>
        </div>
      )}
    </Dialog>
  );
}

function UpNext() {
  const upNext = useNowPlaying((s) => s.upNext);
  const loggedIn = useIsLoggedIn();
  const notDownloaded = useDownloads((s) => upNext.filter((e) => !s.items.some((i) => i.kind === 'episode' && i.hash === e.hash) && !s.transfers[transferKey('episode', e.hash)]).length);
  const [adding, setAdding] = useState<'idle' | 'busy' | 'none'>('idle');
  const [error, setError] = useState<string | null>(null);

  const addFromWatchLater = async () => {
    setAdding('busy');
    setError(null);
    try {
      const queue = await call(getQueue, { query: { page: '0' } });
      const episodes: PlayerEpisode[] = queue.podcasts.data.map((p) => toPlayerEpisode(p));
      for (const e of episodes) await withEngine((engine) => engine.addToUpNext(e));
      setAdding(episodes.length === 0 ? 'none' : 'idle');
    } catch (failure) {
      setError(errorMessage(failure));
      setAdding('idle');
    }
  };

  return (
    <section className="up-next" aria-labelledby="up-next-title">
      <div className="up-next-head">
        <h3 id="up-next-title">Up Next</h3>
        {upNext.length > 0 && (
          <span className="up-next-head-actions">
            {/* one after another: the commute's episodes kept for the tunnel in one tap */}
            {notDownloaded > 0 && (
              <button type="button" className="player-text-button" onClick={() => void downloadAll(upNext)}>
                Download all
              </button>
            )}
            <button type="button" className="player-text-button" onClick={() => void withEngine((e) => e.clearUpNext())}>
              Clear
            </button>
          </span>
        )}
      </div>
      {upNext.length === 0 ? (
        <p className="empty">Nothing queued. Add episodes from their rows with the Up Next button: they play one after another on this phone (Watch Later is your account's list, on every device).</p>
      ) : (
        <ol className="up-next-list">
          {upNext.map((e, i) => (
            <li key={e.hash}>
              <span className="up-next-title">{e.title}</span>
              <span className="up-next-actions">
                <DownloadButton episode={e} />
                <button type="button" className="player-icon-button" aria-label={`Move ${e.title} up`} disabled={i === 0} onClick={() => void withEngine((x) => x.moveInUpNext(e.hash, -1))}>
                  <Icon name="up" />
                </button>
                <button type="button" className="player-icon-button" aria-label={`Move ${e.title} down`} disabled={i === upNext.length - 1} onClick={() => void withEngine((x) => x.moveInUpNext(e.hash, 1))}>
                  <Icon name="down" />
                </button>
                <button type="button" className="player-icon-button" aria-label={`Remove ${e.title} from Up Next`} onClick={() => void withEngine((x) => x.removeFromUpNext(e.hash))}>
                  <Icon name="close" />
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {loggedIn && (
        <button type="button" className="button button-secondary" disabled={adding === 'busy'} onClick={() => void addFromWatchLater()}>
          {adding === 'busy' ? 'Adding…' : 'Add all from Watch Later'}
        </button>
      )}
      {adding === 'none' && <p className="hint">No episodes in Watch Later.</p>}
      {error && (
        <p className="player-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
