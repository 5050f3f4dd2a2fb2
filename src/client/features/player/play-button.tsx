// The play button of an episode row (lists, the series page, search, home, My CE) and of the episode page: plays
// the episode in the one player, or pauses it when it is the one playing. Small on purpose: the engine loads on
// the first tap.
import { Icon } from '../../components/ui/icon.tsx';
import './play-button.css';
import type { PlayerEpisode } from './episode.ts';
import { isPlaying, useNowPlaying, withEngine } from './now-playing.ts';
import { useNeedsConnection } from '../downloads/use-needs-connection.ts';

export function PlayButton({ episode, className }: { episode: PlayerEpisode; className?: string }) {
  const playing = useNowPlaying(isPlaying(episode.hash));
  // offline and not on this device: shown as unavailable, still a button (the tap says why, in the player)
  const unavailable = useNeedsConnection(episode.hash) && !playing;
  return (
    <button
      type="button"
      className={`play-button${unavailable ? ' is-unavailable' : ''}${className ? ` ${className}` : ''}`}
      aria-label={unavailable ? `Play ${episode.title}: not downloaded, needs a connection` : `${playing ? 'Pause' : 'Play'} ${episode.title}`}
      onClick={(event) => {
        // rows are links: the button plays, it does not open the episode
        event.preventDefault();
        event.stopPropagation();
        void withEngine((e) => (playing ? e.pause() : e.play(episode)));
      }}
    >
      <Icon name={playing ? 'pause' : unavailable ? 'offline' : 'play'} />
    </button>
  );
}

export function UpNextButton({ episode }: { episode: PlayerEpisode }) {
  const queued = useNowPlaying((s) => s.upNext.some((e) => e.hash === episode.hash));
  return (
    <button
      type="button"
      className="player-icon-button up-next-button"
      aria-label={queued ? `${episode.title} is in Up Next` : `Add ${episode.title} to Up Next`}
      aria-disabled={queued}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        if (!queued) void withEngine((e) => e.addToUpNext(episode));
      }}
    >
      {/* queued: the list with a check, in colour, not a greyed icon that reads as broken */}
      <Icon name={queued ? 'upNextQueued' : 'upNext'} />
    </button>
  );
}
