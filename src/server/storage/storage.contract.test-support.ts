// What every implementation of the storage must do (issue 18): the local folder passes it in storage.test.ts, and
// an object-store implementation must pass the same suite before any server uses it (docs/decisions/0029). It
// speaks only through the Storage interface: put, read, remove, import a folder, and answer an HTTP GET or HEAD
// with byte ranges, validators and 304s, as the media route relies on.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage, StoredAnswer } from './storage.ts';

/** a GET or HEAD as the media route hands it on: only the method and the headers are read */
const asked = (headers: Record<string, string> = {}, method = 'GET') => ({ method, url: '/', headers }) as unknown as IncomingMessage;

async function bodyOf(answer: StoredAnswer): Promise<Buffer | null> {
  if (!answer.body) return null;
  const parts: Buffer[] = [];
  for await (const part of answer.body) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

/** a header of the answer, by its name in any case, as the text it is sent as */
const header = (answer: StoredAnswer, name: string): string | undefined => {
  const found = Object.entries(answer.headers).find(([k]) => k.toLowerCase() === name);
  return found === undefined ? undefined : String(found[1]);
};

export function storageContract(name: string, make: () => Promise<{ storage: Storage; dispose: () => Promise<void> }>): void {
  describe(`the storage contract: ${name}`, () => {
    let storage: Storage;
    let dispose: () => Promise<void>;
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7) % 256));
    beforeAll(async () => {
      ({ storage, dispose } = await make());
    });
    afterAll(async () => dispose?.());

    it('put, then read: the same bytes; put again: the new ones; a key nobody put: null', async () => {
      await storage.put('audio/contract.mp3', bytes);
      expect((await storage.read('audio/contract.mp3'))?.equals(bytes)).toBe(true);
      await storage.put('audio/contract.mp3', bytes.subarray(0, 10));
      expect((await storage.read('audio/contract.mp3'))?.equals(bytes.subarray(0, 10))).toBe(true);
      await storage.put('audio/contract.mp3', bytes);
      expect(await storage.read('audio/never-put.mp3')).toBeNull();
      // one key, however it is spelled
      expect((await storage.read('audio/./x/../contract.mp3'))?.equals(bytes)).toBe(true);
    });

    it('answers a GET with the whole file, its type, length and validators; a HEAD with no body', async () => {
      const whole = await storage.answer(asked(), 'audio/contract.mp3');
      expect(whole.statusCode).toBe(200);
      expect(header(whole, 'content-type')).toBe('audio/mpeg');
      expect(header(whole, 'content-length')).toBe('1000');
      expect(header(whole, 'accept-ranges')).toBe('bytes');
      expect(header(whole, 'etag')).toBeTruthy();
      expect((await bodyOf(whole))?.equals(bytes)).toBe(true);
      const head = await storage.answer(asked({}, 'HEAD'), 'audio/contract.mp3');
      expect(head.statusCode).toBe(200);
      expect(header(head, 'content-length')).toBe('1000');
      expect((await bodyOf(head))?.length ?? 0).toBe(0);
    });

    it('answers byte ranges (an audio seek), and 416 with the size for a range past the end', async () => {
      const part = await storage.answer(asked({ range: 'bytes=100-199' }), 'audio/contract.mp3');
      expect(part.statusCode).toBe(206);
      expect(header(part, 'content-range')).toBe('bytes 100-199/1000');
      expect((await bodyOf(part))?.equals(bytes.subarray(100, 200))).toBe(true);
      const tail = await storage.answer(asked({ range: 'bytes=-24' }), 'audio/contract.mp3');
      expect(tail.statusCode).toBe(206);
      expect((await bodyOf(tail))?.equals(bytes.subarray(976))).toBe(true);
      const past = await storage.answer(asked({ range: 'bytes=5000-' }), 'audio/contract.mp3');
      expect(past.statusCode).toBe(416);
      expect(header(past, 'content-range')).toBe('bytes */1000');
      expect(past.body).toBeNull();
    });

    it('answers 304 to the validator the browser holds, and the new bytes once the file changed', async () => {
      const first = await storage.answer(asked(), 'audio/contract.mp3');
      await bodyOf(first);
      const etag = header(first, 'etag')!;
      const again = await storage.answer(asked({ 'if-none-match': etag }), 'audio/contract.mp3');
      expect(again.statusCode).toBe(304);
      expect(again.body).toBeNull();
      // (another length: an ETag made of size and time changes even within the same second)
      const changed = Buffer.from('a different file');
      await storage.put('audio/contract.mp3', changed);
      const after = await storage.answer(asked({ 'if-none-match': etag }), 'audio/contract.mp3');
      expect(after.statusCode).toBe(200);
      expect((await bodyOf(after))?.equals(changed)).toBe(true);
      await storage.put('audio/contract.mp3', bytes);
    });

    it('not found: 404 with no body for a key nobody put and for one removed; removing it twice is no error', async () => {
      const none = await storage.answer(asked(), 'video/nothing.mp4');
      expect(none.statusCode).toBe(404);
      expect(none.body).toBeNull();
      await storage.put('pdf/gone.pdf', Buffer.from('%PDF-1.7'));
      await storage.remove('pdf/gone.pdf');
      await storage.remove('pdf/gone.pdf');
      expect(await storage.read('pdf/gone.pdf')).toBeNull();
      expect((await storage.answer(asked(), 'pdf/gone.pdf')).statusCode).toBe(404);
    });

    it('keeps private keys like any other, and never lets a key climb out of the store', async () => {
      // the route decides who may read private/ (media never serves it); the store keeps and returns it by its key
      await storage.put('private/42/license.pdf', Buffer.from('%PDF-1.7 a license'));
      expect((await storage.read('private/42/license.pdf'))?.toString()).toBe('%PDF-1.7 a license');
      for (const key of ['../escape.txt', 'a/../../escape.txt', '..', '', 'a\0b']) {
        await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow();
        await expect(storage.read(key), key).rejects.toThrow();
        expect((await storage.answer(asked(), key)).statusCode, key).toBe(404);
      }
      await storage.remove('private/42/license.pdf');
      expect(await storage.read('private/42/license.pdf')).toBeNull();
    });

    it('imports a folder, each file under its path in it', async () => {
      const from = mkdtempSync(path.join(tmpdir(), 'ce-pass-import-'));
      try {
        mkdirSync(path.join(from, 'img', 'speakers'), { recursive: true });
        writeFileSync(path.join(from, 'img', 'speakers', 'a.jpg'), 'jpeg a');
        writeFileSync(path.join(from, 'top.txt'), 'top');
        await storage.importFolder(from);
        expect((await storage.read('img/speakers/a.jpg'))?.toString()).toBe('jpeg a');
        expect((await storage.read('top.txt'))?.toString()).toBe('top');
      } finally {
        rmSync(from, { recursive: true, force: true });
      }
    });
  });
}
