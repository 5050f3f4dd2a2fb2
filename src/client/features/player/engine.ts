// The podcast player's engine: one howler Howl in html5 mode for the whole app, outside React, so a route
// change never touches the audio (offline-and-audio.md: html5 mode streams instead of decoding an hour of PCM
// into memory; one Howl at a time, the previous one unloaded). It writes what is playing into the
// now-playing store, keeps positions on the device, wires the lock screen, and keeps the listening record:
// one play log per start and the heard ranges, in batches, on the server.
import { Howl, Howler } from 'howler';
import { getPodcast, MAX_HEARD_RANGES, postPodcastListen, postPodcastView } from '#shared/api/podcasts';
import { mergeHeard, PLAYED_SHARE } from '#shared/domain/heard';
import { call, errorMessage } from '../../lib/api.ts';
import { mediaUrl } from '../../lib/media.ts';
import { EPISODE_OFFLINE, EPISODE_UNPLAYABLE, notDownloadedOffline, PLAY_LOG_TEXTS, UP_NEXT_OFFLINE } from '../../lib/messages.ts';
import { cannotReach } from '../../lib/offline/seen-at.ts';
import { submitAction } from '../../lib/outbox/index.ts';
import { submitLeaving } from '../../lib/outbox/leaving.ts';
import { uuid } from '../../lib/uuid.ts';
import { markHeardToEnd, mayBeDownloaded } from '../downloads/downloads-store.ts';
import { useSessionStore } from '../session/stores/session-store.ts';
import type { PlayerEpisode } from './episode.ts';
import { HeardRanges } from './heard-ranges.ts';
import { registerHandlers, showEpisode, showState, SKIP_SECONDS } from './media-session.ts';
import { restorePlayer, useNowPlaying, type NowPlaying, type SleepTimer } from './now-playing.ts';
import { notePlace, readPositions, writePlayer, writePositions, type StoredPositions } from './player-storage.ts';

/** how often the position is read while playing (spec §9: player poll 300 ms) */
const TICK_MS = 300;
/** the position survives the system killing the app (podverse-web#1143): saved this often, and on pause, pagehide and going to the background */
const SAVE_EVERY_MS = 5_000;
/** the heard ranges go to the server this often while playing, and on pause, end, pagehide and going to the background */
const LISTEN_EVERY_MS = 30_000;


// howler gives no option for crossorigin (howler#1680). Without it the audio request is not in cors mode and
// never reaches the service worker's downloaded-audio cache (workbox#1663): set it on every element howler takes.
type HowlerInternals = typeof Howler & { _obtainHtml5Audio(): HTMLAudioElement };
const internals = Howler as HowlerInternals;
const obtainAudio = internals._obtainHtml5Audio.bind(internals);
let element: HTMLAudioElement | null = null;
internals._obtainHtml5Audio = () => {
  const audio = obtainAudio();
  audio.crossOrigin = 'anonymous';
  element = audio;
  return audio;
};

// Unloading, howler points the element at a data: WAV to drop the stream; the CSP allows media from 'self' and
// blob: only, so the browser refuses it and reports a violation. Removing the src and loading is the standard
// way to release a media element's resource, and needs no data: URL.
(Howl.prototype as unknown as { _clearSound(node: HTMLMediaElement): void })._clearSound = (node) => {
  node.removeAttribute('src');
  node.load();
};

let howl: Howl | null = null;
let ticker: ReturnType<typeof setInterval> | undefined;
let positions: StoredPositions = {};
let lastSave = 0;
let lastListen = 0;
/** the position each episode's last batch told the server */
const sentPosition: Record<string, number> = {};
/** 24 h: longer than any episode, shorter than the longest timer a browser keeps (2^31 ms) */
const SPRITE_MS = 24 * 3600 * 1000;
/** how long the element may sit paused while the app says playing before the Howl is rebuilt */
const STALL_MS = 3000;
let stalledTicks = 0;
/** a start (chosen and played, or played again after a close or a reload) logs a play; a resume after a pause does not */
let startPending = true;
/** the Howl failed to resume (howler#1771, iOS after a long pause): rebuilt once at the saved position */
let rebuilt = false;
const heard = new HeardRanges();

const state = (): NowPlaying => useNowPlaying.getState();
const update = (partial: Partial<NowPlaying>): void => useNowPlaying.setState(partial);
const loggedIn = (): boolean => useSessionStore.getState().hash !== null;

const ready: Promise<void> = restorePlayer().then(async () => {
  positions = await readPositions();
});

/** the device's player record follows the episode, speed and Up Next (never the position: that has its own) */
useNowPlaying.subscribe((s, prev) => {
  if (!s.restored || (s.episode === prev.episode && s.rate === prev.rate && s.upNext === prev.upNext)) return;
  void writePlayer({ episode: s.episode, rate: s.rate, upNext: s.upNext });
});

/** the episode's place now, in the positions kept in memory; its hash, or null with no episode */
function placeNow(): string | null {
  const { episode, position, duration } = state();
  if (!episode) return null;
  // heard to the end; listening again from the start clears it, so the new position is kept
  const played = duration > 0 && position >= duration * PLAYED_SHARE;
  positions = { ...positions, [episode.hash]: { position, at: Date.now(), played } };
  return episode.hash;
}

function savePosition(force = false): void {
  if (!state().episode || (!force && Date.now() - lastSave < SAVE_EVERY_MS)) return;
  lastSave = Date.now();
  if (placeNow()) void writePositions(positions);
}

/** `leaving`: the page is being hidden or left, when nothing may be written to IndexedDB (lib/outbox submitLeaving) */
function sendListening(force = false, leaving = false): void {
  const { episode, position } = state();
  if (!episode || !loggedIn() || (!force && Date.now() - lastListen < LISTEN_EVERY_MS)) return;
  lastListen = Date.now();
  // merged as the server merges them; a long offline backlog goes in batches the contract allows
  const all = mergeHeard(heard.take(), episode.durationSec);
  const ranges = all.slice(0, MAX_HEARD_RANGES);
  heard.giveBack(all.slice(MAX_HEARD_RANGES));
  // a seek while paused moves the position with nothing heard: another device still resumes from there
  const at = Math.round(position);
  if (ranges.length === 0 && (!force || at === sentPosition[episode.hash])) return;
  sentPosition[episode.hash] = at;
  // through the outbox: kept on the device until the server has it (offline, a reload, the app killed), sent
  // once; the episode page's heard share and Continue listening follow by the table of query effects
  const body = { p: episode.hash, e: uuid(), ranges, position: at, at: new Date().toISOString() };
  const label = `Listening to “${episode.title}”`;
  const student = useSessionStore.getState().hash;
  if (leaving && student) submitLeaving(postPodcastListen, body, label, student);
  else submitAction(postPodcastListen, body, label, { quiet: true }).catch(() => undefined);
}

function logPlay(episode: PlayerEpisode): void {
  if (!loggedIn()) return;
  // through the outbox (offline, it is sent when the network is back); a refusal is the listener's to know
  submitAction(postPodcastView, { p: episode.hash, e: uuid() }, `Play of “${episode.title}”`, { quiet: true }).catch((error: unknown) => {
    if (state().episode?.hash === episode.hash) update({ notice: errorMessage(error, PLAY_LOG_TEXTS) });
  });
}

function tick(): void {
  if (!howl) return;
  // howler stopped playing without a pause (stuck waiting to play again, howler's queue locked): a new Howl
  // at the position, through the path a failed play takes
  if (!howl.playing() && element?.paused !== false && state().status === 'playing') {
    if (++stalledTicks * TICK_MS >= STALL_MS) return failed();
  } else stalledTicks = 0;
  const at = howl.seek();
  if (typeof at !== 'number' || !Number.isFinite(at) || stillResuming(at)) return;
  const { sleep, rate } = state();
  const duration = durationOf(state().episode);
  heard.advance(at);
  update({ position: at, duration });
  showState(true, at, duration, rate);
  savePosition();
  sendListening();
  if (sleep?.kind === 'minutes' && Date.now() >= sleep.endsAt) {
    update({ sleep: null });
    pause();
  }
}

const durationOf = (episode: PlayerEpisode | null): number => {
  const known = howl?.duration();
  return typeof known === 'number' && Number.isFinite(known) && known > 0 ? known : (episode?.durationSec ?? 0);
};

function stopTicking(): void {
  clearInterval(ticker);
  ticker = undefined;
}

function onPlaying(): void {
  const { episode, rate } = state();
  if (!episode || !howl) return;
  rebuilt = false;
  update({ status: 'playing' });
  registerHandlers(actions);
  showState(true, state().position, durationOf(episode), rate);
  heard.start(state().position);
  // batches every LISTEN_EVERY_MS of playback, counted from here
  lastListen = Date.now();
  if (startPending) {
    startPending = false;
    logPlay(episode);
  }
  stopTicking();
  ticker = setInterval(tick, TICK_MS);
}

function onPaused(): void {
  stopTicking();
  if (howl) {
    const at = howl.seek();
    if (typeof at === 'number' && Number.isFinite(at) && !stillResuming(at)) {
      heard.advance(at);
      update({ position: at });
    }
  }
  heard.stop();
  update({ status: 'paused' });
  showState(false, state().position, state().duration, state().rate);
  savePosition(true);
  sendListening(true);
}

function onEnded(): void {
  const { episode, sleep, upNext } = state();
  // an element that took the episode for far shorter than it is (WebKit reads a length of almost 0 on a first
  // load) ends early: the Howl is made again at the position instead of calling the episode heard. (Its
  // currentTime cannot tell: howler's events come a tick late, after its stop() put the element back to 0.)
  const length = element?.duration;
  if (episode && typeof length === 'number' && Number.isFinite(length) && length < episode.durationSec * 0.9) return failed();
  stopTicking();
  heard.advance(state().duration);
  heard.stop();
  update({ status: 'paused', position: state().duration });
  savePosition(true);
  sendListening(true);
  if (episode) positions = { ...positions, [episode.hash]: { position: 0, at: Date.now(), played: true } };
  void writePositions(positions);
  // heard to the end: a downloaded episode starts its auto-remove countdown (features/downloads)
  if (episode) void markHeardToEnd(episode.hash);
  // heard to the end: Play starts it over (howler's element is back at 0 too)
  update({ position: 0 });
  if (sleep?.kind === 'episode') return update({ sleep: null });
  // offline, the next episode that is on this device; the ones skipped stay queued for when the network is back
  const at = cannotReach() ? upNext.findIndex((e) => mayBeDownloaded(e.hash)) : 0;
  if (!upNext.length) return;
  if (at < 0) return update({ notice: UP_NEXT_OFFLINE });
  update({ upNext: upNext.filter((_, i) => i !== at) });
  void play(upNext[at]!);
}

/** the system paused the element itself (a call, unplugged headphones): the app follows */
function onElementPause(event: Event): void {
  const audio = event.currentTarget as HTMLAudioElement;
  if (audio === element && howl && state().status === 'playing' && !audio.ended && howl.playing()) howl.pause();
}

// howler hands its elements out again from a pool: a listener by reference, so an element never gets two
function followElement(audio: HTMLAudioElement | null): void {
  audio?.addEventListener('pause', onElementPause);
}

function create(episode: PlayerEpisode, from: number): void {
  unload();
  element = null;
  howl = new Howl({
    src: [mediaUrl(episode.mp3)],
    html5: true,
    format: ['mp3'],
    preload: 'metadata',
    rate: state().rate,
    // howler fixes the episode's length once, when the element says it can play; WebKit often says 0 then (the
    // length comes later) and howler ended the episode at once, "played" by nobody. A sprite longer than any
    // episode leaves the end to the element's own `ended` event, which howler listens to for its default
    // sprite. Finite: howler's rate() sets a timer to the sprite's end, and setTimeout(Infinity) runs at once.
    sprite: { __default: [0, SPRITE_MS] },
    onplay: onPlaying,
    onpause: onPaused,
    onend: onEnded,
    onloaderror: () => failed(),
    // a play the listener's own pause interrupted is not a failure to recover from
    onplayerror: () => (state().status === 'paused' ? undefined : failed()),
  });
  followElement(element);
  if (from > 0) {
    howl.seek(from);
    resumeAt = from;
    resumeTries = 0;
  }
}

/**
 * Where a Howl made to resume must be: WebKit may take the first seek while it reads a length of almost 0 and clamp
 * it to 0, then play from the start with that length (a walk in WebKitGTK, decision 0045), so an episode resumed
 * after a reload played from 0 and saved that over the listener's place. Once the element plays, the seek is made
 * again (then it holds); until it is there, no position is kept. A few tries, then it plays on from where it is.
 */
let resumeAt: number | null = null;
let resumeTries = 0;
/** how far off the place may be and still count as there (a tick's worth of playing) */
const RESUME_SLACK_S = 2;
const RESUME_TRIES = 5;

/** true while the element is not yet at `resumeAt`: moves it there once it plays, and the tick keeps nothing */
function stillResuming(at: number): boolean {
  if (resumeAt === null) return false;
  if (Math.abs(at - resumeAt) <= RESUME_SLACK_S || !element || resumeTries >= RESUME_TRIES) {
    resumeAt = null;
    return false;
  }
  // a seek holds once the element plays, whatever length it reads
  if (!element.paused && element.currentTime > 0) {
    resumeTries++;
    element.currentTime = resumeAt;
  }
  return true;
}

function failed(): void {
  const { episode, position } = state();
  stopTicking();
  heard.stop();
  // an iOS resume after a long pause fails (howler#1771): a new Howl at the saved position, once
  if (episode && !rebuilt) {
    rebuilt = true;
    create(episode, position);
    howl?.play();
    return;
  }
  update({ status: 'paused', notice: navigator.onLine ? EPISODE_UNPLAYABLE : EPISODE_OFFLINE });
}

function unload(): void {
  stopTicking();
  resumeAt = null;
  if (!howl) return;
  howl.off();
  howl.unload();
  howl = null;
}

/** where an episode starts: this device's position, else the server's (another device), from 0 once played */
async function startPosition(episode: PlayerEpisode): Promise<number> {
  const saved = positions[episode.hash];
  if (saved) return saved.played ? 0 : saved.position;
  if (!loggedIn()) return 0;
  try {
    const answer = await call(getPodcast, { query: { p: episode.hash }, signal: AbortSignal.timeout(3000) });
    const data = answer.studentData;
    return data && !data.played ? data.position : 0;
  } catch {
    return 0;
  }
}

async function play(episode: PlayerEpisode): Promise<void> {
  await ready;
  const current = state();
  if (current.episode?.hash === episode.hash && current.status !== 'idle') {
    if (current.status === 'paused') resume();
    return;
  }
  // offline, an episode not on this device cannot play: the one in the player stays, and the player says why
  if (current.episode && !mayBeDownloaded(episode.hash) && cannotReach()) return update({ notice: notDownloadedOffline(episode.title) });
  if (current.episode) {
    heard.stop();
    savePosition(true);
    sendListening(true);
  }
  unload();
  update({
    episode,
    status: 'loading',
    position: 0,
    duration: episode.durationSec,
    notice: null,
    upNext: current.upNext.filter((e) => e.hash !== episode.hash),
  });
  showEpisode(episode);
  const from = await startPosition(episode);
  // another episode was chosen while this one looked up its position
  if (state().episode?.hash !== episode.hash) return;
  update({ position: from });
  startPending = true;
  create(episode, from);
  howl?.play();
}

/** plays on from the position shown; after a reload or a close the Howl is made again, and that is a start */
async function resume(): Promise<void> {
  await ready;
  const { episode, position } = state();
  if (!episode) return;
  if (!howl) {
    startPending = true;
    showEpisode(episode);
    create(episode, position);
  }
  update({ status: 'loading' });
  howl?.play();
}

function pause(): void {
  if (!howl) return;
  if (howl.playing()) return void howl.pause();
  // howler does not think it plays (still loading, or stuck waiting for an event WebKit never sends): the
  // element stops and the app says paused, whatever howler believes
  howl.pause();
  element?.pause();
  if (state().status !== 'paused') onPaused();
}

function seekTo(seconds: number): void {
  const { duration, status, rate } = state();
  const to = Math.min(Math.max(seconds, 0), duration > 0 ? duration : seconds);
  // the listener's own place wins over the one a resume was going to
  resumeAt = null;
  heard.stop();
  // a loaded element is moved directly: howler's seek while playing pauses and plays again and then waits
  // for 'canplaythrough', which WebKit may never send, leaving the player stuck until a reload
  if (element && element.readyState >= HTMLMediaElement.HAVE_METADATA) element.currentTime = to;
  else howl?.seek(to);
  update({ position: to });
  if (status === 'playing') heard.start(to);
  showState(status === 'playing', to, duration, rate);
  savePosition(true);
}

function setRate(rate: number): void {
  howl?.rate(rate);
  update({ rate });
  showState(state().status === 'playing', state().position, state().duration, rate);
}

function setSleep(sleep: SleepTimer): void {
  update({ sleep });
}

function close(): void {
  if (howl?.playing()) howl.pause();
  heard.stop();
  savePosition(true);
  sendListening(true);
  unload();
  showEpisode(null);
  update({ episode: null, status: 'idle', position: 0, duration: 0, sleep: null, expanded: false, notice: null });
}

const actions = {
  play: () => void resume(),
  pause,
  seekBy: (delta: number) => seekTo(state().position + delta),
  seekTo,
};

async function addToUpNext(episode: PlayerEpisode): Promise<void> {
  await ready;
  const { upNext, episode: current } = state();
  if (current?.hash === episode.hash || upNext.some((e) => e.hash === episode.hash)) return;
  update({ upNext: [...upNext, episode] });
  say(`Added to Up Next: ${episode.title}.`);
}

/** how long a status of `say` stays: gone after, so the same words said again are heard again */
const SAID_MS = 3_000;
let saidTimer: ReturnType<typeof setTimeout> | undefined;

/** what a tap did out of sight, for screen readers (PlayerDock's status) */
function say(text: string): void {
  update({ said: text });
  clearTimeout(saidTimer);
  saidTimer = setTimeout(() => update({ said: '' }), SAID_MS);
}

async function setUpNext(upNext: PlayerEpisode[]): Promise<void> {
  await ready;
  update({ upNext });
}

function moveInUpNext(hash: string, by: number): void {
  const list = [...state().upNext];
  const from = list.findIndex((e) => e.hash === hash);
  const to = from + by;
  if (from < 0 || to < 0 || to >= list.length) return;
  const [moved] = list.splice(from, 1);
  list.splice(to, 0, moved!);
  update({ upNext: list });
}

if (typeof window !== 'undefined') {
  // the system may end the page without another chance: the position and the heard ranges go now. On a phone that
  // chance is the app going to the background: one closed from the app switcher later gets no pagehide (MDN, "Window:
  // pagehide event"; the hidden state is the last event a page reliably sees), and it would resume from the last
  // save, up to SAVE_EVERY_MS old
  const keepNow = () => {
    heard.advance(state().position);
    // not to IndexedDB: a write begun as the page goes may be left open in WebKit's back/forward cache, holding
    // the next page's reads (player-storage.ts)
    const hash = placeNow();
    if (hash) notePlace(hash, positions[hash]!);
    sendListening(true, true);
  };
  addEventListener('pagehide', keepNow);
  // what the offline notice says is over once the connection is back: it no longer sits over every screen
  addEventListener('online', () => {
    if (state().notice === EPISODE_OFFLINE) update({ notice: null });
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') keepNow();
  });
}

export const engine = {
  ready,
  play,
  resume,
  pause,
  toggle: () => (state().status === 'playing' || state().status === 'loading' ? pause() : void resume()),
  skip: (direction: 1 | -1) => actions.seekBy(direction * SKIP_SECONDS),
  seekTo,
  setRate,
  setSleep,
  close,
  addToUpNext,
  setUpNext,
  removeFromUpNext: (hash: string) => update({ upNext: state().upNext.filter((e) => e.hash !== hash) }),
  moveInUpNext,
  clearUpNext: () => update({ upNext: [] }),
  dismissNotice: () => update({ notice: null }),
  /** the element howler plays through, for the full player's tests and diagnostics */
  element: (): HTMLAudioElement | null => element,
};
export type Engine = typeof engine;
