// The mini player: a bar above the bottom tabs on phones (at the foot of the window on wide screens) with the
// artwork, the title with the time left, back 15 s, play/pause and a thin progress line. Tapping the title opens the full player.
// After a reload it shows the last episode paused at its position (now-playing.ts restorePlayer).
import { lazy, Suspense } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatDuration } from '#shared/domain/format';
import { Icon } from '../../components/ui/icon.tsx';
import { mediaUrl } from '../../lib/media.ts';
import { useNowPlaying, withEngine } from './now-playing.ts';
import './play-button.css';
import './player.css';

const FullPlayer = lazy(() => import('./full-player.tsx'));

export default function MiniPlayer() {
  const { episode, status, position, duration, notice, expanded } = useNowPlaying(
    useShallow((s) => ({ episode: s.episode, status: s.status, position: s.position, duration: s.duration, notice: s.notice, expanded: s.expanded })),
  );
  if (!episode) return null;
  const playing = status === 'playing' || status === 'loading';
  const share = duration > 0 ? Math.min(position / duration, 1) : 0;
  return (
    <>
      <section className="mini-player" aria-label="Player">
        <div className="mini-progress" aria-hidden="true">
          <span style={{ transform: `scaleX(${share})` }} />
        </div>
        {notice && (
          <p className="player-notice" role="status">
            <span>{notice}</span>
            <button type="button" className="player-text-button" onClick={() => void withEngine((e) => e.dismissNotice())}>
              Dismiss
            </button>
          </p>
        )}
        <div className="mini-row">
          <button type="button" className="mini-open" aria-label={`Open the player: ${episode.title}`} onClick={() => useNowPlaying.setState({ expanded: true })}>
            {episode.photo ? <img src={mediaUrl(episode.photo)} alt="" width={44} height={44} decoding="async" /> : <span className="mini-art" />}
            <span className="mini-text">
              <span className="mini-title">{episode.title}</span>
              {/* the time left first (a long show title is cut at the end), as a phone's podcast app shows it: a
                  commuter's "will it last the ride" */}
              <span className="mini-sub">
                {status === 'loading' ? 'Loading…' : [duration > 0 && `${formatDuration(Math.max(duration - position, 0))} left`, episode.showTitle || episode.speakerName].filter(Boolean).join(' · ')}
              </span>
            </span>
          </button>
          <button type="button" className="player-icon-button" aria-label="Back 15 seconds" onClick={() => void withEngine((e) => e.skip(-1))}>
            <Icon name="back15" />
          </button>
          <button type="button" className="play-button mini-toggle" aria-label={playing ? 'Pause' : 'Play'} onClick={() => void withEngine((e) => e.toggle())}>
            <Icon name={playing ? 'pause' : 'play'} />
          </button>
        </div>
      </section>
      {expanded && (
        <Suspense fallback={null}>
          <FullPlayer />
        </Suspense>
      )}
    </>
  );
}
