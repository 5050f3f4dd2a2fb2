// Registers every /api route from the shared contract: input validation (400 in plain words),
// identity and CSRF checks, Idempotency-Key replays (idempotency.ts), the response allowlist, and 501 for
// calls no issue has built yet.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { ANOTHER_STUDENT, LOG_IN_TO_CONTINUE, NOT_AVAILABLE_YET, type Endpoint, type ParsedBodyOf, type ParsedQueryOf, type ResultOf } from '#shared/api/endpoint';
import { allEndpoints } from '#shared/api/index';
import { isSentence } from '#shared/api/common';
import { readIdempotencyKey, type Idempotency } from './idempotency.ts';
import { keepJson, keptJson, keptText } from './kept-json.ts';
import { forget, keepRecent, keptWhile, type KeptWhile } from '../recent.ts';
import type { SessionStudent } from './session.ts';
import { TOO_MANY_WRITES } from './write-limit.ts';
import { UPLOAD_MESSAGES, isMultipart, readUpload, type UploadedFile } from './upload.ts';
import { API_COMPRESSION, copiedFor, sendKeptJson } from './compression.ts';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** per-field messages of a refused form, and headers such as Retry-After */
    readonly extra: { errors?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

export interface HandlerContext<E extends Endpoint> {
  query: ParsedQueryOf<E>;
  body: ParsedBodyOf<E>;
  /** the session's student; non-null when the endpoint's access is 'student' */
  student: E['access'] extends 'student' ? SessionStudent : SessionStudent | null;
  req: FastifyRequest;
  reply: FastifyReply;
  /** an upload endpoint's file part (plugins/upload.ts); null or absent without one, and for every other endpoint */
  file?: UploadedFile | null;
}

export type Handler<E extends Endpoint> = (ctx: HandlerContext<E>) => Promise<ResultOf<E>>;

/**
 * How a student gets a cached shared answer (docs/decisions/0025): the answer every visitor gets, with the
 * student's own marks put on by `overlay`, which reads them fresh and returns a new answer, never changing
 * `shared` (every other caller gets that object too). `overlay` must give what the handler gives for that
 * student. `key` names the queries that share one answer (default: the query without `s`).
 */
export interface SharedAnswer<E extends Endpoint> {
  key?: (query: ParsedQueryOf<E>) => string;
  overlay: (shared: ResultOf<E>, student: SessionStudent) => Promise<ResultOf<E>>;
  /** the first moment (ms) after `now` when the answer stops being true by the clock alone (a webinar starts), or null */
  staleAt?: (shared: ResultOf<E>, now: number) => number | null;
  /**
   * `overlay` reads more of the student than their marks (whose version the session carries): their copy is made
   * for each request. Otherwise it is kept while the shared answer and their marks version stand (KEPT_COPIES).
   */
  copiedEachTime?: true;
}

/** A handler bound to its endpoint; the list of these is what the server has built. */
export interface Implementation {
  endpoint: Endpoint;
  handler: Handler<any>;
  shared?: SharedAnswer<any>;
}

export const implement = <E extends Endpoint>(endpoint: E, handler: Handler<E>, shared?: SharedAnswer<E>): Implementation => ({ endpoint, handler, ...(shared ? { shared } : {}) });

const fail = (reply: FastifyReply, code: number, errorMsg: string) => reply.code(code).send({ status: false, errorMsg });

/** "page must be a whole number", "c is required": the field and what is wrong with it, nothing internal */
function describeIssues(issues: v.BaseIssue<unknown>[]): string {
  const first = issues[0]!;
  const field = v.getDotPath(first);
  if (!field) return 'The request is not valid.';
  if (first.input === undefined) return `${field} is required`;
  // a sentence written for a person ("Hours cannot be negative.") already says what it is about
  if (isSentence(first.message)) return first.message;
  // our schemas' own messages already read as sentences about the field ("page must be …")
  if (first.message.startsWith(`${field} `)) return first.message;
  if (first.message.startsWith('must ')) return `${field} ${first.message}`;
  return `${field} is not valid`;
}

export interface ContractOptions {
  publicUrl: string;
  /** per-IP request limits by 'METHOD path' (security.md throttles), enforced by @fastify/rate-limit */
  rateLimits?: Record<string, { max: number; timeWindow: number }>;
  /**
   * GET reads whose answer for a visitor without a session is the same for everyone (the catalogue): kept this
   * many ms, so a crowd costs one computation per window. A student gets the kept answer with their own marks
   * when the endpoint's implementation has `shared` (docs/decisions/0025), else a fresh answer every time.
   */
  sharedCacheMs?: Record<string, number>;
  now?: () => number;
  /** counts a student's POST and answers the seconds to wait when it is over the per-minute limit (plugins/write-limit.ts) */
  writeLimit?: (studentId: number) => Promise<number | null>;
  /** a POST with an Idempotency-Key runs once per student and key (plugins/idempotency.ts); without it the header is ignored */
  idempotency?: Idempotency;
}

const CACHE_ENTRIES = 500;

/**
 * answers by key for `ttlMs`, or until the answer's own `staleAt` if sooner; concurrent misses share one
 * computation; at most CACHE_ENTRIES keys, oldest out. `compute` is given the answer it replaces, if any.
 */
function shortCache(ttlMs: number, now: () => number) {
  const entries = new Map<string, { at: number; until: number; value: Promise<unknown> }>();
  return {
    get(key: string, compute: (previous: Promise<unknown> | undefined) => Promise<unknown>, staleAt?: (answer: any, now: number) => number | null): Promise<unknown> {
      const t = now();
      const hit = entries.get(key);
      // a clock set back is no reason to trust an answer from its future
      if (hit && hit.at <= t && t < hit.until) return hit.value;
      const value = compute(hit?.value);
      const entry = { at: t, until: t + ttlMs, value };
      keepRecent(entries, key, entry, CACHE_ENTRIES);
      if (staleAt) value.then((answer) => void (entry.until = Math.min(entry.until, staleAt(answer, t) ?? Infinity)), () => {});
      // a failure is never served from the cache
      value.catch(() => entries.get(key)?.value === value && entries.delete(key));
      return value;
    },
  };
}

/**
 * A kept answer made again, written piece by piece (kept-json.ts); if it says what the one it replaces said, that
 * one goes on, the same object: its compressed bytes, and the students' copies made from it, stay good while the
 * catalogue does not change, however many times the few seconds of the cache run out.
 */
async function sameOrNew(previous: Promise<unknown> | undefined, made: unknown): Promise<unknown> {
  const text = keepJson(made);
  const before = await previous?.catch(() => undefined);
  return typeof before === 'object' && before !== null && keptText(before) === text ? before : made;
}

/**
 * students' copies of kept answers with their own marks on, kept while both stand (the same kept answer, the
 * same marks version): a student coming back to a list (every return to a screen, the app brought back to the
 * front) costs what a visitor's read does, not a copy and its compression again. Each is its compressed bytes
 * and the rows the marks copied (about 10 KB for home), and holds the answer it was made from: 50 KB at most
 * once the catalogue has moved on, so 1,000 of them stay within 50 MB.
 */
const KEPT_COPIES = 1_000;

export function registerContract(app: FastifyInstance, implementations: Implementation[], opts: ContractOptions): void {
  const byKey = new Map(implementations.map((i) => [`${i.endpoint.method} ${i.endpoint.path}`, i]));
  const expectedOrigin = new URL(opts.publicUrl).origin;
  const registered = new Set<string>();
  const copies = new Map<string, KeptWhile<unknown>>();
  /** the student's copy of `shared` that `make` makes, the kept one while `shared` and their marks version stand */
  function copyOf(student: SessionStudent, key: string, shared: unknown, make: () => Promise<unknown>): Promise<unknown> {
    const at = `${student.id} ${key}`;
    const copy = keptWhile(copies, at, [shared, student.marksVersion], make, KEPT_COPIES);
    // the shared answer itself (no mark on its rows) is not kept as a copy: it would hold that answer after the
    // cache let it go
    void copy.then((c) => c === shared && forget(copies, at, copy), () => {});
    return copy;
  }

  for (const ep of allEndpoints) {
    const impl = byKey.get(`${ep.method} ${ep.path}`);
    const url = `/api/${ep.path}`;
    registered.add(`${ep.method} ${url}`);
    const rateLimit = opts.rateLimits?.[`${ep.method} ${ep.path}`];
    const cacheMs = opts.sharedCacheMs?.[`${ep.method} ${ep.path}`];
    // a student-only answer is nobody else's: never shared
    const cache = cacheMs && ep.access !== 'student' ? shortCache(cacheMs, opts.now ?? Date.now) : null;
    app.route({
      method: ep.method,
      url,
      ...(rateLimit ? { config: { rateLimit } } : {}),
      compress: API_COMPRESSION,
      handler: async (req, reply) => {
        if (ep.method === 'POST') {
          // CSRF (security.md): JSON only, never cross-site, Origin must be ours when the browser sends it
          // every POST is JSON but an upload (plugins/upload.ts), whose multipart form is checked below, once counted
          if (!ep.upload && !(req.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) return fail(reply, 415, 'Send the request as JSON.');
          if (req.headers['sec-fetch-site'] === 'cross-site') return fail(reply, 403, 'Cross-site requests are not allowed.');
          const origin = req.headers.origin;
          if (origin && origin !== expectedOrigin && req.headers['sec-fetch-site'] !== 'same-origin') return fail(reply, 403, 'Cross-site requests are not allowed.');
        }
        // counted before the body is read, so refused and invalid writes count too
        if (opts.writeLimit && ep.method === 'POST' && ep.access === 'student' && req.student) {
          const wait = await opts.writeLimit(req.student.id);
          if (wait !== null) return reply.code(429).header('retry-after', String(wait)).send({ status: false, errorMsg: TOO_MANY_WRITES });
        }
        // a malformed key is a client bug, said before anything else about the request
        const idem = ep.method === 'POST' && opts.idempotency ? readIdempotencyKey(req) : null;
        if (idem && 'invalid' in idem) return fail(reply, 400, idem.invalid);
        // a JSON body is the contract's own shape sent to the wrong call (400, as any body it cannot take); any other
        // type is one no POST takes (415)
        if (ep.upload && !isMultipart(req)) return fail(reply, (req.headers['content-type'] ?? '').toLowerCase().startsWith('application/json') ? 400 : 415, UPLOAD_MESSAGES.notMultipart);
        if (!impl) return fail(reply, 501, NOT_AVAILABLE_YET);

        const query = ep.query ? v.safeParse(ep.query, req.query ?? {}) : null;
        if (query && !query.success) return fail(reply, 400, describeIssues(query.issues));
        // a stranger's file is never read: the session is checked before the parts are
        if (ep.upload && ep.access === 'student' && !req.student) return fail(reply, 401, LOG_IN_TO_CONTINUE);
        const upload = ep.upload ? await readUpload(req, ep.upload) : null;
        if (upload && 'status' in upload) return fail(reply, upload.status, upload.message);
        const file = upload?.file ?? null;
        const body = ep.body ? v.safeParse(ep.body, upload ? upload.record : (req.body ?? {})) : null;
        if (body && !body.success) return fail(reply, 400, describeIssues(body.issues));

        if (ep.access === 'student' && !req.student) return fail(reply, 401, LOG_IN_TO_CONTINUE);
        // `s` is accepted for compatibility but never identifies anyone (decisions.md 1)
        const field = ep.identityField ?? 's';
        const s = (query?.output as Record<string, unknown> | undefined)?.[field] ?? (body?.output as Record<string, unknown> | undefined)?.[field];
        if (typeof s === 'string' && s !== '' && req.student && s !== req.student.hash) return fail(reply, 403, ANOTHER_STUDENT);
        if (typeof s === 'string' && s !== '' && !req.student && ep.access !== 'public') return fail(reply, 401, LOG_IN_TO_CONTINUE);

        const answer = async (student: SessionStudent | null) => {
          const result = await impl.handler({ query: query?.output, body: body?.output, student, req, reply, file });
          if (reply.sent || ep.contentType) return result;
          // the response schema is an allowlist: anything not in it is stripped; a mismatch is our bug
          const out = v.safeParse(ep.response, result);
          if (!out.success) {
            req.log.error({ path: ep.path, issues: out.issues.slice(0, 5).map((i) => ({ path: v.getDotPath(i), message: i.message })) }, 'response does not match the contract');
            throw new Error(`response for ${ep.path} does not match the contract`);
          }
          return out.output;
        };
        // the kept answer every visitor shares, or a student's copy of it with their own marks
        const fromCache = cache !== null && (!req.student || impl.shared !== undefined);
        const run = () => {
          const { student } = req;
          if (!fromCache) return answer(student);
          // the visitor's answer, kept; `s` only repeats the session's identity, so it never splits the key
          const input = (query?.output ?? {}) as Record<string, unknown>;
          const key = impl.shared?.key ? impl.shared.key(input) : JSON.stringify({ ...input, [field]: undefined });
          // written piece by piece once, as made, so a student's copy with their marks writes only the rows it changed
          const shared = cache.get(key, (previous) => answer(null).then((a) => sameOrNew(previous, a)), impl.shared?.staleAt);
          if (!student) return shared;
          const overlay = (a: unknown) => impl.shared!.overlay(a, student);
          return shared.then((a) =>
            impl.shared!.copiedEachTime ? overlay(a).then((copy) => copiedFor(copy as object, a as object)) : copyOf(student, `${url} ${key}`, a, () => overlay(a)),
          );
        };
        // only now, after every check above: a refused or invalid request never takes its key
        const result = idem && opts.idempotency ? await opts.idempotency.once(req, reply, { key: idem.key, request: `${ep.method} ${ep.path}`, input: { query: query?.output, body: body?.output, ...(file ? { file: file.sha256 } : {}) } }, run) : await run();
        if (reply.sent) return reply;
        if (ep.contentType) return reply.type(ep.contentType).send(result);
        // sent as the text kept with it (kept-json.ts): the same bytes JSON.stringify would make, made once
        // (and compressed once with it, for every visitor: compression.ts)
        if (fromCache) return typeof result === 'object' && result !== null ? sendKeptJson(req, reply, result) : reply.type('application/json; charset=utf-8').send(keptJson(result));
        return result;
      },
    });
  }

  // decisions.md 2: the spec's GET-listed mutations are POST; any other method on a known path is 405
  const paths = new Map<string, Set<string>>();
  for (const ep of allEndpoints) paths.set(ep.path, (paths.get(ep.path) ?? new Set()).add(ep.method));
  for (const [path, methods] of paths) {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      if (methods.has(method)) continue;
      app.route({ method, url: `/api/${path}`, handler: async (_req, reply) => reply.code(405).header('allow', [...methods].join(', ')).send({ status: false, errorMsg: `Use ${[...methods].join(' or ')} for this call.` }) });
    }
  }
}
