import { describe, expect, it } from 'vitest';
import { heardSeconds, heardShareOf, isPlayed, mergeHeard } from './heard.ts';

describe('merging heard ranges', () => {
  it('joins overlapping, adjacent and near-touching ranges, in any order', () => {
    expect(mergeHeard([[30, 40], [0, 10], [5, 20], [20, 25], [25.6, 28]], 100)).toEqual([
      [0, 28],
      [30, 40],
    ]);
  });

  it('keeps ranges apart when more than a second lies between them', () => {
    expect(mergeHeard([[0, 10], [11.5, 20]], 100)).toEqual([
      [0, 10],
      [11.5, 20],
    ]);
  });

  it('is a union: merging the same ranges again changes nothing', () => {
    const once = mergeHeard([[0, 10], [50, 60]], 100);
    expect(mergeHeard([...once, [0, 10], [50, 60]], 100)).toEqual(once);
  });

  it('clips to the episode and drops what is left empty', () => {
    expect(mergeHeard([[-3, 4], [95, 130], [120, 125]], 100)).toEqual([
      [0, 4],
      [95, 100],
    ]);
  });

  it('counts seconds heard, the share and played at 95 %', () => {
    const merged = mergeHeard([[0, 50], [40, 94.9]], 100);
    expect(heardSeconds(merged)).toBe(94.9);
    expect(heardShareOf(94.9, 100)).toBe(0.949);
    expect(isPlayed(94.9, 100)).toBe(false);
    expect(isPlayed(95, 100)).toBe(true);
    expect(heardShareOf(120, 100)).toBe(1);
    expect(heardShareOf(10, 0)).toBe(0);
  });
});
