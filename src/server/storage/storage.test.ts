// The storage every file goes through (issue 18): what is put is read back and served by the media route with
// byte ranges and revalidation; a key never reaches outside the root; a private key is never media.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test-support.ts';
import { storageContract } from './storage.contract.test-support.ts';
import { keyPath, localFolderStorage, storageOf } from './storage.ts';

storageContract('a local folder', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'ce-pass-storage-contract-'));
  return { storage: localFolderStorage(root), dispose: async () => rmSync(root, { recursive: true, force: true }) };
});

describe('a local folder storage', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'ce-pass-storage-'));
  const storage = localFolderStorage(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reads back what was put, and forgets what was removed', async () => {
    await storage.put('private/1/proof.pdf', Buffer.from('%PDF-1.7 proof'));
    expect((await storage.read('private/1/proof.pdf'))?.toString()).toBe('%PDF-1.7 proof');
    await storage.remove('private/1/proof.pdf');
    expect(await storage.read('private/1/proof.pdf')).toBeNull();
  });

  it('never reaches outside its root, however a key is spelled', async () => {
    for (const key of ['../escape.txt', 'a/../../escape.txt', '..', '', 'a\0b']) {
      expect(keyPath(key), key).toBeNull();
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow('not a storage key');
    }
    expect(keyPath('/audio//x.mp3')).toBe('audio/x.mp3');
    expect(keyPath('audio/./y/../x.mp3')).toBe('audio/x.mp3');
  });
});

describe('media through the storage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { demo: false });
  });
  afterAll(async () => t?.close());

  it('serves a file put in the storage, with byte ranges and a 304 for what the browser has', async () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
    await storageOf(t.config).put('audio/stored.mp3', bytes);
    const whole = await t.app.inject('/media/audio/stored.mp3');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await t.app.inject({ url: '/media/audio/stored.mp3', headers: { range: 'bytes=990-' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 990-999/1000');
    expect([...part.rawPayload]).toEqual([...bytes.subarray(990)]);
    const again = await t.app.inject({ url: '/media/audio/stored.mp3', headers: { 'if-none-match': String(whole.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const past = await t.app.inject({ url: '/media/audio/stored.mp3', headers: { range: 'bytes=5000-' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */1000');
  });

  it('never serves a private key as media, however it is spelled', async () => {
    await storageOf(t.config).put('private/7/photo.jpg', Buffer.from('jpeg'));
    for (const url of ['/media/private/7/photo.jpg', '/media/audio/../private/7/photo.jpg', '/media/%70rivate/7/photo.jpg', '/media/Private/7/photo.jpg']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe('Not found.');
    }
  });
});
