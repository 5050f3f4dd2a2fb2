// An upload in the outbox (issue 19, docs/decisions/0027): the action's file is kept on the device with it, in the
// real IndexedDB store, byte for byte, and is sent as one multipart request — the record part (the body as JSON,
// with the student) before the file part, named as the contract's `upload` names them — under the action's key.
import { describe, expect, it, vi } from 'vitest';
import { postReportedCourseAdd } from '#shared/api/license';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/api/idempotency';
import type { OutboxAction } from './outbox.ts';
import { outboxStorage } from './storage.ts';
import { sendAction } from './transport.ts';

const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 250, 0xff, 0xd9]);

const record = { title: 'BLS for Healthcare Providers', provider: 'Red Cross', date: '2026-10-02', hours: 4, format: 'live' as const, topics: ['cpr-bls' as const], otherTopics: [], agdCode: null };

const action = (): OutboxAction => ({
  id: 'a1b2c3d4-upload',
  seq: 1,
  owner: 'student-hash',
  path: postReportedCourseAdd.path,
  body: record,
  file: { name: 'certificate.jpg', type: 'image/jpeg', bytes: jpeg.slice().buffer },
  label: 'CE earned elsewhere: BLS',
  createdAt: 1,
  attempts: 0,
  state: 'pending',
});

describe('an upload in the outbox', () => {
  it('keeps the file with its action on the device, byte for byte', async () => {
    await outboxStorage.put(action());
    const [kept] = await outboxStorage.all();
    expect(kept!.file!.name).toBe('certificate.jpg');
    expect(kept!.file!.type).toBe('image/jpeg');
    expect(new Uint8Array(kept!.file!.bytes)).toEqual(jpeg);
    await outboxStorage.delete(kept!.id);
  });

  it('sends the record and then the file as one multipart request, under the action’s key', async () => {
    const sent: { url: string; key: string | null; contentType: string; parts: [string, FormDataEntryValue][] }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const form = await request.formData();
      sent.push({ url: new URL(request.url).pathname, key: request.headers.get(IDEMPOTENCY_KEY_HEADER), contentType: request.headers.get('content-type') ?? '', parts: [...form.entries()] });
      const course = { id: 7, ...record, proof: { name: 'certificate.jpg', type: 'image/jpeg', bytes: jpeg.length }, createdAt: '2026-11-26T10:00:00Z' };
      return new Response(JSON.stringify({ status: true, course }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const result = await sendAction(action());
    expect(result.kind).toBe('applied');
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request!.url).toBe(`/api/${postReportedCourseAdd.path}`);
    expect(request!.key).toBe('a1b2c3d4-upload');
    expect(request!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(request!.parts.map(([name]) => name)).toEqual([postReportedCourseAdd.upload!.record, postReportedCourseAdd.upload!.file]);
    expect(JSON.parse(request!.parts[0]![1] as string)).toEqual({ ...record, s: 'student-hash' });
    const file = request!.parts[1]![1] as File;
    expect(file.name).toBe('certificate.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(jpeg);
  });
});
