// Multipart requests for tests of an upload endpoint (issue 19): the contract's `record` part and a file part, as a
// browser's FormData sends them, and small files of each kind the proof check knows.
import { randomUUID } from 'node:crypto';
import type { Endpoint } from '#shared/api/endpoint';

export interface TestFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** the smallest files the content check accepts: a JPEG (start and end of image), a PNG (signature and IHDR), a PDF */
export const SAMPLE = {
  jpeg: (): TestFile => ({ name: 'cpr-card.jpg', type: 'image/jpeg', bytes: Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]) }),
  png: (): TestFile => ({ name: 'certificate.png', type: 'image/png', bytes: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89]) }),
  pdf: (): TestFile => ({ name: 'certificate.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n') }),
};

/** a multipart/form-data body: the parts in order, each a text field or a file */
export function multipartBody(parts: ({ name: string; text: string } | { name: string; file: TestFile })[]): { payload: Buffer; contentType: string } {
  const boundary = `----cepass${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('text' in p) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.text}\r\n`));
    else chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.file.name}"\r\nContent-Type: ${p.file.type}\r\n\r\n`), Buffer.from(p.file.bytes), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** an upload endpoint's request as the client sends it: the body as the `record` part, then the file */
export const uploadBody = (ep: Endpoint, body: object, file: TestFile | null = SAMPLE.jpeg()) =>
  multipartBody([{ name: ep.upload!.record, text: JSON.stringify(body) }, ...(file ? [{ name: ep.upload!.file, file }] : [])]);
