// npm run lighthouse's reading of a Lighthouse result: the figures, the median run, the misses. Here, beside
// the other tool tests, because the node test project runs scripts/; no browser, a few milliseconds.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the benchmarks, without type declarations
import { formatTable, medianRun, misses, summarizeRun } from '../tests/bench/lighthouse-summary.mjs';

/** the few parts of a Lighthouse 12 result (LHR) the summary reads */
const lhr = (perf: number, lcp: number, cls: number) => ({
  categories: { performance: { score: perf / 100 }, accessibility: { score: 1 }, 'best-practices': { score: 0.96 }, seo: { score: 1 } },
  audits: {
    'largest-contentful-paint': { numericValue: lcp },
    'first-contentful-paint': { numericValue: 1200 },
    'total-blocking-time': { numericValue: 40 },
    'cumulative-layout-shift': { numericValue: cls },
  },
});

describe('lighthouse summary', () => {
  it('reads the four scores out of 100 and the four metrics', () => {
    expect(summarizeRun(lhr(63, 2810, 0.493))).toMatchObject({ performance: 63, accessibility: 100, bestPractices: 96, seo: 100, lcpMs: 2810, fcpMs: 1200, tbtMs: 40, cls: 0.493, runtimeError: null });
  });

  it('takes the median run by Performance score and leaves out runs Lighthouse could not score', () => {
    const runs = [lhr(70, 2500, 0), lhr(60, 3500, 0), lhr(65, 3000, 0)].map(summarizeRun);
    expect(medianRun(runs).performance).toBe(65);
    const failed = { ...summarizeRun({ runtimeError: { code: 'NO_FCP' } }) };
    expect(medianRun([failed, runs[0]!, runs[1]!]).performance).toBe(60);
    expect(medianRun([failed])).toBeNull();
  });

  it('names the goals a page misses and prints a row per page', () => {
    const m = summarizeRun(lhr(63, 2810, 0.493));
    expect(misses(m)).toEqual(['Performance 63', 'Best Practices 96', 'LCP 2.8 s', 'CLS 0.493']);
    expect(formatTable([{ name: '/home', median: m }]).join('\n')).toMatch(/\/home\s+63\s+100\s+96\s+100\s+2\.8 s\s+1\.2 s\s+40 ms\s+0\.493/);
  });
});
