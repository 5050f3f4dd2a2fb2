import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NAMED_TOPICS, type NamedTopic } from './license.ts';
import { addDays, addYears, cyclesOf, licenseProgress, type ProgressEntry, type ProgressRule } from './license-progress.ts';

const cycle = { start: '2025-01-01', end: '2026-12-31' };
const today = '2026-12-01';
const course = (date: string, hours: number, format: 'live' | 'self-study', topics: NamedTopic[] = [], otherTopics: string[] = []): ProgressEntry => ({ date, hours, format, topics, otherTopics });
const rule = (id: number, r: Omit<ProgressRule, 'id'>): ProgressRule => ({ id, ...r });

describe('cycles: the renewal date rolls on by the cycle length', () => {
  it('before the first renewal date there is one cycle, ending on it', () => {
    expect(cyclesOf('2027-03-31', 2, '2026-11-26')).toEqual([{ start: '2025-04-01', end: '2027-03-31', current: true }]);
  });
  it('after it, the next cycle is current and the finished one stays, newest first', () => {
    expect(cyclesOf('2026-03-31', 2, '2026-11-26')).toEqual([
      { start: '2026-04-01', end: '2028-03-31', current: true },
      { start: '2024-04-01', end: '2026-03-31', current: false },
    ]);
  });
  it('the renewal date itself is still in the cycle it ends', () => {
    expect(cyclesOf('2026-11-26', 3, '2026-11-26')[0]).toEqual({ start: '2023-11-27', end: '2026-11-26', current: true });
  });
  it('properties: cycles follow one another day after day, the current one holds today, and only it is current', () => {
    // leap days and month ends drawn often, where adding years has to clamp
    const day = fc.oneof(
      fc.integer({ min: 0, max: 6000 }).map((d) => new Date(Date.UTC(2015, 0, 1) + d * 86_400_000).toISOString().slice(0, 10)),
      fc.constantFrom('2016-02-29', '2020-02-29', '2024-02-29', '2023-02-28', '2025-12-31', '2026-03-01'),
    );
    fc.assert(
      fc.property(day, day, fc.integer({ min: 1, max: 5 }), (firstEnd, today, years) => {
        const cycles = cyclesOf(firstEnd, years, today);
        expect(cycles[0]!.current).toBe(true);
        expect(cycles.slice(1).every((c) => !c.current)).toBe(true);
        expect(cycles[0]!.end >= today).toBe(true);
        if (cycles.length > 1) expect(cycles[0]!.start <= today).toBe(true);
        expect(cycles.at(-1)!.end).toBe(firstEnd);
        for (let i = 1; i < cycles.length; i++) expect(addDays(cycles[i]!.end, 1)).toBe(cycles[i - 1]!.start);
      }),
    );
  });

  it('29 February is 28 February in a year without it', () => {
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(cyclesOf('2024-02-29', 1, '2025-06-01').map((c) => [c.start, c.end])).toEqual([
      ['2025-03-01', '2026-02-28'],
      ['2024-03-01', '2025-02-28'],
      ['2023-03-01', '2024-02-29'],
    ]);
  });
});

describe('progress of a license in a cycle', () => {
  it('counts only the cycle’s courses, and the self-study limit in hours lowers what counts', () => {
    const rules = [rule(1, { kind: 'total', hours: 24 }), rule(2, { kind: 'self-study-maximum', hours: 8 })];
    const entries = [course('2025-02-01', 6, 'live'), course('2025-03-01', 12, 'self-study'), course('2024-12-31', 10, 'live'), course('2027-01-01', 10, 'live')];
    const p = licenseProgress({ rules, entries, cycle, today });
    expect(p.earned).toBe(18);
    expect(p.live).toEqual({ earned: 6, counted: 6 });
    expect(p.selfStudy).toEqual({ earned: 12, counted: 8, cap: 8 });
    expect(p.counted).toBe(14);
    expect(p.met).toBe(false);
    expect(p.whatsLeft).toEqual([{ ruleId: 1, text: '10 h more CE in this cycle, all live: self-study is at its limit', courses: [] }]);
    expect(p.daysToRenewal).toBe(30);
  });

  it('a self-study limit as a share is a share of the total', () => {
    const rules = [rule(1, { kind: 'total', hours: 25 }), rule(2, { kind: 'self-study-maximum', hours: null, percent: 50 })];
    const p = licenseProgress({ rules, entries: [course('2025-05-01', 20, 'self-study'), course('2025-06-01', 10, 'live')], cycle, today });
    expect(p.selfStudy).toEqual({ earned: 20, counted: 12.5, cap: 12.5 });
    expect(p.counted).toBe(22.5);
  });

  it('a category cap limits what its topic adds to the total, oldest course first, but the topic is still done', () => {
    const rules = [rule(1, { kind: 'total', hours: 24 }), rule(2, { kind: 'category-cap', hours: 4, topic: 'cpr-bls' }), rule(3, { kind: 'topic', hours: 3, topic: 'cpr-bls' })];
    const p = licenseProgress({ rules, entries: [course('2025-01-05', 3, 'live', ['cpr-bls']), course('2025-02-05', 3, 'live', ['cpr-bls'])], cycle, today });
    expect(p.counted).toBe(4);
    expect(p.rules.find((r) => r.ruleId === 2)).toMatchObject({ counted: 4, met: true });
    expect(p.rules.find((r) => r.ruleId === 3)).toMatchObject({ counted: 6, met: true });
  });

  it('a missing topic is in what’s left, with CE Pass courses on it; a free-text topic matches by its words', () => {
    const rules = [rule(1, { kind: 'topic', hours: 2, topic: 'infection-control' }), rule(2, { kind: 'topic', hours: 1, topic: 'other', otherTopic: 'Nitrous oxide' })];
    const catalogue = [
      { kind: 'class' as const, hash: 'c1', show: null, title: 'Sterilization today', credits: 1, topics: ['infection-control' as const] },
      { kind: 'podcast' as const, hash: 'p1', show: 's1', title: 'Ethics talk', credits: 1, topics: ['ethics-jurisprudence' as const] },
    ];
    const p = licenseProgress({ rules, entries: [course('2025-03-01', 1, 'self-study', ['infection-control'], [' nitrous OXIDE '])], cycle, today, catalogue });
    expect(p.rules.map((r) => r.status)).toEqual(['partly-met', 'met']);
    expect(p.whatsLeft).toEqual([{ ruleId: 1, text: '1 h more on Infection control', courses: [{ kind: 'class', hash: 'c1', show: null, title: 'Sterilization today', credits: 1 }] }]);
  });

  it('a topic required every N years looks back N years from the renewal date, past the cycle’s start', () => {
    const rules = [rule(1, { kind: 'topic', hours: 2, topic: 'infection-control', everyYears: 4 })];
    const before = [course('2023-06-01', 2, 'live', ['infection-control'])];
    expect(licenseProgress({ rules, entries: before, cycle, today }).met).toBe(true);
    expect(licenseProgress({ rules, entries: [course('2022-12-31', 2, 'live', ['infection-control'])], cycle, today }).met).toBe(false);
    // without everyYears the cycle alone counts
    expect(licenseProgress({ rules: [rule(1, { kind: 'topic', hours: 2, topic: 'infection-control' })], entries: before, cycle, today }).met).toBe(false);
  });

  it('a live minimum counts live hours only', () => {
    const p = licenseProgress({ rules: [rule(1, { kind: 'live-minimum', hours: 6 })], entries: [course('2025-03-01', 10, 'self-study'), course('2025-03-02', 2, 'live')], cycle, today });
    expect(p.rules[0]).toMatchObject({ counted: 2, met: false, status: 'partly-met' });
    expect(p.whatsLeft[0]!.text).toBe('4 h more of live CE');
  });

  it('a rule with nothing toward it is missing; with some hours but fewer than it asks, partly met; limits are met', () => {
    const rules = [
      rule(1, { kind: 'total', hours: 24 }),
      rule(2, { kind: 'topic', hours: 3, topic: 'infection-control' }),
      rule(3, { kind: 'topic', hours: 0, topic: 'cpr-bls' }),
      rule(4, { kind: 'topic', hours: 2, topic: 'ethics-jurisprudence' }),
      rule(5, { kind: 'self-study-maximum', hours: 1 }),
    ];
    const p = licenseProgress({ rules, entries: [course('2025-03-01', 2, 'live', ['infection-control']), course('2025-04-01', 2, 'live', ['ethics-jurisprudence'])], cycle, today });
    expect(p.rules.map((r) => [r.ruleId, r.status, r.counted, r.required])).toEqual([
      [1, 'partly-met', 4, 24],
      [2, 'partly-met', 2, 3],
      [3, 'missing', 0, 0],
      [4, 'met', 2, 2],
      [5, 'met', 0, 1],
    ]);
    // what's left says what the hours are for; a topic asked without hours asks for a course on it
    expect(p.whatsLeft.map((w) => w.text)).toEqual(['20 h more CE in this cycle', '1 h more on Infection control', 'A course on CPR/BLS, any length']);
    const none = licenseProgress({ rules, entries: [], cycle, today });
    expect(none.rules.map((r) => r.status)).toEqual(['missing', 'missing', 'missing', 'missing', 'met']);
    expect(none.whatsLeft.map((w) => w.text)).toEqual(['24 h more CE in this cycle', '3 h on Infection control', 'A course on CPR/BLS, any length', '2 h on Ethics or jurisprudence']);
  });

  const quarter = fc.integer({ min: 0, max: 80 }).map((q) => q / 4);
  const entryArb = fc.record({
    date: fc.integer({ min: 0, max: 1500 }).map((d) => new Date(Date.UTC(2024, 0, 1) + d * 86_400_000).toISOString().slice(0, 10)),
    hours: quarter,
    format: fc.constantFrom('live' as const, 'self-study' as const),
    topics: fc.subarray([...NAMED_TOPICS]),
    otherTopics: fc.constant([] as string[]),
  });
  const rulesArb = fc.record({
    total: fc.option(fc.integer({ min: 1, max: 60 })),
    selfHours: fc.option(quarter),
    selfPercent: fc.option(fc.integer({ min: 0, max: 100 })),
    caps: fc.array(fc.record({ topic: fc.constantFrom(...NAMED_TOPICS), hours: quarter }), { maxLength: 3 }),
  });
  const build = (r: { total: number | null; selfHours: number | null; selfPercent: number | null; caps: { topic: NamedTopic; hours: number }[] }): ProgressRule[] => {
    const out: ProgressRule[] = [];
    if (r.total !== null) out.push(rule(1, { kind: 'total', hours: r.total }));
    if (r.selfHours !== null) out.push(rule(2, { kind: 'self-study-maximum', hours: r.selfHours }));
    else if (r.selfPercent !== null) out.push(rule(2, { kind: 'self-study-maximum', hours: null, percent: r.selfPercent }));
    r.caps.forEach((c, i) => out.push(rule(10 + i, { kind: 'category-cap', topic: c.topic, hours: c.hours })));
    return out;
  };

  it('properties: counted ≤ earned, counted self-study ≤ its limit, counted = live + self-study, a cap’s topic never counts over it', () => {
    fc.assert(
      fc.property(rulesArb, fc.array(entryArb, { maxLength: 25 }), (r, entries) => {
        const rules = build(r);
        const p = licenseProgress({ rules, entries, cycle, today });
        expect(p.counted).toBeLessThanOrEqual(p.earned);
        expect(p.live.counted).toBeLessThanOrEqual(p.live.earned);
        expect(p.selfStudy.counted).toBeLessThanOrEqual(p.selfStudy.earned);
        if (p.selfStudy.cap !== null) expect(p.selfStudy.counted).toBeLessThanOrEqual(p.selfStudy.cap);
        expect(Math.abs(p.counted - (p.live.counted + p.selfStudy.counted))).toBeLessThan(0.011);
        for (const c of rules.filter((x) => x.kind === 'category-cap')) expect(p.rules.find((x) => x.ruleId === c.id)!.counted).toBeLessThanOrEqual(c.hours!);
        if (p.required !== null) expect(p.rules.find((x) => x.kind === 'total')!.met).toBe(p.counted >= p.required);
        for (const x of p.rules) expect(x.status).toBe(x.met ? 'met' : x.counted > 0 ? 'partly-met' : 'missing');
      }),
    );
  });

  it('properties: another course never lowers what counts, and a tighter limit never raises it', () => {
    fc.assert(
      fc.property(rulesArb, fc.array(entryArb, { maxLength: 20 }), entryArb, (r, entries, extra) => {
        const rules = build(r);
        const base = licenseProgress({ rules, entries, cycle, today });
        // appended as the newest course, so the caps' oldest-first order keeps what the others counted
        const later = { ...extra, date: cycle.end };
        expect(licenseProgress({ rules, entries: [...entries, later], cycle, today }).counted).toBeGreaterThanOrEqual(base.counted);
        const tighter = rules.map((x) => (x.kind === 'self-study-maximum' && x.hours !== null ? { ...x, hours: x.hours / 2 } : x));
        expect(licenseProgress({ rules: tighter, entries, cycle, today }).counted).toBeLessThanOrEqual(base.counted);
      }),
    );
  });
});
