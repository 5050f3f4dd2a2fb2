// What is playing, for every screen: the small store the shell, the play buttons of rows and the mini player
// read. It stays light on purpose: the engine (howler, the Media Session, the listening record) is a chunk of
// its own, loaded on the first command (`withEngine`), so nothing of it sits on /home's critical path.
import { create } from 'zustand';
import type { PlayerEpisode } from './episode.ts';
import { readPlayer, readPositions } from './player-storage.ts';
import type { Engine } from './engine.ts';

export type PlayStatus = 'idle' | 'loading' | 'playing' | 'paused';
export type SleepTimer = { kind: 'minutes'; minutes: number; endsAt: number } | { kind: 'episode' } | null;

export interface NowPlaying {
  episode: PlayerEpisode | null;
  status: PlayStatus;
  /** seconds */
  position: number;
  duration: number;
  rate: number;
  sleep: SleepTimer;
  upNext: PlayerEpisode[];
  /** an unobtrusive message that never stops the audio: a play log the server refused, audio that failed to load */
  notice: string | null;
  /** what a tap changed out of sight, for screen readers (PlayerDock's status): an episode added to Up Next */
  said: string;
  /** the full player is open */
  expanded: boolean;
  /** the device's stored player has been read; nothing is written before (zustand#562) */
  restored: boolean;
}

export const useNowPlaying = create<NowPlaying>(() => ({
  episode: null,
  status: 'idle',
  position: 0,
  duration: 0,
  rate: 1,
  sleep: null,
  upNext: [],
  notice: null,
  said: '',
  expanded: false,
  restored: false,
}));

let restoring: Promise<void> | null = null;

/**
 * Reads the stored player once, after a reload or a cold start: the last episode comes back paused at its
 * position. Every command waits for it, so a tap before it finished never writes defaults over what was stored.
 */
export const restorePlayer = (): Promise<void> =>
  (restoring ??= Promise.all([readPlayer(), readPositions()]).then(([stored, positions]) => {
    const { episode } = stored;
    const saved = episode ? positions[episode.hash] : undefined;
    useNowPlaying.setState((s) => ({
      // a command that ran first (a play from a row) wins over what the last visit left
      episode: s.episode ?? episode,
      status: s.episode ? s.status : episode ? 'paused' : 'idle',
      position: s.episode ? s.position : saved && !saved.played ? saved.position : 0,
      duration: s.episode ? s.duration : (episode?.durationSec ?? 0),
      rate: stored.rate,
      upNext: stored.upNext,
      restored: true,
    }));
  }));

let engine: Promise<Engine> | null = null;

/** runs `command` on the engine, loading it on first use */
export const withEngine = (command: (engine: Engine) => unknown): Promise<void> => {
  engine ??= import('./engine.ts').then((m) => m.engine);
  return engine.then(async (e) => {
    await command(e);
  });
};

export const isPlaying = (hash: string) => (s: NowPlaying): boolean => s.episode?.hash === hash && (s.status === 'playing' || s.status === 'loading');
