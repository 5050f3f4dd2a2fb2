// The lock screen, the notification shade and headphone buttons: howler has no Media Session support
// (howler#1399), so the engine wires it here. Seek ±15 s replaces the previous/next buttons, which is what a
// podcast wants; the scrubber needs `seekto` and a current `setPositionState` (offline-and-audio.md).
import { mediaUrl } from '../../lib/media.ts';
import type { PlayerEpisode } from './episode.ts';

export interface SessionActions {
  play(): void;
  pause(): void;
  seekBy(seconds: number): void;
  seekTo(seconds: number): void;
}

export const SKIP_SECONDS = 15;

const session = (): MediaSession | null => (typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null);

/** iOS clears the handlers when playback starts: the engine calls this again on every `playing` */
export function registerHandlers(actions: SessionActions): void {
  const ms = session();
  if (!ms) return;
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => actions.play()],
    ['pause', () => actions.pause()],
    ['seekbackward', (d) => actions.seekBy(-(d.seekOffset ?? SKIP_SECONDS))],
    ['seekforward', (d) => actions.seekBy(d.seekOffset ?? SKIP_SECONDS)],
    ['seekto', (d) => d.seekTime !== undefined && actions.seekTo(d.seekTime)],
  ];
  for (const [action, handler] of handlers) {
    try {
      ms.setActionHandler(action, handler);
    } catch {
      // an action this browser does not know
    }
  }
}

export function showEpisode(episode: PlayerEpisode | null): void {
  const ms = session();
  if (!ms) return;
  if (!episode) {
    ms.metadata = null;
    ms.playbackState = 'none';
    return;
  }
  const artwork = episode.photo ? [{ src: new URL(mediaUrl(episode.photo), location.href).href, sizes: '512x512' }] : [];
  ms.metadata = new MediaMetadata({ title: episode.title, artist: episode.speakerName, album: episode.showTitle || 'CE Pass podcasts', artwork });
}

export function showState(playing: boolean, position: number, duration: number, rate: number): void {
  const ms = session();
  if (!ms) return;
  ms.playbackState = playing ? 'playing' : 'paused';
  if (!(duration > 0) || typeof ms.setPositionState !== 'function') return;
  try {
    ms.setPositionState({ duration, playbackRate: rate, position: Math.min(Math.max(position, 0), duration) });
  } catch {
    // a position the browser rejects is not worth stopping the audio for
  }
}
