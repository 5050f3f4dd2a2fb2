// The API's JSON answers compressed for the phone on a weak signal (docs/decisions/0030): /api/home is 17 KB of JSON
// and 5 KB compressed, asked on every open of the app, where the scripts come from the service worker's cache. The
// built client's files are compressed once at build time (scripts/compress-assets.mjs) and a visitor's first screen
// once per render (static-files.ts); media is not compressible. Request bodies are never decompressed: no POST needs
// it, and a compressed body is only a way to send more than the body limit means.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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
  const header = String(req.headers['accept-encoding'] ?? '').toLowerCase();
  return TAKES.br.test(header) ? 'br' : TAKES.gzip.test(header) ? 'gzip' : null;
}
/** the name in the list, with no weight or a weight above zero */
const taking = (name: string) => new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=(?!0(?:\\.0*)?\\s*(?:,|$))[\\d.]+\\s*)?(?:,|$)`);
const TAKES = { br: taking('br'), gzip: taking('gzip') };

/**
 * an answer made for one request, compressed as API_COMPRESSION does it, with its size told to brotli: it then sets
 * up tables for that size, not for the window (/api/home's 17 KB in 46 µs instead of 72, the same bytes). Given as
 * bytes, into 4 KB output chunks instead of the default 16 KB: a 1.6 KB classroom in 11–12 µs instead of 20 (the
 * string was copied once more inside, and each call set up a 16 KB buffer for 1 KB of output)
 */
const compressNow = (text: string, encoding: 'br' | 'gzip'): Buffer =>
  encoding === 'br' ? brotliCompressSync(Buffer.from(text), { chunkSize: 4096, params: { ...PER_REQUEST_BROTLI, [constants.BROTLI_PARAM_SIZE_HINT]: text.length } }) : gzipSync(text, { level: 1 });

/** an answer every caller shares, compressed once while it is kept: a better quality for the same work per request */
const compressOnce = (text: string, encoding: 'br' | 'gzip'): Buffer =>
  encoding === 'br' ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: text.length } }) : gzipSync(text, { level: 6 });

/** what was sent of an answer, by its identity: its text's length and its bytes in each encoding asked for */
const sent = new WeakMap<object, { length: number; br?: Buffer; gzip?: Buffer }>();

/**
 * Sends `answer`, an answer the contract keeps or a student's copy of one (kept-json.ts), compressed as the request
 * takes it. Its compressed bytes stay with it by identity (they go when it does), so an answer sent again is not
 * compressed again: the answer every caller shares, compressed at a better quality once, and a student's copy the
 * contract keeps while their marks stand; a copy made for one request goes with its bytes after it.
 */
export function sendKeptJson(req: FastifyRequest, reply: FastifyReply, answer: object): FastifyReply {
  reply.type('application/json; charset=utf-8');
  let known = sent.get(answer);
  let text: string | undefined;
  if (!known) sent.set(answer, (known = { length: (text = keptJson(answer)).length }));
  const encoding = known.length >= THRESHOLD ? acceptedEncoding(req) : null;
  if (!encoding) return reply.send(text ?? keptJson(answer));
  reply.header('vary', 'accept-encoding').header('content-encoding', encoding);
  return reply.send((known[encoding] ??= (keptText(answer) === undefined ? compressNow : compressOnce)(text ?? keptJson(answer), encoding)));
}
