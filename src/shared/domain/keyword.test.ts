import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, pageParam, sanitizeKeyword } from './keyword.ts';

describe('sanitizeKeyword (spec §5)', () => {
  it('is null for empty or non-strings', () => {
    expect(sanitizeKeyword('')).toBeNull();
    expect(sanitizeKeyword('   ')).toBeNull();
    expect(sanitizeKeyword(undefined)).toBeNull();
    expect(sanitizeKeyword(42)).toBeNull();
  });
  it('removes one apostrophe only', () => {
    expect(sanitizeKeyword("o'neil's")).toBe("oneil's");
  });
  it('cuts keywords longer than 2 characters to 30', () => {
    expect(sanitizeKeyword('periodontal maintenance and implant care')).toBe('periodontal maintenance and im');
    expect(sanitizeKeyword('implant')).toBe('implant');
  });
  it('accepts 2 characters or fewer only for 3m', () => {
    expect(sanitizeKeyword('3M')).toBe('3M');
    expect(sanitizeKeyword('3m')).toBe('3m');
    expect(sanitizeKeyword('ab')).toBeNull();
    expect(sanitizeKeyword('x')).toBeNull();
  });
});

describe('page parameter (spec §5, §9)', () => {
  it('turns 0, negatives and junk into 1', () => {
    expect(pageParam(0)).toBe(1);
    expect(pageParam(-3)).toBe(1);
    expect(pageParam('abc')).toBe(1);
    expect(pageParam('4')).toBe(4);
  });
  it('counts pages and clamps', () => {
    expect(pageCount(41, 10)).toBe(5);
    expect(pageCount(0, 10)).toBe(0);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(0, 0)).toBe(1);
  });
});
