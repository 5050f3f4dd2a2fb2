// A course taken elsewhere and its proof photo through the outbox, against the real server (issue 19, decision
// 0027): recorded offline, kept on the device (fake-indexeddb) with its file as bytes, and sent when the network is
// back through a network that loses the first answer after the server acted and delivers a copy twice. The server
// records it once, with the photo's bytes, and answers every repeat of the key with the first answer. The multipart
// body differs on every try (its boundary is the browser's pick): the key's sameness is the record and the file.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getReportedCourses, postReportedCourseAdd } from '../../src/shared/api/license.ts';
import { setCallSucceededHandler } from '../../src/client/lib/api.ts';
import { createOutbox } from '../../src/client/lib/outbox/outbox.ts';
import { outboxStorage } from '../../src/client/lib/outbox/storage.ts';
import { sendAction } from '../../src/client/lib/outbox/transport.ts';
import { buildTestApp, createStudents, type TestApp } from '../../src/server/test-support.ts';

const ORIGIN = 'http://localhost:8080';

let t: TestApp;
let student: { id: number; hash: string; cookie: string };

/** what the network does with each delivery, in order; then 'ok' */
let faults: ('down' | 'unanswered' | 'twice' | 'ok')[] = [];
const delivered: { boundary: string; key: string }[] = [];

async function networkFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request ? input : new Request(input, init);
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
  headers.cookie = student.cookie;
  headers.origin = ORIGIN;
  headers['sec-fetch-site'] = 'same-origin';
  const fault = faults.shift() ?? 'ok';
  if (fault === 'down') throw new TypeError('Failed to fetch');
  const payload = Buffer.from(await request.arrayBuffer());
  delivered.push({ boundary: /boundary=(.+)$/.exec(headers['content-type'] ?? '')?.[1] ?? '', key: headers['idempotency-key'] ?? '' });
  const inject = () => t.app.inject({ method: request.method as 'POST', url: url.pathname + url.search, headers, payload });
  if (fault === 'unanswered') {
    await inject();
    throw new TypeError('Failed to fetch');
  }
  const res = fault === 'twice' ? (await Promise.all([inject(), inject()]))[1] : await inject();
  return new Response(res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') } });
}

const record = { title: 'BLS Provider Renewal', provider: 'American Red Cross', date: '2026-11-02', hours: 4, format: 'live' as const, topics: ['cpr-bls' as const], otherTopics: [], agdCode: null };
/** a small real JPEG (SOI, a JFIF APP0, EOI), as the shrinker's output would start and end */
const photo = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, ...Array.from({ length: 2000 }, (_, i) => i % 251), 0xff, 0xd9]);

beforeAll(async () => {
  t = await buildTestApp();
  [student] = await createStudents(t, 1, 'upload');
  vi.stubGlobal('fetch', networkFetch);
  for (const a of await outboxStorage.all()) await outboxStorage.delete(a.id);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  setCallSucceededHandler(() => undefined);
  await t?.close();
});

describe('a course from elsewhere with its photo, through the outbox', () => {
  it('is kept with its file while offline and recorded once, with the file, through lost answers and duplicates', async () => {
    const timers: (() => void)[] = [];
    const outbox = createOutbox({
      storage: outboxStorage,
      send: sendAction,
      owner: () => student.hash,
      lock: (work) => work(),
      schedule: (run) => {
        timers.push(run);
        return () => timers.splice(timers.indexOf(run), 1);
      },
    });
    faults = ['down'];
    const outcome = await outbox.submit({ path: postReportedCourseAdd.path, body: record, label: 'CE earned elsewhere', id: 'upload-key-0001', file: { name: 'IMG_0412.jpg', type: 'image/jpeg', bytes: photo.slice().buffer } });
    expect(outcome).toEqual({ kind: 'pending' });
    const [kept] = await outboxStorage.all();
    expect(new Uint8Array(kept!.file!.bytes)).toEqual(photo);

    // back online: the first delivery is applied but its answer lost; the next is delivered twice at once
    faults = ['unanswered', 'twice'];
    await outbox.replay();
    expect(await outboxStorage.all()).toHaveLength(1);
    await outbox.replay();
    expect(await outboxStorage.all()).toEqual([]);
    // every try was its own multipart body, under the one key
    expect(new Set(delivered.map((d) => d.key))).toEqual(new Set(['upload-key-0001']));
    expect(new Set(delivered.map((d) => d.boundary)).size).toBeGreaterThan(1);

    const list = await t.app.inject({ method: 'GET', url: `/api/${getReportedCourses.path}`, headers: { cookie: student.cookie } });
    const courses = (JSON.parse(list.body) as { courses: { id: number; title: string; proof: { bytes: number; type: string } | null }[] }).courses;
    expect(courses.map((c) => c.title)).toEqual([record.title]);
    expect(courses[0]!.proof).toMatchObject({ type: 'image/jpeg', bytes: photo.length });
    const proof = await t.app.inject({ method: 'GET', url: `/api/reported-course-proof?id=${courses[0]!.id}`, headers: { cookie: student.cookie } });
    expect(proof.statusCode).toBe(200);
    expect(new Uint8Array(proof.rawPayload)).toEqual(photo);
  });
});
