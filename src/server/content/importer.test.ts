// The importer round trip: the demo pack in, the same counts and references out; a second import
// adds nothing; each start moves the demo webinars back to "soon".
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageOf } from '../storage/storage.ts';
import { buildTestApp, json, type TestApp } from '../test-support.ts';
import { importPack, reanchorDemoWebinars } from './importer.ts';
import { loadPack, PackError } from './load-pack.ts';

const PACK = path.resolve('content/demo/pack.json');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const count = async (table: 'classes' | 'podcasts' | 'podcastShows' | 'ebooks' | 'exams' | 'students' | 'certificates' | 'ads' | 'adBanners' | 'accreditations') =>
  Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('the demo pack', () => {
  it('meets the foundation issue’s content list', async () => {
    const { pack } = await loadPack(PACK);
    const kinds = (k: string) => pack.classes!.filter((c) => c.kind === k);
    const live = kinds('live');
    expect(live.length).toBeGreaterThanOrEqual(12);
    const offsets = live.map((c) => ('minutesFromNow' in c.release ? c.release.minutesFromNow : NaN));
    expect(offsets.every((m) => m >= -90 && m <= 30 * 24 * 60)).toBe(true);
    expect(live.some((c) => 'minutesFromNow' in c.release && c.release.minutesFromNow > 0 && c.release.minutesFromNow <= 30 && c.meetingCode)).toBe(true);
    expect(live.some((c) => 'minutesFromNow' in c.release && c.release.minutesFromNow < 0 && c.release.minutesFromNow + c.durationMin > 0)).toBe(true);
    expect(live.some((c) => c.capacity === 2)).toBe(true);
    expect(live.some((c) => c.meetingCode === null)).toBe(true);
    const onDemand = pack.classes!.filter((c) => c.kind !== 'live');
    expect(onDemand.length).toBeGreaterThanOrEqual(40);
    for (const k of ['video', 'pdf', 'archive', 'tutorial']) expect(kinds(k).length, k).toBeGreaterThan(0);
    expect(kinds('tutorial').length).toBeGreaterThanOrEqual(10);
    const episodes = pack.podcastShows!.flatMap((s) => s.episodes);
    expect(pack.podcastShows!.length).toBeGreaterThanOrEqual(4);
    expect(episodes.length).toBeGreaterThanOrEqual(24);
    expect(pack.ebooks!.length).toBeGreaterThanOrEqual(8);
    expect(pack.categories!.length).toBeGreaterThanOrEqual(8);
    expect(pack.companies!.length).toBeGreaterThanOrEqual(10);
    // an exam of 5–10 questions for every credit-bearing class and episode
    for (const item of [...pack.classes!, ...episodes].filter((i) => i.credits > 0)) {
      expect(item.exam, item.hash).toBeDefined();
      expect(item.exam!.questions.length, item.hash).toBeGreaterThanOrEqual(5);
      expect(item.exam!.questions.length, item.hash).toBeLessThanOrEqual(10);
    }
    expect(pack.blurbs!.map((b) => b.code)).toEqual(expect.arrayContaining(['terms', 'privacy']));
    expect(pack.featured?.class && pack.featured.podcast).toBeTruthy();
  });

  it('has accreditation statements that cover today and say they are examples', async () => {
    const { pack } = await loadPack(PACK);
    const today = new Date(t.clock.now()).toISOString().slice(0, 10);
    expect(pack.accreditations!.length).toBeGreaterThanOrEqual(2);
    for (const a of pack.accreditations!) {
      expect(a.statement, a.approvalBody).toMatch(/^Example statement of the demo content, not a real/);
      expect(a.validFrom <= today && today <= a.validThrough, a.approvalBody).toBe(true);
    }
  });
});

describe('importing', () => {
  it('stores everything the pack holds', async () => {
    const { pack } = await loadPack(PACK);
    const episodes = pack.podcastShows!.flatMap((s) => s.episodes);
    expect(await count('classes')).toBe(pack.classes!.length);
    expect(await count('podcastShows')).toBe(pack.podcastShows!.length);
    expect(await count('podcasts')).toBe(episodes.length);
    expect(await count('ebooks')).toBe(pack.ebooks!.length);
    expect(await count('exams')).toBe([...pack.classes!, ...episodes].filter((i) => i.exam).length);
    expect(await count('adBanners')).toBe(pack.ads!.length * 4);
    const demo = pack.students!.find((s) => s.username === 'demostudent')!;
    expect(await count('certificates')).toBe(demo.completed!.length);
    expect(await count('accreditations')).toBe(pack.accreditations!.length);
    // the demo's history is issued as a pass issues it: every certificate carries the statements of its date
    const carried = await t.database.db.selectFrom('certificateAccreditations').select(['certificateId', 'statement']).execute();
    expect(carried).toHaveLength(demo.completed!.length * pack.accreditations!.length);
    expect(new Set(carried.map((c) => c.statement))).toEqual(new Set(pack.accreditations!.map((a) => a.statement)));
  });

  it('keeps the seat invariant: confirmed seats never exceed capacity', async () => {
    const rows = await t.database.db.selectFrom('classes').select(['hash', 'capacity', 'seatsTaken']).where('capacity', 'is not', null).execute();
    for (const r of rows) expect(r.seatsTaken, r.hash).toBeLessThanOrEqual(r.capacity!);
    const reserved = await t.database.db.selectFrom('seats').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'reserved').executeTakeFirstOrThrow();
    const taken = await t.database.db.selectFrom('classes').select((eb) => eb.fn.sum<number>('seatsTaken').as('n')).executeTakeFirstOrThrow();
    expect(Number(taken.n)).toBe(Number(reserved.n));
  });

  it('adds nothing on a second import of the same pack', async () => {
    const before = await count('classes');
    const report = await importPack(t.database.db, await loadPack(PACK), { now: t.clock.now(), storage: storageOf(t.config), passwordHashCost: 10 });
    expect(report.added).toEqual({});
    expect(report.skipped.classes).toBe(before);
    expect(await count('classes')).toBe(before);
  });

  it('moves demo webinars back to their offsets from now at each start', async () => {
    t.clock.advance(10 * 24 * 3600 * 1000);
    const moved = await reanchorDemoWebinars(t.database.db, t.clock.now());
    expect(moved).toBeGreaterThanOrEqual(12);
    const res = json(await t.app.inject('/api/upcoming'));
    const soonest = Date.parse(res.data[0].releaseDateUTC);
    expect(soonest).toBeLessThan(t.clock.now());
    expect(res.data.some((w: { releaseDateUTC: string }) => Date.parse(w.releaseDateUTC) - t.clock.now() <= 30 * 60_000 && Date.parse(w.releaseDateUTC) > t.clock.now())).toBe(true);
  });
});

describe('a bad pack', () => {
  it('is rejected with every problem named', async () => {
    const dir = path.join(t.config.dataDir, 'bad-pack');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'pack.json'),
      JSON.stringify({
        format: 'ce-pass-content/1',
        classes: [{ hash: 'x-class', kind: 'video', title: 'X', speaker: 'nobody', categories: ['nothing'], description: 'd', photo: 'images/x.svg', credits: 1, ceType: 1, release: { minutesFromNow: -5 }, durationMin: 10 }],
      }),
    );
    const err = await loadPack(path.join(dir, 'pack.json')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PackError);
    expect((err as PackError).problems).toEqual(
      expect.arrayContaining(['class x-class: unknown speaker "nobody"', 'class x-class: unknown category "nothing"', 'class x-class: a video class needs a video or youtubeId', 'missing media file media/images/x.svg']),
    );
  });
});

describe('accreditations in a pack', () => {
  const statement = { provider: 'Acme Dental CE', approvalBody: 'State Board', statement: 'Acme Dental CE is approved by the State Board.' };
  async function problemsOf(accreditations: unknown[]): Promise<string[]> {
    const dir = path.join(t.config.dataDir, `accreditation-pack-${Math.random().toString(36).slice(2)}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'pack.json'), JSON.stringify({ format: 'ce-pass-content/1', accreditations }));
    const err = await loadPack(path.join(dir, 'pack.json')).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(PackError);
    return (err as PackError).problems;
  }

  it('refuses dates that are not calendar days, and a statement without its text', async () => {
    expect(await problemsOf([{ ...statement, validFrom: '2026-02-30', validThrough: '2027-12-31' }])).toEqual(['accreditations.0.validFrom: no such day']);
    expect(await problemsOf([{ ...statement, validFrom: '2026-01-01', validThrough: '12/31/2027' }])).toEqual(['accreditations.0.validThrough: dates are written YYYY-MM-DD']);
    expect(await problemsOf([{ ...statement, statement: '  ', validFrom: '2026-01-01', validThrough: '2027-12-31' }])).toEqual([expect.stringMatching(/^accreditations\.0\.statement: /)]);
  });

  it('refuses a period that ends before it starts, and two periods of one approval that overlap', async () => {
    expect(await problemsOf([{ ...statement, validFrom: '2027-01-01', validThrough: '2026-12-31' }])).toEqual([
      'accreditation State Board (Acme Dental CE, from 2027-01-01): validThrough 2026-12-31 is before validFrom 2027-01-01',
    ]);
    expect(
      await problemsOf([
        { ...statement, validFrom: '2024-01-01', validThrough: '2025-12-31' },
        { ...statement, validFrom: '2025-06-01', validThrough: '2027-05-31' },
      ]),
    ).toEqual(['accreditation State Board (Acme Dental CE, from 2025-06-01): its period overlaps the one from 2024-01-01 through 2025-12-31']);
  });

  it('imports a renewal that follows the old period, and skips a statement imported before', async () => {
    const dir = path.join(t.config.dataDir, 'renewal-pack');
    mkdirSync(dir, { recursive: true });
    const renewal = [
      { ...statement, validFrom: '2024-01-01', validThrough: '2025-12-31' },
      { ...statement, statement: 'Acme Dental CE is approved by the State Board (renewed).', validFrom: '2026-01-01', validThrough: '2027-12-31' },
    ];
    writeFileSync(path.join(dir, 'pack.json'), JSON.stringify({ format: 'ce-pass-content/1', accreditations: renewal }));
    const opts = { now: t.clock.now(), storage: storageOf(t.config), passwordHashCost: 10 };
    expect((await importPack(t.database.db, await loadPack(path.join(dir, 'pack.json')), opts)).added).toEqual({ accreditations: 2 });
    expect((await importPack(t.database.db, await loadPack(path.join(dir, 'pack.json')), opts)).skipped).toEqual({ accreditations: 2 });
    const stored = await t.database.db.selectFrom('accreditations').select(['statement', 'validFrom', 'validThrough']).where('provider', '=', 'Acme Dental CE').orderBy('validFrom').execute();
    expect(stored).toEqual(renewal.map(({ statement: text, validFrom, validThrough }) => ({ statement: text, validFrom, validThrough })));
  });
});

describe('media', () => {
  it('serves byte ranges, so audio can seek', async () => {
    const dir = path.join(t.config.dataDir, 'media', 'audio');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'range-test.mp3'), Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256)));
    const res = await t.app.inject({ url: '/media/audio/range-test.mp3', headers: { range: 'bytes=100-199' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 100-199/1000');
    expect(res.rawPayload.length).toBe(100);
    expect(res.rawPayload[0]).toBe(100);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect((await t.app.inject('/media/nothing-here.mp3')).statusCode).toBe(404);
  });
});
