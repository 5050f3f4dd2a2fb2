// The content pack's license presets and course topics (issue 19), validated like the rest of the pack: a preset's
// rules must be ones a student could save, each with a source link and the day it was checked; topics are the known
// ones. And the demo pack holds only what license-requirements.md's sources state.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPack, PackError } from '../../content/load-pack.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'ce-pass-presets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const source = { label: '22 TAC §104.1', url: 'https://texreg.sos.state.tx.us/', checkedOn: '2026-11-24', secondary: false };
const preset = (rules: unknown[], extra: Record<string, unknown> = {}) => ({ id: 'tx-rdh', jurisdiction: 'Texas', licenseType: 'RDH', cycleYears: 2, rules, ...extra });
const rule = (r: Record<string, unknown>) => ({ hours: null, source, ...r });

async function problemsOf(pack: Record<string, unknown>): Promise<string[]> {
  const sub = path.join(dir, Math.random().toString(36).slice(2));
  mkdirSync(sub);
  writeFileSync(path.join(sub, 'pack.json'), JSON.stringify({ format: 'ce-pass-content/1', ...pack }));
  const err = await loadPack(path.join(sub, 'pack.json'), { checkMedia: false }).then(() => null, (e: unknown) => e);
  if (err === null) return [];
  expect(err).toBeInstanceOf(PackError);
  return (err as PackError).problems;
}

describe('license presets in a content pack', () => {
  it('takes a preset whose rules a student could save', async () => {
    expect(await problemsOf({ licensePresets: [preset([rule({ key: 'total', kind: 'total', hours: 24 }), rule({ key: 'rm', kind: 'category-cap', hours: 8, topic: 'risk-management' })])] })).toEqual([]);
  });

  it('refuses an impossible rule, a rule key or preset id used twice, a source that is not a link or has no date', async () => {
    expect(await problemsOf({ licensePresets: [preset([rule({ key: 'total', kind: 'total', hours: 24 }), rule({ key: 'cap', kind: 'category-cap', hours: 30, topic: 'cpr-bls' })])] })).toEqual([
      'license preset tx-rdh: rule cap hours: The CPR/BLS cap (30 h) cannot be above the total of 24 h.',
    ]);
    expect(await problemsOf({ licensePresets: [preset([rule({ key: 'bls', kind: 'topic', hours: 1, topic: 'cpr-bls' }), rule({ key: 'bls', kind: 'topic', hours: 1, topic: 'child-abuse' })]), preset([])] })).toEqual([
      'license preset tx-rdh: rule key "bls" is used twice',
      'license preset tx-rdh: the id is used twice',
    ]);
    expect(await problemsOf({ licensePresets: [preset([rule({ key: 'total', kind: 'total', hours: 24, source: { ...source, url: 'the board website' } })])] })).toEqual(['licensePresets.0.rules.0.source.url: a source is a link']);
    expect(await problemsOf({ licensePresets: [preset([rule({ key: 'total', kind: 'total', hours: 24, source: { ...source, checkedOn: 'last week' } })])] })).toEqual(['licensePresets.0.rules.0.source.checkedOn: dates are written YYYY-MM-DD']);
    expect(await problemsOf({ licensePresets: [preset([rule({ key: 'total', kind: 'total', hours: -1 })])] })).toEqual(['licensePresets.0.rules.0.hours: Hours cannot be negative.']);
  });

  it('refuses a course topic it does not know', async () => {
    const problems = await problemsOf({ classes: [{ hash: 'a-class', kind: 'pdf', title: 'A', speaker: 'sp', categories: [], description: 'D', photo: 'a.jpg', credits: 1, ceType: 1, release: { minutesFromNow: -10 }, durationMin: 10, pdf: 'a.pdf', topics: ['infection-control', 'astrology'] }] });
    expect(problems).toContain('classes.0.topics.1: topics are infection-control, cpr-bls, ethics-jurisprudence, opioid-prescribing, medical-errors, child-abuse, human-trafficking, risk-management');
  });
});

describe('the demo pack’s presets', () => {
  it('hold what license-requirements.md’s sources state: Texas, New York, Florida and California; Ohio left out for its conflicting sources', async () => {
    const { pack } = await loadPack(path.resolve('content/demo/pack.json'), { checkMedia: false });
    const presets = pack.licensePresets!;
    expect(presets.map((p) => `${p.jurisdiction} ${p.licenseType} ${p.cycleYears}y`)).toEqual(['Texas RDH 2y', 'New York RDH 3y', 'Florida RDH 2y', 'California RDH 2y']);
    const total = (id: string) => presets.find((p) => p.id === id)!.rules.find((r) => r.kind === 'total')!.hours;
    expect(['tx-rdh', 'ny-rdh', 'fl-rdh', 'ca-rdh'].map(total)).toEqual([24, 24, 24, 25]);
    // every rule names where it comes from and when it was read; California's only from secondary sources
    for (const p of presets) for (const r of p.rules) expect(r.source.label.length).toBeGreaterThan(5);
    expect(presets.find((p) => p.id === 'ca-rdh')!.rules.every((r) => r.source.secondary)).toBe(true);
    expect(presets.find((p) => p.id === 'tx-rdh')!.rules.find((r) => r.kind === 'category-cap')).toMatchObject({ topic: 'risk-management', hours: 8 });
    expect(presets.find((p) => p.id === 'ny-rdh')!.rules.find((r) => r.topic === 'infection-control')).toMatchObject({ everyYears: 4 });
    // what no source read gives a figure for is said, not invented
    expect(presets.find((p) => p.id === 'ny-rdh')!.caveat).toContain('minimum of live hours');
    expect(presets.some((p) => p.jurisdiction === 'Ohio')).toBe(false);
    // a few demo classes carry topics, so their certificates count toward a mandatory topic
    expect(pack.classes!.filter((c) => c.topics?.includes('infection-control')).map((c) => c.hash)).toContain('bloodborne-pathogens-exposure');
  });
});
