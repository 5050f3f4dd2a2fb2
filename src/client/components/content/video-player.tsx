// The class and sponsored videos (decisions.md, Videos): a self-hosted file in the browser's own player (the
// demo's case), or a YouTube id in the youtube-nocookie embed, waited for as spec §4 and §9 say.
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../ui/alert.tsx';
import { Loading } from '../ui/loading.tsx';
import { useOnline } from '../../lib/online.ts';

/** spec §9: the player is polled every 300 ms, at most 40 times */
export const PLAYER_POLL_MS = 300;
export const PLAYER_POLL_TRIES = 40;
/** spec §8 "Video" */
export const VIDEO_TIMEOUT = 'Timed out loading video.';

/** the one video host the CSP lets a page frame (security-headers.ts) */
const YOUTUBE_ORIGIN = 'https://www.youtube-nocookie.com';
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** the video id of a YouTube embed or watch address (the class answer carries the embed URL), or null */
export const youtubeIdOf = (url: string | null | undefined): string | null => {
  if (!url) return null;
  if (YOUTUBE_ID.test(url)) return url;
  try {
    const u = new URL(url);
    if (!/(^|\.)youtube(-nocookie)?\.com$/.test(u.hostname)) return null;
    const id = u.pathname.startsWith('/embed/') ? u.pathname.slice('/embed/'.length) : u.searchParams.get('v');
    return id && YOUTUBE_ID.test(id) ? id : null;
  } catch {
    return null;
  }
};

interface PlaybackEvents {
  /** playback started (again after a pause, too: the caller decides what counts once) */
  onPlay?: () => void;
  onEnded?: () => void;
}

interface NativeVideoProps extends PlaybackEvents {
  src: string;
  title: string;
  /** a WebVTT captions file; the content carries none yet, so the track appears once it does */
  captions?: string | null;
  /** start at once: the user asked for it (Replay Video), so the browser allows it */
  autoPlay?: boolean;
}

export function NativeVideo({ src, title, captions, autoPlay = false, onPlay, onEnded }: NativeVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (!autoPlay) return;
    // keyboard users land on the player they asked to replay
    ref.current?.focus();
    ref.current?.play().catch(() => undefined);
  }, [autoPlay]);
  return (
    <video ref={ref} className="video" controls preload="metadata" playsInline width={640} height={360} src={src} aria-label={title} onPlay={onPlay} onEnded={onEnded}>
      {captions && <track kind="captions" src={captions} srcLang="en" label="English" default />}
      Your browser cannot play this video. <a href={src}>Download it</a> instead.
    </video>
  );
}

/** a message from the embed's widget API, JSON text posted by the frame */
interface WidgetMessage {
  event?: string;
  info?: unknown;
}
const PLAYING = 1;
const ENDED = 0;

const playerStateOf = (m: WidgetMessage): number | undefined => {
  if (m.event === 'onStateChange' && typeof m.info === 'number') return m.info;
  if (m.event === 'infoDelivery' && m.info && typeof m.info === 'object' && 'playerState' in m.info && typeof m.info.playerState === 'number') return m.info.playerState;
  return undefined;
};

interface YouTubeEmbedProps extends PlaybackEvents {
  videoId: string;
  title: string;
  autoPlay?: boolean;
}

type EmbedState = 'waiting' | 'ready' | 'timeout';

/**
 * The embed, set up only while the browser is online (spec §4: an unreachable host gets no player; offline,
 * the busy text says the page waits for the network). Until the player answers it is polled every 300 ms with
 * the widget API's 'listening' message; 40 unanswered polls give 'Timed out loading video.'
 */
export function YouTubeEmbed({ videoId, title, autoPlay = false, onPlay, onEnded }: YouTubeEmbedProps) {
  const online = useOnline();
  const frame = useRef<HTMLIFrameElement>(null);
  const [state, setState] = useState<EmbedState>('waiting');
  const [attempt, setAttempt] = useState(0);
  // the latest handlers, without setting the player up again when the caller renders
  const events = useRef<PlaybackEvents>({});
  useEffect(() => {
    events.current = { onPlay, onEnded };
  });

  useEffect(() => {
    if (!online) return;
    let ready = false;
    let tries = 0;
    const post = (message: object) => frame.current?.contentWindow?.postMessage(JSON.stringify({ ...message, id: 1, channel: 'widget' }), YOUTUBE_ORIGIN);
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== YOUTUBE_ORIGIN || event.source !== frame.current?.contentWindow || typeof event.data !== 'string') return;
      let message: WidgetMessage;
      try {
        message = JSON.parse(event.data) as WidgetMessage;
      } catch {
        return;
      }
      if (!ready && (message.event === 'onReady' || message.event === 'initialDelivery')) {
        ready = true;
        setState('ready');
        post({ event: 'command', func: 'addEventListener', args: ['onStateChange'] });
      }
      const playerState = playerStateOf(message);
      if (playerState === PLAYING) events.current.onPlay?.();
      if (playerState === ENDED) events.current.onEnded?.();
    };
    addEventListener('message', onMessage);
    const timer = setInterval(() => {
      if (ready) return clearInterval(timer);
      tries += 1;
      if (tries > PLAYER_POLL_TRIES) {
        clearInterval(timer);
        setState('timeout');
        return;
      }
      post({ event: 'listening' });
    }, PLAYER_POLL_MS);
    return () => {
      clearInterval(timer);
      removeEventListener('message', onMessage);
    };
  }, [online, videoId, attempt]);

  if (!online) return <Loading label="Loading video…" />;
  if (state === 'timeout')
    return (
      <>
        <Alert tone="danger">{VIDEO_TIMEOUT}</Alert>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setState('waiting');
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </button>
      </>
    );
  const query = new URLSearchParams({ enablejsapi: '1', origin: window.location.origin, rel: '0', ...(autoPlay ? { autoplay: '1' } : {}) });
  return (
    <>
      <iframe
        key={attempt}
        ref={frame}
        className="video video-frame"
        src={`${YOUTUBE_ORIGIN}/embed/${encodeURIComponent(videoId)}?${query}`}
        title={title}
        width={640}
        height={360}
        allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
        // YouTube refuses to play without knowing the embedding site
        referrerPolicy="strict-origin-when-cross-origin"
      />
      {state === 'waiting' && <Loading label="Loading video…" />}
    </>
  );
}

interface VideoPlayerProps extends PlaybackEvents {
  /** a self-hosted file's URL, played natively when present */
  file?: string | null;
  youtubeId?: string | null;
  title: string;
  autoPlay?: boolean;
}

/** the self-hosted file if there is one, else the YouTube embed; nothing when there is neither */
export function VideoPlayer({ file, youtubeId, ...props }: VideoPlayerProps) {
  if (file) return <NativeVideo src={file} {...props} />;
  if (youtubeId) return <YouTubeEmbed videoId={youtubeId} {...props} />;
  return null;
}
