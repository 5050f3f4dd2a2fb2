// The kept text of an answer is JSON.stringify's, byte for byte, for any JSON value, the first time and every
// time after, and a copy that shares parts of a kept answer gets the same text as if it shared nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keepJson, keptJson, keptText } from './kept-json.ts';

describe('keptJson', () => {
  it('is JSON.stringify for any JSON value, again and again', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(keptJson(value)).toBe(JSON.stringify(value));
        expect(keptJson(value)).toBe(JSON.stringify(value));
      }),
      { numRuns: 500 },
    );
  });

  it('drops what JSON.stringify drops: undefined members, and writes null for undefined items', () => {
    const value = { a: undefined, b: [undefined, 1, null], c: { d: 'x', 2: 'two', 1: 'one' }, e: -0, f: Number.NaN };
    expect(keptJson(value)).toBe(JSON.stringify(value));
  });

  it('gives a copy that shares kept rows the text of the whole copy', () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ hash: `h${i}`, hasSeat: false, examDate: null as string | null }));
    const kept = { status: true, data: rows };
    expect(keepJson(kept)).toBe(JSON.stringify(kept));
    // every row of a kept answer has its text kept, for the copies to use
    expect(keptText(rows[3]!)).toBe(JSON.stringify(rows[3]));
    const copy = { ...kept, data: rows.map((r, i) => (i === 2 ? { ...r, hasSeat: true, examDate: '2026-11-26T08:00:00.000Z' } : r)) };
    expect(keptJson(copy)).toBe(JSON.stringify(copy));
    expect(keptJson(kept)).toBe(JSON.stringify(kept));
    // a copy is made for one request: its text is not kept
    expect(keptText(copy)).toBeUndefined();
  });
});
