// The player engine against a stand-in for howler whose position moves with the (fake) clock: what a listener
// gets — resume, speed, skip, the sleep timer, Up Next, the lock screen — and what the server is told.
import { clear, createStore, entries, get, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, failures, ok } from '../../test/api-stub.ts';
import { EPISODE_OFFLINE, EPISODE_UNPLAYABLE, notDownloadedOffline, UP_NEXT_OFFLINE } from '../../lib/messages.ts';
import { clearPlayerStorage } from './player-storage.ts';
import type { PlayerEpisode } from './episode.ts';

interface HowlOptions {
  src: string[];
  rate?: number;
  onplay?: () => void;
  onpause?: () => void;
  onend?: () => void;
  onplayerror?: () => void;
}

const fake = vi.hoisted(() => {
  /** howler's html5 Howl as the engine uses it: the position runs with Date.now() while playing */
  class FakeHowl {
    static made: FakeHowl[] = [];
    /** every play fails (no network for a file not downloaded) */
    static failing = false;
    at = 0;
    since: number | null = null;
    speed: number;
    unloaded = false;
    failNextPlay = false;
    node: HTMLAudioElement;
    constructor(readonly options: HowlOptions) {
      this.speed = options.rate ?? 1;
      FakeHowl.made.push(this);
      this.node = fake.Howler._obtainHtml5Audio();
    }
    play() {
      if (this.failNextPlay || FakeHowl.failing) {
        this.failNextPlay = false;
        queueMicrotask(() => this.options.onplayerror?.());
        return 1;
      }
      if (this.ended) {
        this.ended = false;
        this.at = 0;
      }
      if (this.since === null) {
        this.since = Date.now();
        queueMicrotask(() => this.options.onplay?.());
      }
      return 1;
    }
    pause() {
      if (this.since === null) return this;
      this.at = this.seek();
      this.since = null;
      this.options.onpause?.();
      return this;
    }
    seek(to?: number): any {
      if (to === undefined) return this.at + (this.since === null ? 0 : ((Date.now() - this.since) / 1000) * this.speed);
      this.at = to;
      if (this.since !== null) this.since = Date.now();
      return this;
    }
    rate(r: number) {
      this.at = this.seek();
      if (this.since !== null) this.since = Date.now();
      this.speed = r;
      return this;
    }
    playing() {
      return this.since !== null;
    }
    duration() {
      // howler#783: Infinity until the metadata has loaded; the engine takes the API's duration
      return Infinity;
    }
    off() {
      return this;
    }
    unload() {
      this.unloaded = true;
      this.since = null;
    }
    ended = false;
    /** the element ran out at `at` (its currentTime stays there); howler plays it again from the start */
    end(at = 600) {
      this.at = at;
      this.since = null;
      this.ended = true;
      this.options.onend?.();
    }
    /** howler stopped without a pause event (WebKit never sent the event it waits for) */
    stall() {
      this.at = this.seek();
      this.since = null;
    }
  }
  const Howler = { made: [] as HTMLAudioElement[], _obtainHtml5Audio: (): HTMLAudioElement => Howler.made[Howler.made.push(document.createElement('audio')) - 1]! };
  return { FakeHowl, Howler };
});

vi.mock('howler', () => ({ Howl: fake.FakeHowl, Howler: fake.Howler }));

const episode = (n: number, over: Partial<PlayerEpisode> = {}): PlayerEpisode => ({
  hash: `episode-${n}`,
  showHash: 'show-1',
  title: `Episode ${n}`,
  speakerName: 'Dr. Speaker',
  showTitle: 'The Show',
  photo: 'images/podcasts/show.svg',
  mp3: `audio/podcasts/ep-${n}.mp3`,
  durationSec: 600,
  hasExam: true,
  examTaken: false,
  ...over,
});

const podcastAnswer = (hash: string, position: number, played = false) =>
  ok({
    status: true,
    podcast: {
      id: 1,
      hash,
      podcastShowHash: 'show-1',
      title: 'Episode',
      speakerName: 'Dr. Speaker',
      sponsorCompanyName: null,
      blurb: '',
      photo: 'x.svg',
      releaseDate: '2026-11-01T10:00:00.000Z',
      releaseDateUTC: '2026-11-01T10:00:00.000Z',
      durationSec: 600,
      credits: 1,
      mp3: 'audio/x.mp3',
      examTaken: false,
      examDate: null,
      ceTypeId: 1,
      hasExam: true,
      companyName: null,
      description: '',
      transcript: '',
      showTitle: 'The Show',
    },
    studentData: { status: true, examTaken: false, examDate: null, examScore: null, evalTaken: false, playCount: 1, gradebookId: 0, inqueue: 0, heardShare: position / 600, position, played },
  });

const listened = ok({ status: true, heardShare: 0, position: 0, played: false });

/** a fresh app: new modules (engine, stores) over whatever IndexedDB holds, as after a reload */
async function openApp({ loggedIn = true } = {}) {
  vi.resetModules();
  const session = await import('../session/stores/session-store.ts');
  if (loggedIn) session.useSessionStore.setState({ hash: 'student-hash', name: 'Pat Doe', email: 'pat@example.com' });
  // the play log and the heard ranges go through the outbox, as app/outbox.ts wires it
  const { configureOutbox } = await import('../../lib/outbox/index.ts');
  configureOutbox({ owner: () => session.useSessionStore.getState().hash, onApplied: () => undefined });
  // loaded with the first replay in the app; here before, so a send takes the ticks `settle` gives it
  await import('../../lib/outbox/transport.ts');
  const { useNowPlaying } = await import('./now-playing.ts');
  const { engine } = await import('./engine.ts');
  await engine.ready;
  return { engine, now: () => useNowPlaying.getState(), subscribe: useNowPlaying.subscribe };
}

/** lets the engine's promises (IndexedDB, the position lookup, howler's play callback) settle */
const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};

const seconds = (s: number) => vi.advanceTimersByTime(s * 1000);
const lastHowl = () => fake.FakeHowl.made.at(-1)!;

beforeEach(async () => {
  await clear();
  await clearPlayerStorage();
  localStorage.clear();
  fake.FakeHowl.made = [];
  fake.FakeHowl.failing = false;
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

/** the app opened, with its handler of the page going to the background (`hide`): apps of earlier tests, made again
 * by resetModules, registered theirs too, so the last one registered is this app's */
async function openAppToHide() {
  const added = vi.spyOn(document, 'addEventListener');
  const app = await openApp();
  const onVisibility = added.mock.calls.filter(([type]) => type === 'visibilitychange').at(-1)![1] as () => void;
  added.mockRestore();
  const hide = () => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      onVisibility();
    } finally {
      delete (document as { visibilityState?: string }).visibilityState;
    }
  };
  return { ...app, hide };
}

/** episode `n` played for 42 s and paused, then the app opened again (a reload) */
async function reopenedAfter42s(n: number) {
  answerApi({ 'GET podcast': failures.refused, 'POST podcast-view': ok({ status: true }), 'POST podcast-listen': listened });
  const first = await openApp();
  await first.engine.play(episode(n));
  await settle();
  seconds(42);
  first.engine.pause();
  await settle();
  return openApp();
}

describe('the player engine', () => {
  it('plays an episode from the start and logs one play per start, not per resume after a pause', async () => {
    const calls = answerApi({ 'GET podcast': failures.refused, 'POST podcast-view': ok({ status: true }), 'POST podcast-listen': listened });
    const { engine, now } = await openApp();
    await engine.play(episode(1));
    await settle();
    expect(now().status).toBe('playing');
    expect(lastHowl().options.src).toEqual(['/media/audio/podcasts/ep-1.mp3']);
    seconds(20);
    expect(now().position).toBeCloseTo(19.8, 0);
    engine.pause();
    expect(now().status).toBe('paused');
    await engine.resume();
    await settle();
    expect(now().status).toBe('playing');
    expect(calls.filter((c) => c.key === 'POST podcast-view')).toHaveLength(1);
    // closed and played again: that is a start
    engine.close();
    expect(now().episode).toBeNull();
    await engine.play(episode(1));
    await settle();
    expect(calls.filter((c) => c.key === 'POST podcast-view').map((c) => (c.body as { p: string }).p)).toEqual(['episode-1', 'episode-1']);
  });

  it('unloads the previous Howl before the next plays, and sets crossorigin on the audio element', async () => {
    answerApi({ 'GET podcast': failures.refused, 'POST podcast-view': ok({ status: true }), 'POST podcast-listen': listened });
    const { engine } = await openApp();
    await engine.play(episode(1));
    await settle();
    const first = lastHowl();
    await engine.play(episode(2));
    await settle();
    expect(first.unloaded).toBe(true);
    expect(fake.FakeHowl.made.filter((h) => !h.unloaded)).toHaveLength(1);
    expect(engine.element()?.crossOrigin).toBe('anonymous');
  });

  it('comes back after a reload paused at the saved position, and plays on from there', async () => {
    const again = await reopenedAfter42s(3);
    expect(again.now()).toMatchObject({ episode: { hash: 'episode-3' }, status: 'paused' });
    expect(again.now().position).toBeCloseTo(42, 1);
    await again.engine.resume();
    await settle();
    expect(again.now().status).toBe('playing');
    expect(lastHowl().seek()).toBeCloseTo(42, 1);
  });

  it('goes back to the saved place when WebKit took the seek before it knew the length, and saves no 0 over it (decision 0045)', async () => {
    const again = await reopenedAfter42s(31);
    await again.engine.resume();
    await settle();
    // WebKit: the element read a length of almost 0, so the seek to 42 landed at 0, and it plays from there with that
    // length; a seek once it plays holds
    const h = lastHowl();
    h.at = 0;
    h.since = Date.now();
    Object.defineProperty(h.node, 'duration', { value: 0.0005, configurable: true });
    Object.defineProperty(h.node, 'paused', { value: false, configurable: true });
    Object.defineProperty(h.node, 'currentTime', { configurable: true, get: () => h.seek(), set: (to: number) => void h.seek(to) });
    // never a position before the place, on screen or kept, while the element is moved there
    const shown: number[] = [];
    const stop = again.subscribe((s) => shown.push(s.position));
    seconds(3);
    await settle();
    expect(h.seek()).toBeGreaterThanOrEqual(42);
    expect(again.now().position).toBeGreaterThanOrEqual(42);
    expect(again.now().position).toBeLessThan(46);
    stop();
    expect(shown.every((p) => p >= 42)).toBe(true);
    // what a reload now finds: the place, not the 0 WebKit started from
    again.engine.pause();
    await settle();
    const third = await openApp();
    expect(third.now().position).toBeGreaterThan(42);
  });

  it('keeps the position of the moment the app goes to the background, not the last periodic save', async () => {
    answerApi({ 'GET podcast': failures.refused, 'POST podcast-view': ok({ status: true }), 'POST podcast-listen': listened });
    const first = await openAppToHide();
    await first.engine.play(episode(3));
    await settle();
    // saved every 5 s while playing: last at 40 s
    seconds(44);
    await settle();
    first.hide();
    await settle();

    // nothing written to IndexedDB as the page went: WebKit may keep a page in its back/forward cache with such a
    // write open, and the next page's reads of that database wait on it (decision 0047); the place is in localStorage
    const kept = (await get('cepass.positions', createStore('cepass-player', 'records'))) as Record<string, { position: number }>;
    expect(kept['episode-3']!.position).toBeLessThan(43);

    const again = await openApp();
    expect(again.now().position).toBeCloseTo(44, 0);
  });

  it('sends what was heard as the page goes at once, with nothing written to the outbox, and keeps it noted until the server has it (decision 0047)', async () => {
    const calls = answerApi({ 'GET podcast': failures.refused, 'POST podcast-view': ok({ status: true }), 'POST podcast-listen': 'offline' });
    const first = await openAppToHide();
    await first.engine.play(episode(7));
    await settle();
    seconds(12);
    await settle();
    first.hide();
    await settle();
    // in a tunnel: the request went as the page went, and found no network
    const tried = calls.filter((c) => c.key === 'POST podcast-listen');
    expect(tried).toHaveLength(1);
    const key = tried[0]!.idempotencyKey;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect((tried[0]!.body as { p: string; s: string }).p).toBe('episode-7');
    expect((tried[0]!.body as { p: string; s: string }).s).toBe('student-hash');
    // the outbox's database holds nothing: a write there as the page went could stay open in WebKit's cache
    expect(await entries(createStore('cepass-outbox', 'actions'))).toEqual([]);

    // the next page: what was noted goes into the outbox and to the server with the same key, so one that did
    // arrive is answered with the first answer and counted once
    const again = answerApi({ 'GET podcast': failures.refused, 'POST podcast-view': ok({ status: true }), 'POST podcast-listen': listened });
    await openApp();
    const { keepLeftActions } = await import('../../lib/outbox/index.ts');
    await keepLeftActions();
    await settle();
    expect(again.filter((c) => c.key === 'POST podcast-listen').map((c) => c.idempotencyKey)).toEqual([key]);
    expect(localStorage.getItem('cepass.outbox.left')).toBeNull();
  });

  it("keeps the player's records in a database of its own, not the one the session is read from (decision 0047)", async () => {
    await reopenedAfter42s(5);
    expect(await get('cepass.player')).toBeUndefined();
    expect(await get('cepass.positions')).toBeUndefined();
    expect(await get('cepass.player', createStore('cepass-player', 'records'))).toMatchObject({ episode: { hash: 'episode-5' } });
  });

  it("reads a player kept in the app's shared database by an earlier version, once there is none of its own", async () => {
    answerApi({ 'GET podcast': failures.refused });
    await set('cepass.player', { episode: episode(6), rate: 1.5, upNext: [] });
    await set('cepass.positions', { 'episode-6': { position: 30, at: Date.now(), played: false } });
    const app = await openApp();
    expect(app.now()).toMatchObject({ episode: { hash: 'episode-6' }, status: 'paused', rate: 1.5 });
    expect(app.now().position).toBeCloseTo(30, 0);
  });

  it('starts where the server says on a device that has no position of its own, and over from 0 once played', async () => {
    answerApi({ 'GET podcast': (_b) => podcastAnswer('episode-4', 120), 'POST podcast-view': ok({ status: true }), 'POST podcast-listen': listened });
    const { engine, now } = await openApp();
    await engine.play(episode(4));
    await settle();
    expect(now().position).toBe(120);
    expect(lastHowl().seek()).toBe(120);

    answerApi({ 'GET podcast': podcastAnswer('episode-5', 590, true), 'POST podcast-view': ok({ status: true }), 'POST podcast-listen': listened });
    await engine.play(episode(5));
    await settle();
    expect(now().position).toBe(0);
  });

  it('skips 15 s back and forward, never before the start, and changes the speed the audio plays at', async () => {
    answerApi({ 'GET podcast': failures.refused, 'POST podcast-view': ok({ status: true }), 'POST podcast-listen': listened });
    const { engine, now } = await openApp();
    await engine.play(episode(6));
    await settle();
    seconds(10);
    engine.skip(1);
    expect(now().position).toBeCloseTo(25, 0);
    engine.skip(-1);
    engine.skip(-1);
    expect(now().position).toBe(0);
    engine.setRate(1.5);
    expect(lastHowl().speed).toBe(1.5);
    seconds(10);
    expect(now().position).toBeCloseTo(15, 0);
    // the speed is remembered
    engine.pause();
    await settle();
    const again = await openApp();
    expect(again.now().rate).toBe(1.5);
  });

  it('pauses when the sleep timer runs out, and at the end of the episode instead of playing Up Next', async () => {
    answerApi({ 'GET podcast': failures.refused, 'POST podcast-view': ok({ status: true }), 'POST podcast-listen': listened });
    const { engine, now } = await openApp();
    await engine.play(episode(7, { durationSec: 3600 }));
    await settle();
    engine.setSleep({ kind: 'minutes', minutes: 15, endsAt: Date.now() + 15 * 60_000 });
    seconds(14 * 60);
    expect(now().status).toBe('playing');
    seconds(61);
    expect(now().status).toBe('paused');
    expect(now().sleep).toBeNull();

    await engine.addToUpNext(episode(8));
    engine.setSleep({ kind: 'episode' });
    await engine.resume();
    await settle();
    lastHowl().end(3600);
    await settle();
    expect(now()).toMatchObject({ status: 'paused', episode: { hash: 'episode-7' }, sleep: null });
    expect(now().upNext.map((e) => e.hash)).toEqual(['episode-8']);
  });

  it('plays the next of Up Next when an episode ends, and keeps the order the listener set', async () => {
    answerApi({ 'GET podcast': failures.refused, 'POST podcast-view': ok({ status: true }), 'POST podcast-listen': listened });
    const { engine, now } = await openApp();
    await engine.play(episode(9));
    await settle();
    await engine.addToUpNext(episode(10));
    await engine.addToUpNext(episode(11));
    await engine.addToUpNext(episode(10));
    engine.moveInUpNext('episode-11', -1);
    expect(now().upNext.map((e) => e.hash)).toEqual(['episode-11', 'episode-10']);
    lastHowl().end();
    await settle();
    expect(now()).toMatchObject({ status: 'playing', episode: { hash: 'episode-11' } });
    expect(now().upNext.map((e) => e.hash)).toEqual(['episode-10']);
    // the one that ended starts over next time
    await engine.play(episode(9));
    await settle();
    expect(now().position).toBe(0);
  });

  it('answers the lock screen: metadata, and handlers registered again on every start that move the audio', async () => {
    answerApi({ 'GET podcast': failures.refused, 'POST podcast-view': ok({ status: true }), 'POST podcast-listen': listened });
    const handlers = new Map<string, MediaSessionActionHandler>();
    const registered = vi.fn((action: string, handler: MediaSessionActionHandler) => handlers.set(action, handler));
    const mediaSession = { metadata: null as MediaMetadata | null, playbackState: 'none', setActionHandler: registered, setPositionState: vi.fn() };
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { mediaSession }));
    vi.stubGlobal('MediaMetadata', class { constructor(readonly init: MediaMetadataInit) {} });
    const { engine, now } = await openApp();
    await engine.play(episode(12));
    await settle();
    expect((mediaSession.metadata as unknown as { init: MediaMetadataInit }).init).toMatchObject({ title: 'Episode 12', artwork: [{ src: 'http://localhost:8080/media/images/podcasts/show.svg' }] });
    expect([...handlers.keys()].sort()).toEqual(['pause', 'play', 'seekbackward', 'seekforward', 'seekto']);
    handlers.get('seekforward')!({ action: 'seekforward' });
    expect(now().position).toBeCloseTo(15, 0);
    handlers.get('seekto')!({ action: 'seekto', seekTime: 300 });
    expect(lastHowl().seek()).toBe(300);
    expect(mediaSession.setPositionState).toHaveBeenLastCalledWith({ duration: 600, playbackRate: 1, position: 300 });
    handlers.get('pause')!({ action: 'pause' });
    expect(now().status).toBe('paused');
    const before = registered.mock.calls.length;
    handlers.get('play')!({ action: 'play' });
    await settle();
    expect(now().status).toBe('playing');
    expect(registered.mock.calls.length).toBe(before + 5);
  });

  it('tells the server what was heard, in ranges, and not the part skipped over', async () => {
    const calls = answerApi({ 'GET podcast': failures.refused, 'POST podcast-view': ok({ status: true }), 'POST podcast-listen': listened });
    const { engine } = await openApp();
    await engine.play(episode(13));
    await settle();
    seconds(20);
    engine.seekTo(300);
    seconds(10);
    engine.pause();
    await settle();
    const sent = calls.filter((c) => c.key === 'POST podcast-listen').map((c) => c.body as { p: string; ranges: number[][]; e: string });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.p).toBe('episode-13');
    expect(sent[0]!.e).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]!.ranges.map((r) => r.map(Math.round))).toEqual([
      [0, 20],
      [300, 310],
    ]);
  });

  it('tells the server a position moved with nothing heard, so another device resumes from there', async () => {
    const calls = answerApi({ 'GET podcast': failures.refused, 'POST podcast-view': ok({ status: true }), 'POST podcast-listen': listened });
    const { engine } = await openApp();
    await engine.play(episode(19));
    await settle();
    seconds(10);
    engine.pause();
    await settle();
    engine.seekTo(200);
    engine.close();
    await settle();
    const sent = calls.filter((c) => c.key === 'POST podcast-listen').map((c) => c.body as { ranges: number[][]; position: number });
    expect(sent.map((b) => [b.ranges.length, b.position])).toEqual([
      [1, 10],
      [0, 200],
    ]);
  });

  it('makes the Howl again where it was when howler stops playing without a pause (WebKit left it waiting)', async () => {
    answerApi({ 'GET podcast': failures.refused, 'POST podcast-view': ok({ status: true }), 'POST podcast-listen': listened });
    const { engine, now } = await openApp();
    await engine.play(episode(20));
    await settle();
    seconds(12);
    const stuck = lastHowl();
    stuck.stall();
    seconds(4);
    await settle();
    expect(stuck.unloaded).toBe(true);
    expect(now().status).toBe('playing');
    // from where it stopped (12 s), and playing on since
    expect(lastHowl().seek()).toBeGreaterThanOrEqual(11.9);
    expect(lastHowl().seek()).toBeLessThan(14.5);
  });

  it('plays a played episode again from the start, and then keeps its new position', async () => {
    answerApi({ 'GET podcast': failures.refused, 'POST podcast-view': ok({ status: true }), 'POST podcast-listen': listened });
    const first = await openApp();
    await first.engine.play(episode(21));
    await settle();
    lastHowl().end();
    await settle();
    await first.engine.play(episode(21));
    await settle();
    expect(first.now().position).toBe(0);
    seconds(30);
    first.engine.pause();
    await settle();
    const again = await openApp();
    expect(again.now().position).toBeCloseTo(30, 0);
  });

  it('does not call an episode heard when the element ends long before its length (WebKit read it as 0)', async () => {
    answerApi({ 'GET podcast': failures.refused, 'POST podcast-view': ok({ status: true }), 'POST podcast-listen': listened });
    const { engine, now } = await openApp();
    await engine.play(episode(22));
    await settle();
    seconds(5);
    const early = lastHowl();
    Object.defineProperty(early.node, 'duration', { value: 5, configurable: true });
    early.end(5);
    await settle();
    expect(early.unloaded).toBe(true);
    expect(now()).toMatchObject({ status: 'playing', episode: { hash: 'episode-22' } });
    expect(lastHowl().seek()).toBeGreaterThanOrEqual(4.8);
    expect(now().position).toBeGreaterThan(4);
  });

  it('keeps playing when the play log is refused, and says why in the spec’s words; a log with no answer waits in the outbox', async () => {
    answerApi({ 'GET podcast': failures.refused, 'POST podcast-view': failures.refused, 'POST podcast-listen': listened });
    const { engine, now } = await openApp();
    await engine.play(episode(14));
    await settle();
    expect(now()).toMatchObject({ status: 'playing', notice: 'Error logging podcast play.' });
    engine.dismissNotice();

    // a server error or no network: nothing is lost, and nothing to say while it waits to be sent again
    for (const [n, failure] of [[15, failures.serverError], [16, failures.offline]] as const) {
      answerApi({ 'GET podcast': failures.refused, 'POST podcast-view': failure, 'POST podcast-listen': listened });
      await engine.play(episode(n));
      await settle();
      expect(now()).toMatchObject({ status: 'playing', notice: null });
    }
    const { outbox } = await import('../../lib/outbox/index.ts');
    // in order: what was heard of episode 15 (sent when 16 began) waits behind 15's play log
    expect((await outbox.list()).map((a) => [a.path, (a.body as { p: string }).p])).toEqual([
      ['podcast-view', 'episode-15'],
      ['podcast-listen', 'episode-15'],
      ['podcast-view', 'episode-16'],
    ]);
  });

  it('logs nothing for a visitor, who can still listen', async () => {
    const calls = answerApi({});
    const { engine, now } = await openApp({ loggedIn: false });
    await engine.play(episode(17));
    await settle();
    seconds(40);
    engine.pause();
    await settle();
    expect(now().status).toBe('paused');
    expect(calls).toEqual([]);
  });

  it('makes the Howl again at the saved position when a resume fails (howler#1771)', async () => {
    answerApi({ 'GET podcast': failures.refused, 'POST podcast-view': ok({ status: true }), 'POST podcast-listen': listened });
    const { engine, now } = await openApp();
    await engine.play(episode(18));
    await settle();
    seconds(30);
    engine.pause();
    lastHowl().failNextPlay = true;
    const failing = lastHowl();
    await engine.resume();
    await settle();
    expect(failing.unloaded).toBe(true);
    expect(lastHowl()).not.toBe(failing);
    expect(now().status).toBe('playing');
    expect(lastHowl().seek()).toBeCloseTo(30, 1);
  });

  it('says offline what plays offline, and takes that back when the connection returns', async () => {
    answerApi({ 'GET podcast': failures.refused, 'POST podcast-view': failures.offline, 'POST podcast-listen': failures.offline });
    const { engine, now } = await openApp();
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      fake.FakeHowl.failing = true;
      await engine.play(episode(19));
      await settle();
      expect(now()).toMatchObject({ status: 'paused', notice: EPISODE_OFFLINE });
    } finally {
      offline.mockRestore();
    }
    dispatchEvent(new Event('online'));
    expect(now().notice).toBeNull();
  });

  it('offline, keeps the downloaded episode playing when one not downloaded is tapped, and plays only downloaded ones from Up Next (decision 0045)', async () => {
    answerApi({ 'GET podcast': failures.refused, 'POST podcast-view': failures.offline, 'POST podcast-listen': failures.offline });
    const { engine, now } = await openApp();
    const downloads = await import('../downloads/downloads-store.ts');
    await downloads.whenDownloadsHydrated();
    const kept = (n: number) => ({ kind: 'episode', hash: `episode-${n}`, title: `Episode ${n}`, bytes: 1, at: 0 });
    downloads.useDownloads.setState({ items: [kept(40), kept(42)] as never });
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await engine.play(episode(40));
      await settle();
      expect(now()).toMatchObject({ status: 'playing', episode: { hash: 'episode-40' } });
      const playing = lastHowl();
      await engine.play(episode(41));
      await settle();
      expect(now()).toMatchObject({ status: 'playing', episode: { hash: 'episode-40' }, notice: notDownloadedOffline('Episode 41') });
      expect(playing.unloaded).toBe(false);

      // Up Next: the downloaded one after the one not downloaded plays; the other waits in the queue
      await engine.addToUpNext(episode(41));
      await engine.addToUpNext(episode(42));
      lastHowl().end();
      await settle();
      expect(now()).toMatchObject({ status: 'playing', episode: { hash: 'episode-42' } });
      expect(now().upNext.map((e) => e.hash)).toEqual(['episode-41']);
      lastHowl().end();
      await settle();
      expect(now()).toMatchObject({ status: 'paused', episode: { hash: 'episode-42' }, notice: UP_NEXT_OFFLINE });
      expect(now().upNext.map((e) => e.hash)).toEqual(['episode-41']);
    } finally {
      offline.mockRestore();
    }
  });

  it('says the episode could not be played when it fails online, and keeps saying it', async () => {
    answerApi({ 'GET podcast': failures.refused, 'POST podcast-view': ok({ status: true }), 'POST podcast-listen': listened });
    const { engine, now } = await openApp();
    fake.FakeHowl.failing = true;
    await engine.play(episode(20));
    await settle();
    expect(now()).toMatchObject({ status: 'paused', notice: EPISODE_UNPLAYABLE });
    dispatchEvent(new Event('online'));
    expect(now().notice).toBe(EPISODE_UNPLAYABLE);
  });
});
