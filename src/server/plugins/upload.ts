// Multipart uploads (issue 19; docs/decisions/0026-license-tracker.md): an endpoint with `upload` in the contract
// takes multipart/form-data with a `record` part (its body as JSON text, validated by the body schema exactly as a
// JSON POST) and one file part, at most `maxBytes`. The contract plugin reads them here, after the same Origin,
// write-limit and session checks as every POST; what the file is, is the module's to judge (by its content).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { Endpoint } from '#shared/api/endpoint';

export interface UploadedFile {
  /** the name the client gave, as sent: judged and cleaned by whoever keeps it */
  filename: string;
  /** the declared type: never trusted, the content decides */
  declaredType: string;
  bytes: Buffer;
  /** sha256 of the bytes, hex: what the Idempotency-Key compares, since the multipart boundary differs per send */
  sha256: string;
}

export const UPLOAD_MESSAGES = {
  notMultipart: 'Send the record and its file as multipart/form-data.',
  unreadable: 'The upload is not a readable multipart form. Send the record and its file as multipart/form-data.',
  tooLarge: (maxBytes: number) => `The file is too large: at most ${Math.floor(maxBytes / (1024 * 1024))} MB.`,
  tooManyParts: 'Send one record and at most one file.',
  noRecord: (record: string) => `${record} is required`,
  recordNotJson: (record: string) => `${record} must be the record as JSON`,
  unexpectedPart: (name: string) => `Unexpected part "${name.slice(0, 40)}".`,
} as const;

/** the largest record part: far above any body the contract accepts as JSON (the app's body limit is 64 KiB) */
const RECORD_MAX_BYTES = 64 * 1024;

export async function registerUploads(app: FastifyInstance): Promise<void> {
  // only the parser: each upload reads its parts with its own limits (readUpload)
  await app.register(multipart, { throwFileSizeLimit: true });
}

export const isMultipart = (req: FastifyRequest): boolean => (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');

export type UploadResult = { record: unknown; file: UploadedFile | null } | { status: number; message: string };

/** the record (parsed JSON) and the file of an upload endpoint's request; a status and plain message when they are not there */
export async function readUpload(req: FastifyRequest, upload: NonNullable<Endpoint['upload']>): Promise<UploadResult> {
  let recordText: string | null = null;
  let file: UploadedFile | null = null;
  try {
    const parts = req.parts({ limits: { fileSize: upload.maxBytes, files: 1, fields: 1, parts: 2, fieldSize: RECORD_MAX_BYTES, fieldNameSize: 100, headerPairs: 20 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== upload.file) {
          part.file.resume();
          return { status: 400, message: UPLOAD_MESSAGES.unexpectedPart(part.fieldname) };
        }
        const bytes = await part.toBuffer();
        file = { filename: part.filename ?? '', declaredType: part.mimetype ?? '', bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
      } else if (part.fieldname === upload.record) {
        if (part.valueTruncated) return { status: 413, message: UPLOAD_MESSAGES.tooManyParts };
        recordText = String(part.value);
      } else return { status: 400, message: UPLOAD_MESSAGES.unexpectedPart(part.fieldname) };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return { status: 413, message: UPLOAD_MESSAGES.tooLarge(upload.maxBytes) };
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') return { status: 413, message: UPLOAD_MESSAGES.tooManyParts };
    if (code === 'FST_PROTO_VIOLATION') return { status: 400, message: UPLOAD_MESSAGES.unexpectedPart('__proto__') };
    // a body that is not the multipart form its Content-Type claims (no boundary, a truncated form): 415, as RFC 9110
    // allows for a format problem found by inspecting the data; busboy's own words say nothing a person can act on
    req.log.info({ err: (err as Error).message }, 'unreadable upload');
    return { status: 415, message: UPLOAD_MESSAGES.unreadable };
  }
  if (recordText === null) return { status: 400, message: UPLOAD_MESSAGES.noRecord(upload.record) };
  try {
    return { record: JSON.parse(recordText) as unknown, file };
  } catch {
    return { status: 400, message: UPLOAD_MESSAGES.recordNotJson(upload.record) };
  }
}
