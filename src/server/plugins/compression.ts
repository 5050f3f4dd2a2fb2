// The API's JSON answers compressed for the phone on a weak signal (docs/decisions/0030): /api/home is 17 KB of JSON
// and 5 KB compressed, asked on every open of the app, where the scripts come from the service worker's cache. The
// built client's files are compressed once at build time (scripts/compress-assets.mjs) and a visitor's first screen
// once per render (static-files.ts); media is not compressible. Request bodies are never decompressed: no POST needs
// it, and a compressed body is only a way to send more than the body limit means.
import { brotliCompressSync, constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { keptJson, keptText } from './kept-json.ts';

/** answers smaller than this are sent as they are: a compressed one would save a few bytes for its work */
const THRESHOLD = 1024;

/**
 * brotli for an answer made for one request: quality 0, its fastest (a 17 KB answer to 5.9 KB in about 40 µs, where
 * quality 4 takes 210 µs for 5.2 KB), in a 64 KB window (these answers are smaller) so no 4 MB one is set up per call
 */
const PER_REQUEST_BROTLI = { [constants.BROTLI_PARAM_QUALITY]: 0, [constants.BROTLI_PARAM_LGWIN]: 16 };

/**
 * The route option of every contract route (plugins/contract.ts) for answers made per request: brotli at its
 * fastest, in one call, not through a stream per answer (which costs more than the work at these sizes, on 2 cores).
 */
export const API_COMPRESSION = {
  threshold: THRESHOLD,
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  syncThreshold: 256 * 1024,
  brotliOptions: { params: PER_REQUEST_BROTLI },
  zlibOptions: { level: 1 },
};

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // not global: only the routes that name API_COMPRESSION, and no request decompression on any route
  await app.register(compress, { global: false });
}

/** the encoding a request takes, best first: brotli, then gzip; null for none (a `;q=0` refuses one) */
export function acceptedEncoding(req: FastifyRequest): 'br' | 'gzip' | null {
  return takes(req, 'br') ? 'br' : takes(req, 'gzip') ? 'gzip' : null;
}
/** the name in the list, with no weight or a weight above zero */
const taking = (name: string) => new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=(?!0(?:\\.0*)?\\s*(?:,|$))[\\d.]+\\s*)?(?:,|$)`);
const TAKES = { br: taking('br'), gzip: taking('gzip') };
/** whether the request's Accept-Encoding takes `encoding` */
const takes = (req: FastifyRequest, encoding: keyof typeof TAKES): boolean => TAKES[encoding].test(String(req.headers['accept-encoding'] ?? '').toLowerCase());

/**
 * an answer made for one request, compressed as API_COMPRESSION does it, with its size told to brotli: it then sets
 * up tables for that size, not for the window (/api/home's 17 KB in 46 µs instead of 72, the same bytes). Given as
 * bytes, into 4 KB output chunks instead of the default 16 KB: a 1.6 KB classroom in 11–12 µs instead of 20 (the
 * string was copied once more inside, and each call set up a 16 KB buffer for 1 KB of output)
 */
const compressNow = (text: string, encoding: 'br' | 'gzip'): Buffer =>
  encoding === 'br' ? brotliCompressSync(Buffer.from(text), { chunkSize: 4096, params: { ...PER_REQUEST_BROTLI, [constants.BROTLI_PARAM_SIZE_HINT]: text.length } }) : gzipSync(text, { level: 1 });

/**
 * an answer the contract keeps, compressed once while it is kept: the answer every caller shares, and a student's copy
 * kept while their marks stand (0035), sent again at each return to a list. A better quality for the same work per
 * request: a student's home, 17.8 KB, is 5.0 KB at quality 5 and 6.0 at 0, for 270 µs once instead of 70
 */
const compressOnce = (text: string, encoding: 'br' | 'gzip'): Buffer =>
  encoding === 'br' ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: text.length } }) : gzipSync(text, { level: 6 });

/** what was sent of an answer, by its identity: its text's length and its bytes in each encoding asked for */
const sent = new WeakMap<object, { length: number; br?: Buffer; gzip?: Buffer }>();

/**
 * Sends `answer`, an answer the contract keeps or a student's copy of one (kept-json.ts), compressed as the request
 * takes it. Its compressed bytes stay with it by identity (they go when it does), so an answer sent again is not
 * compressed again: the answer every caller shares and a student's copy the contract keeps while their marks stand,
 * each compressed at a better quality once; a copy made for one request (`copiedFor`) is spliced onto the kept
 * answer's head, or compressed at the fastest, and goes with its bytes after it.
 */
export function sendKeptJson(req: FastifyRequest, reply: FastifyReply, answer: object): FastifyReply {
  reply.type('application/json; charset=utf-8');
  let known = sent.get(answer);
  let text: string | undefined;
  if (!known) sent.set(answer, (known = { length: (text = keptJson(answer)).length }));
  const encoding = known.length >= THRESHOLD ? acceptedEncoding(req) : null;
  if (!encoding) return reply.send(text ?? keptJson(answer));
  reply.header('vary', 'accept-encoding');
  const kept = copiedFrom.get(answer);
  const spliced = kept && takes(req, 'gzip') ? splicedGzip(kept, text ?? keptJson(answer)) : null;
  if (spliced) return reply.header('content-encoding', 'gzip').send(spliced);
  reply.header('content-encoding', encoding);
  return reply.send((known[encoding] ??= (kept ? compressNow : compressOnce)(text ?? keptJson(answer), encoding)));
}

/** a student's copies made for one request, by the kept answer each was made from */
const copiedFrom = new WeakMap<object, object>();

/**
 * `copy`, a student's copy of `kept` made for this request alone (SharedAnswer.copiedEachTime: a classroom, an
 * episode page), to be sent as `kept`'s compressed text up to where the two differ and its own text after
 * (splicedGzip). The kept answer's head is compressed once for every student; the copy's own fields come last in
 * its schema, so what differs is a few hundred bytes at the end (docs/decisions/0053).
 */
export function copiedFor<T extends object>(copy: T, kept: object): T {
  if (copy !== kept) copiedFrom.set(copy, kept);
  return copy;
}

/** a kept answer's head is cut at a multiple of this, so the copies of one kept answer share one or two heads */
const HEAD_STEP = 64;
/** below this a head is not worth its own deflate: the copy is compressed whole */
const HEAD_MIN = 512;
/** heads kept of one kept answer at most; a copy that parts from it elsewhere again is compressed whole */
const HEADS_MAX = 4;
interface Head {
  text: string;
  deflated: Buffer;
  crc: number;
  bytes: number;
}
/** the heads of a kept answer's text, deflated once and flushed to a byte so a block may follow */
const heads = new WeakMap<object, Head[]>();
/** a gzip member's header: deflate, no name, no time, the system unknown (RFC 1952) */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * `text` (the copy's) as gzip, spliced: the deflate of the kept text's head, the rest of `text` as one stored block
 * marked last (RFC 1951 3.2.4: no compression, so nothing to compute per request), and the trailer's CRC-32 carried
 * on from the head's. A deflate sync-flushed ends on a byte with an empty stored block, so a block may follow it.
 * Null when the copy parts from the kept text too early for a head, or its rest is over a stored block's 64 KiB.
 */
function splicedGzip(kept: object, text: string): Buffer | null {
  let known = heads.get(kept);
  if (!known) heads.set(kept, (known = []));
  // the copies of one kept answer part from it at the same field: one native comparison finds its head
  let head = known.find((h) => text.startsWith(h.text));
  if (!head) {
    const keptAs = keptText(kept);
    if (keptAs === undefined || known.length >= HEADS_MAX) return null;
    const end = Math.min(keptAs.length, text.length);
    let same = 0;
    while (same < end && keptAs.charCodeAt(same) === text.charCodeAt(same)) same++;
    let cut = same - (same % HEAD_STEP);
    // never between the halves of a surrogate pair: a half alone would be written as U+FFFD on either side
    if (cut > 0 && (text.charCodeAt(cut - 1) & 0xfc00) === 0xd800) cut--;
    if (cut < HEAD_MIN) return null;
    const bytes = Buffer.from(keptAs.slice(0, cut));
    known.push((head = { text: keptAs.slice(0, cut), deflated: deflateRawSync(bytes, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }), crc: crc32(bytes), bytes: bytes.length }));
  }
  const rest = Buffer.from(text.slice(head.text.length));
  if (rest.length > 0xffff) return null;
  const out = Buffer.allocUnsafe(GZIP_HEADER.length + head.deflated.length + 5 + rest.length + 8);
  let at = GZIP_HEADER.copy(out, 0);
  at += head.deflated.copy(out, at);
  // the stored block: BFINAL 1, BTYPE 00, then LEN and its complement, little-endian
  out[at] = 1;
  out.writeUInt16LE(rest.length, at + 1);
  out.writeUInt16LE(~rest.length & 0xffff, at + 3);
  at += 5 + rest.copy(out, at + 5);
  out.writeUInt32LE(crc32(rest, head.crc), at);
  out.writeUInt32LE((head.bytes + rest.length) % 2 ** 32, at + 4);
  return out;
}
