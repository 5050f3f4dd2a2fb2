// A job the server runs on a timer (seat reminders, retention): passes run one after another, never side
// by side in one process, a slow pass never piles more behind it, and closing waits for the pass under way.
import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJob<T> {
  /** one pass now (after any pass under way); what the pass returned, or `idle` once closed */
  runOnce(): Promise<T>;
  /** stops the timers and waits for a pass under way */
  close(): Promise<void>;
}

export function startPeriodic<T>(opts: {
  /** one pass; `closing()` turns true when the server is closing, so a long pass can stop between steps */
  pass: (closing: () => boolean) => Promise<T>;
  /** what runOnce answers after close */
  idle: T;
  intervalMs: number;
  /** a first pass this soon after start (a server restarted more often than the interval still runs it); none when absent */
  firstDelayMs?: number;
  log: FastifyBaseLogger;
  /** for the log line of a failed pass */
  name: string;
}): PeriodicJob<T> {
  let closed = false;
  let queued = 0;
  let last: Promise<unknown> = Promise.resolve();

  function runOnce(): Promise<T> {
    queued++;
    const next = last.then(() => (closed ? opts.idle : opts.pass(() => closed))).finally(() => queued--);
    last = next.catch(() => undefined);
    return next;
  }

  const tick = () => {
    // a pass slower than the interval must not pile up more behind it
    if (queued > 0) return;
    runOnce().catch((err: unknown) => opts.log.error({ err }, `${opts.name} pass failed`));
  };
  const first = opts.firstDelayMs === undefined ? null : setTimeout(tick, opts.firstDelayMs);
  const timer = setInterval(tick, opts.intervalMs);
  first?.unref();
  timer.unref();

  return {
    runOnce,
    close: async () => {
      closed = true;
      if (first) clearTimeout(first);
      clearInterval(timer);
      await last;
    },
  };
}
