import { describe, expect, it } from 'vitest';
import { adEmailError, placeAds } from './ads.ts';

const banners = ['a', 'b', 'c'];
const plan = (indexStart: number, interval: number, b: string[] = banners) => ({ indexStart, interval, banners: b });
const at = (placed: ReturnType<typeof placeAds<string>>) => placed.map((p) => [p.before, p.banner]);

describe('placeAds (spec §9 ad placement)', () => {
  it('puts the first ad at indexStart, then one every interval rows, each slot with the next banner', () => {
    expect(at(placeAds(plan(3, 5), 20))).toEqual([
      [3, 'a'],
      [8, 'b'],
      [13, 'c'],
    ]);
  });

  it('stops at the number of banners when the list has more slots', () => {
    expect(at(placeAds(plan(0, 2), 100))).toEqual([
      [0, 'a'],
      [2, 'b'],
      [4, 'c'],
    ]);
  });

  it('places an ad before a row only: none at or past the row count', () => {
    expect(at(placeAds(plan(3, 5), 9))).toEqual([
      [3, 'a'],
      [8, 'b'],
    ]);
    // 8 rows: the second slot would follow the last row
    expect(at(placeAds(plan(3, 5), 8))).toEqual([[3, 'a']]);
  });

  it('places nothing when the list has no more rows than indexStart', () => {
    expect(placeAds(plan(3, 5), 3)).toEqual([]);
    expect(placeAds(plan(3, 5), 2)).toEqual([]);
    expect(placeAds(plan(0, 5), 0)).toEqual([]);
  });

  it('places an ad before the first row when indexStart is 0', () => {
    expect(at(placeAds(plan(0, 4), 1))).toEqual([[0, 'a']]);
  });

  it('places only the first ad when the interval is 0 or negative', () => {
    expect(at(placeAds(plan(2, 0), 50))).toEqual([[2, 'a']]);
    expect(at(placeAds(plan(2, -3), 50))).toEqual([[2, 'a']]);
  });

  it('places nothing without banners, without ads, or with a start that is not a row index', () => {
    expect(placeAds(plan(1, 2, []), 50)).toEqual([]);
    expect(placeAds(null, 50)).toEqual([]);
    expect(placeAds(undefined, 50)).toEqual([]);
    expect(placeAds(plan(-1, 2), 50)).toEqual([]);
    expect(placeAds(plan(1.5, 2), 50)).toEqual([]);
  });

  it('treats a fractional interval as no interval', () => {
    expect(at(placeAds(plan(1, 2.5), 50))).toEqual([[1, 'a']]);
  });
});

describe('adEmailError (spec §5 mobile ad e-mail)', () => {
  it('requires an e-mail, judged trimmed', () => {
    expect(adEmailError('')).toBe('Email is required.');
    expect(adEmailError('   ')).toBe('Email is required.');
  });
  it('refuses one that is not an address', () => {
    expect(adEmailError('jordan@')).toBe('Enter valid email address.');
    expect(adEmailError('jordan example.com')).toBe('Enter valid email address.');
  });
  it('accepts a valid address with spaces around it', () => {
    expect(adEmailError('  jordan@example.com ')).toBeUndefined();
  });
});
