// What was actually heard, as ranges of seconds: a stretch grows while the position moves forward at
// playback speed and ends where the listener seeks, so skipping ahead never counts as listening. The engine
// hands the finished stretches to the server in batches (POST /api/podcast-listen) and keeps them if the
// batch fails, for the next one.
import type { HeardRange as Range } from '#shared/domain/heard';

/** a jump larger than this between two ticks is a seek, not playback */
const MAX_STEP_SECONDS = 5;

export class HeardRanges {
  private done: Range[] = [];
  private from: number | null = null;
  private last = 0;

  /** playback (re)starts at `position` */
  start(position: number): void {
    this.close();
    this.from = position;
    this.last = position;
  }

  /** the position now, while playing */
  advance(position: number): void {
    if (this.from === null) return this.start(position);
    const step = position - this.last;
    if (step < 0 || step > MAX_STEP_SECONDS) return this.start(position);
    this.last = position;
  }

  /** playback stopped (pause, seek, end, unload) */
  stop(): void {
    this.close();
    this.from = null;
  }

  /** the stretches heard since the last call; a running stretch goes on from where it was cut */
  take(): Range[] {
    const running = this.from !== null;
    this.close();
    if (running) this.from = this.last;
    const out = this.done;
    this.done = [];
    return out;
  }

  /** a batch the server did not take: heard again next time */
  giveBack(ranges: Range[]): void {
    this.done = [...ranges, ...this.done];
  }

  private close(): void {
    if (this.from !== null && this.last - this.from >= 0.5) this.done.push([round(this.from), round(this.last)]);
    this.from = null;
  }
}

const round = (s: number): number => Math.round(s * 10) / 10;
