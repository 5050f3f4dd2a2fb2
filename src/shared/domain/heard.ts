// The listening record's arithmetic (docs/decisions/0016-listening-record.md): what a student has heard of an
// episode is a set of ranges of seconds, kept merged. The server merges every batch into it; a client that
// holds several unsent batches may merge them the same way before sending. Merging is a union, so merging a
// batch twice changes nothing: a replay that slipped past the event-id check still cannot inflate the record.
export type HeardRange = [from: number, to: number];

/** an episode heard to this share of its duration is played */
export const PLAYED_SHARE = 0.95;

/**
 * ranges closer than this are one: the player samples its position a few times a second, so two batches that
 * meet at a pause or a batch boundary leave a sliver of a second between them that nobody skipped
 */
export const HEARD_GAP_SECONDS = 1;

/** tenths of a second: finer than any player reports, and the stored record stays short */
const round = (s: number): number => Math.round(s * 10) / 10;

/** the union of `ranges`, sorted, overlapping and near-touching ranges joined, clipped to [0, durationSec] */
export function mergeHeard(ranges: readonly HeardRange[], durationSec: number): HeardRange[] {
  const clipped = ranges
    .map(([from, to]): HeardRange => [round(Math.max(0, from)), round(Math.min(durationSec, to))])
    .filter(([from, to]) => to > from)
    .sort((a, b) => a[0] - b[0]);
  const out: HeardRange[] = [];
  for (const [from, to] of clipped) {
    const last = out.at(-1);
    if (last && from <= last[1] + HEARD_GAP_SECONDS) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/** seconds heard: the length of merged ranges */
export const heardSeconds = (merged: readonly HeardRange[]): number => round(merged.reduce((sum, [from, to]) => sum + (to - from), 0));

/** the share of the episode heard, 0..1, to three decimals */
export const heardShareOf = (seconds: number, durationSec: number): number => (durationSec > 0 ? Math.min(1, Math.round((seconds / durationSec) * 1000) / 1000) : 0);

export const isPlayed = (seconds: number, durationSec: number): boolean => durationSec > 0 && seconds >= PLAYED_SHARE * durationSec;
