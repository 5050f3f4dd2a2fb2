// The figures `npm run lighthouse` takes out of a Lighthouse result (LHR), the median run and the printed
// table; pure functions, so a unit test can hold them to the LHR's shape without running a browser.

const score = (lhr, id) => {
  const s = lhr.categories?.[id]?.score;
  return typeof s === 'number' ? Math.round(s * 100) : null;
};
const value = (lhr, id) => {
  const v = lhr.audits?.[id]?.numericValue;
  return typeof v === 'number' ? v : null;
};

/** one run's figures: the four category scores (0–100, null when Lighthouse could not score) and four metrics */
export function summarizeRun(lhr) {
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    lcpMs: value(lhr, 'largest-contentful-paint'),
    fcpMs: value(lhr, 'first-contentful-paint'),
    tbtMs: value(lhr, 'total-blocking-time'),
    cls: value(lhr, 'cumulative-layout-shift'),
    // where the speed and layout work starts: the element that was the LCP and the one that shifted most
    lcpElement: lhr.audits?.['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    shiftElement: lhr.audits?.['layout-shifts']?.details?.items?.[0]?.node?.snippet ?? null,
    // Lighthouse's own CPU benchmark of the run: a low one means the machine was busy and TBT is inflated
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    runtimeError: lhr.runtimeError?.code ?? null,
    warnings: lhr.runWarnings ?? [],
  };
}

/**
 * The biggest savings Lighthouse estimates for the page, largest first: its opportunities (not the
 * diagnostics) that are not passed and name a saving in milliseconds or bytes. What the speed work looks at first.
 */
export function opportunities(lhr, limit = 4) {
  return Object.values(lhr.audits ?? {})
    .filter((a) => a.details?.type === 'opportunity' && a.score !== null && a.score < 0.9 && (a.metricSavings?.LCP || a.metricSavings?.FCP || a.details.overallSavingsMs || a.details.overallSavingsBytes))
    .map((a) => ({ id: a.id, title: a.title, savingsMs: Math.round(Math.max(a.metricSavings?.LCP ?? 0, a.metricSavings?.FCP ?? 0, a.details?.overallSavingsMs ?? 0)), savingsBytes: Math.round(a.details?.overallSavingsBytes ?? 0), displayValue: a.displayValue ?? '' }))
    .sort((a, b) => b.savingsMs - a.savingsMs || b.savingsBytes - a.savingsBytes)
    .slice(0, limit);
}

/**
 * The median run by Performance score (ties: by LCP), so the figures printed together come from one real
 * page load rather than from different runs. Runs Lighthouse could not score are left out; null when none is left.
 */
export function medianRun(runs) {
  const scored = runs.filter((r) => r.performance !== null && !r.runtimeError);
  if (!scored.length) return null;
  scored.sort((a, b) => a.performance - b.performance || (b.lcpMs ?? 0) - (a.lcpMs ?? 0));
  return scored[Math.floor((scored.length - 1) / 2)];
}

const s = (ms) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);
const ms = (v) => (v === null ? '—' : `${Math.round(v)} ms`);
const n = (v) => (v === null ? '—' : String(v));

/** the printed table: one line per page (its median run), the floor last, then the goals of quality-bars.md */
export function formatTable(rows) {
  const head = ['page', 'Perf', 'A11y', 'BP', 'SEO', 'LCP', 'FCP', 'TBT', 'CLS'];
  const body = rows.map(({ name, median: m }) => (m ? [name, n(m.performance), n(m.accessibility), n(m.bestPractices), n(m.seo), s(m.lcpMs), s(m.fcpMs), ms(m.tbtMs), m.cls === null ? '—' : m.cls.toFixed(3)] : [name, 'no scored run', '', '', '', '', '', '', '']));
  const goal = ['goal', '≥ 95', '100', '100', '≥ 90', '≤ 2.0 s', '', '≤ 150 ms', '≤ 0.05'];
  const all = [head, ...body, goal];
  const widths = head.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  return all.map((r) => r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd());
}

/** the goals of quality-bars.md a median run misses, as short words ('CLS 1.110'); empty when all are met */
export function misses(m) {
  if (!m) return ['no scored run'];
  const out = [];
  if (m.performance < 95) out.push(`Performance ${m.performance}`);
  if (m.accessibility < 100) out.push(`Accessibility ${m.accessibility}`);
  if (m.bestPractices < 100) out.push(`Best Practices ${m.bestPractices}`);
  if (m.seo < 90) out.push(`SEO ${m.seo}`);
  if (m.lcpMs > 2000) out.push(`LCP ${s(m.lcpMs)}`);
  if (m.tbtMs > 150) out.push(`TBT ${ms(m.tbtMs)}`);
  if (m.cls > 0.05) out.push(`CLS ${m.cls.toFixed(3)}`);
  return out;
}
