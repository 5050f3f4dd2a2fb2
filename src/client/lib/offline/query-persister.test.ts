// What was seen stays, for the student who saw it: the persister against IndexedDB (fake-indexeddb), as a
// cold start would read it back.
import { QueryClient } from '@tanstack/react-query';
import { get, set } from 'idb-keyval';
import { afterEach, describe, expect, it } from 'vitest';
import { getValidateUsername } from '#shared/api/session';
import { getSeats } from '#shared/api/my-ce';
import { getBlurb } from '#shared/api/catalog';
import { getExam } from '#shared/api/learning';
import { ApiError, NETWORK_ERROR } from '../api.ts';
import { apiQuery } from '../query-client.ts';
import { MAX_AGE_MS } from './kept-queries.ts';
import { PERSISTED_QUERIES_KEY, persistQueries, type PinTest } from './query-persister.ts';
import { restoreQueries } from './restore-queries.ts';
import { KEPT_PATHS, PINNED_ONLY_PATHS } from './kept-queries.ts';
import { allEndpoints } from '#shared/api/index';

const seatsKey = apiQuery(getSeats).queryKey;
const seats = { status: true, rowCount: 0, data: [] };
const blurbKey = apiQuery(getBlurb, { code: 'terms' }).queryKey;
const blurb = { status: true, rowCount: 1, data: [{ code: 'terms', blurb: '<p>Terms</p>' }] };
const usernameKey = apiQuery(getValidateUsername, { s: '', u: 'maya' }).queryKey;
const examKey = apiQuery(getExam, { p: 'ep1' }).queryKey;
const exam = {
  status: true,
  exam: { minScore: 70, questions: [] },
  studentData: { evalTaken: false, examTaken: false, examScore: null, examDate: null, attended: null },
  classId: null,
  podcastId: 7,
  title: 'Fluoride varnish myths',
  credits: 1,
  releaseDate: '2026-01-05T00:00:00.000Z',
};

const nothingPinned: PinTest = () => false;
const examPinned: PinTest = (key) => key[1] === 'exam';

/** a client that saw these answers, its record written as the app writes it */
async function saw(owner: string | null, pinned: PinTest, answers: [readonly unknown[], unknown][]): Promise<void> {
  const client = new QueryClient();
  const persister = persistQueries(client, () => owner, pinned);
  for (const [key, data] of answers) client.setQueryData(key, data);
  await persister.flush();
}

/** a cold start: a new client reading the record back */
async function coldStart(owner: string | null, pinned: PinTest = nothingPinned, now?: number): Promise<QueryClient> {
  const client = new QueryClient();
  await restoreQueries(client, owner, pinned, now);
  return client;
}

afterEach(async () => {
  await set(PERSISTED_QUERIES_KEY, undefined);
});

describe('what was seen stays', () => {
  it('brings back what the student read, and not what only makes sense live', async () => {
    await saw('st1', nothingPinned, [
      [seatsKey, seats],
      [blurbKey, blurb],
      [usernameKey, { status: true }],
      [examKey, exam],
    ]);
    const client = await coldStart('st1');
    expect(client.getQueryData(seatsKey)).toEqual(seats);
    expect(client.getQueryData(blurbKey)).toEqual(blurb);
    expect(client.getQueryData(usernameKey)).toBeUndefined();
    expect(client.getQueryData(examKey)).toBeUndefined();
    // with the time it was fetched, for the offline marker
    expect(client.getQueryState(seatsKey)?.dataUpdatedAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it("keeps a download's exam questions while the download pins them", async () => {
    await saw('st1', examPinned, [[examKey, exam]]);
    expect((await coldStart('st1', examPinned)).getQueryData(examKey)).toEqual(exam);
    expect((await coldStart('st1', nothingPinned)).getQueryData(examKey)).toBeUndefined();
  });

  it('never shows one student what another saw, and the next one replaces it', async () => {
    await saw('st1', nothingPinned, [[seatsKey, seats]]);
    expect((await coldStart('st2')).getQueryData(seatsKey)).toBeUndefined();
    await saw('st2', nothingPinned, [[blurbKey, blurb]]);
    const record = await get(PERSISTED_QUERIES_KEY);
    expect(record.owner).toBe('st2');
    expect(record.state.queries.map((q: { queryKey: unknown[] }) => q.queryKey[1])).toEqual(['blurb']);
  });

  it("never shows a visitor what a student saw, nor a student a visitor's stale copy", async () => {
    await saw('st1', nothingPinned, [[blurbKey, blurb]]);
    expect((await coldStart(null)).getQueryData(blurbKey)).toBeUndefined();
    await saw(null, nothingPinned, [[blurbKey, blurb]]);
    expect((await coldStart('st1')).getQueryData(blurbKey)).toBeUndefined();
  });

  it('drops an answer that no longer fits the contract, and one too old to show', async () => {
    await saw('st1', examPinned, [
      [seatsKey, { status: true, rows: 'an older shape' }],
      [blurbKey, blurb],
      [examKey, exam],
    ]);
    const later = Date.now() + MAX_AGE_MS + 60_000;
    const client = await coldStart('st1', examPinned, later);
    expect(client.getQueryData(seatsKey)).toBeUndefined();
    expect(client.getQueryData(blurbKey)).toBeUndefined();
    // a pinned answer stays as long as its download
    expect(client.getQueryData(examKey)).toEqual(exam);
  });

  it('keeps a newer answer fetched before the record was read', async () => {
    await saw('st1', nothingPinned, [[seatsKey, seats]]);
    const client = new QueryClient();
    const fresh = { status: true, rowCount: 0, data: [] };
    client.setQueryData(seatsKey, fresh, { updatedAt: Date.now() + 1000 });
    await restoreQueries(client, 'st1', nothingPinned);
    expect(client.getQueryData(seatsKey)).toBe(fresh);
  });

  it('keeps an answer whose refresh failed offline, as the answer it was', async () => {
    const client = new QueryClient();
    const persister = persistQueries(client, () => 'st1', nothingPinned);
    client.setQueryData(seatsKey, seats);
    await client.fetchQuery({ queryKey: seatsKey, queryFn: () => Promise.reject(new ApiError(0, 'network', NETWORK_ERROR)), retry: false, staleTime: 0 }).catch(() => undefined);
    expect(client.getQueryState(seatsKey)?.status).toBe('error');
    await persister.flush();
    const restored = await coldStart('st1');
    expect(restored.getQueryData(seatsKey)).toEqual(seats);
    expect(restored.getQueryState(seatsKey)?.status).toBe('success');
  });

  it('a start online keeps what an earlier visit kept, adding what this one sees', async () => {
    await saw('st1', nothingPinned, [[seatsKey, seats]]);
    await saw('st1', nothingPinned, [[blurbKey, blurb]]);
    const client = await coldStart('st1');
    expect(client.getQueryData(seatsKey)).toEqual(seats);
    expect(client.getQueryData(blurbKey)).toEqual(blurb);
  });

  it('asks for what was kept at the first try that finds no server', async () => {
    const client = new QueryClient();
    let asked = 0;
    const persister = persistQueries(client, () => 'st1', nothingPinned, { onUnreachable: () => asked++ });
    await client.fetchQuery({ queryKey: seatsKey, queryFn: () => Promise.reject(new ApiError(500, 'broken', null)), retry: 1, retryDelay: 0 }).catch(() => undefined);
    expect(asked).toBe(0);
    await client.fetchQuery({ queryKey: blurbKey, queryFn: () => Promise.reject(new ApiError(0, 'network', NETWORK_ERROR)), retry: 1, retryDelay: 0 }).catch(() => undefined);
    expect(asked).toBeGreaterThan(0);
    await persister.stopAndClear();
  });

  it('names only GET endpoints of the contract', () => {
    const gets = new Set(allEndpoints.filter((e) => e.method === 'GET').map((e) => e.path));
    expect([...KEPT_PATHS, ...PINNED_ONLY_PATHS].filter((path) => !gets.has(path))).toEqual([]);
  });

  it('writes nothing more once stopped at logout, and the record is gone', async () => {
    const client = new QueryClient();
    const persister = persistQueries(client, () => 'st1', nothingPinned);
    client.setQueryData(seatsKey, seats);
    await persister.flush();
    expect(await get(PERSISTED_QUERIES_KEY)).toBeDefined();
    await persister.stopAndClear();
    client.setQueryData(blurbKey, blurb);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await get(PERSISTED_QUERIES_KEY)).toBeUndefined();
  });
});
