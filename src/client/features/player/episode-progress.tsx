// How far into an episode the student is, with a thin bar: the episode page beside its Play, and home's Continue
// Listening rows. While the episode is the player's, where the player is (the listening record reaches the server
// in steps, so it would lag the episode playing); otherwise where the student stopped, or how much was heard.
import { formatDuration, formatPosition } from '#shared/domain/format';
import { useNowPlaying } from './now-playing.ts';

/** how much of the episode the student has heard, from the listening record */
const heardText = (share: number, played: boolean): string => (played ? 'Played' : share > 0 ? `Heard ${Math.min(99, Math.round(share * 100))}%` : 'Not started');

interface EpisodeProgressProps {
  hash: string;
  durationSec: number;
  /** the student's listening record; null for a visitor, who is shown the length */
  heard: { share: number; played: boolean; position?: number } | null;
  /** the thin bar under the words; a list row's line has no room for it beside them */
  bar?: boolean;
}

export function EpisodeProgress({ hash, durationSec, heard, bar = true }: EpisodeProgressProps) {
  // primitives, so another episode's progress never renders this one again
  const mine = useNowPlaying((s) => s.episode?.hash === hash && s.status !== 'idle');
  const position = useNowPlaying((s) => (mine ? s.position : 0));
  const duration = useNowPlaying((s) => (mine ? s.duration : 0)) || durationSec;
  if (!mine && !heard) return <span>{formatDuration(durationSec)}</span>;
  // where it plays, else where it stopped (Continue Listening resumes there), else how much was heard
  const at = mine ? position : !heard!.played && heard!.position ? heard!.position : null;
  const [text, share] = at !== null ? [formatPosition(at, duration), duration > 0 ? at / duration : 0] : [heardText(heard!.share, heard!.played), heard!.played ? 1 : heard!.share];
  return (
    <>
      <span>{text}</span>
      {bar && (
        <span className="heard-bar" aria-hidden="true">
          <span style={{ transform: `scaleX(${Math.min(Math.max(share, 0), 1)})` }} />
        </span>
      )}
    </>
  );
}
