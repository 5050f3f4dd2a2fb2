// Idempotency-Key for every POST (docs/decisions/0020-idempotency.md; offline-and-audio.md §6): a call sent
// again with the same key gets the first answer instead of running twice. The contract plugin calls this
// around the handler, after its CSRF, write-limit, validation and identity checks, so a refused or invalid
// request never takes a key.
//
// One row per (student, key) decides, through the unique index: whoever inserts it runs the call; everyone
// else reads it. So two copies racing, in one process or in two on one database, run once.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_IN_FLIGHT,
  IDEMPOTENCY_KEY_INVALID,
  IDEMPOTENCY_KEY_OTHER_BODY,
  IDEMPOTENCY_KEY_OTHER_CALL,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAYED_HEADER,
} from '#shared/api/idempotency';
import { isoAt, type Clock } from '../clock.ts';
import type { DB } from '../db/schema.ts';
import { sessionOpenedFor, startSession } from './session.ts';

/** a run still in flight after this long was left by a process that died (requests time out at 30 s) */
export const IN_FLIGHT_ABANDONED_MS = 60_000;

/**
 * How long the repeat of a call that opened a session (login, login-link, register) opens one again for the same
 * student (decision 0039): the client repeats a call whose answer was lost within seconds; past this the repeat
 * runs again as a new call.
 */
export const SESSION_REPLAY_MS = 10 * 60_000;

/**
 * Answers kept for a repeat: successes and refusals. Not a 5xx (a fault: the repeat must run again); not
 * 408, 425 or 429, which tell the client to send the same request again later: storing them would answer
 * that retry with the same refusal for as long as the key is kept; not 400, an invalid request (a form's
 * rules refusing it), which changed nothing, as the contract's own 400s never take a key: the corrected
 * form may be sent under the same key.
 */
const storable = (code: number) => code >= 200 && code < 500 && code !== 400 && code !== 408 && code !== 425 && code !== 429;

export type KeyHeader = { key: string } | { invalid: string } | null;

/** the request's key, null without the header, `invalid` with the plain-words refusal when malformed */
export function readIdempotencyKey(req: FastifyRequest): KeyHeader {
  const raw = req.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (raw === undefined) return null;
  // a header sent twice arrives joined with ', ' (or as an array) and fails the pattern
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(raw)) return { invalid: IDEMPOTENCY_KEY_INVALID };
  return { key: raw };
}

/** JSON with object keys sorted, so the same input always digests alike */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

interface Claim {
  id: number;
  claim: string;
}

export interface Idempotency {
  /**
   * Runs `run` once per (session's student, key): the first call runs and its answer is kept (onSend);
   * a repeat with the same input is answered with the kept answer; another call or input under the key is
   * 422; a repeat while the first is still running is 409 + Retry-After. When this answers by itself the
   * reply is sent and the return value is meaningless: the caller checks `reply.sent`.
   */
  once<T>(req: FastifyRequest, reply: FastifyReply, call: { key: string; request: string; input: unknown }, run: () => Promise<T>): Promise<T | undefined>;
}

export function registerIdempotency(app: FastifyInstance, db: Kysely<DB>, opts: { clock: Clock; publicUrl: string }): Idempotency {
  const claims = new WeakMap<FastifyRequest, Claim>();

  // The answer as it leaves, whatever produced it (the handler's result, a refusal from the error handler,
  // a reply sent by the handler itself): kept before the client can see it, so a repeat after it finds it.
  app.addHook('onSend', async (req, reply, payload) => {
    const mine = claims.get(req);
    if (!mine) return payload;
    claims.delete(req);
    const code = reply.statusCode;
    // an answer that opens or ends a session carries a cookie the table must never hold (only its hash is
    // stored anywhere): one that opened a session keeps whose it was instead, and its repeat opens another
    // (decision 0039); one that ended a session, or refused with a cookie, runs again when repeated
    const cookie = reply.getHeader('set-cookie') !== undefined;
    const sessionFor = cookie && code >= 200 && code < 300 ? (sessionOpenedFor(req) ?? null) : null;
    const keep = storable(code) && typeof payload === 'string' && (!cookie || sessionFor !== null);
    try {
      // `claim`: a run taken over as abandoned writes nothing over the run that took it
      if (keep) {
        const type = reply.getHeader('content-type');
        await db
          .updateTable('idempotencyKeys')
          .set({ statusCode: code, contentType: typeof type === 'string' ? type : null, response: payload, claim: null, sessionStudentId: sessionFor })
          .where('id', '=', mine.id)
          .where('claim', '=', mine.claim)
          .execute();
      } else {
        await db.deleteFrom('idempotencyKeys').where('id', '=', mine.id).where('claim', '=', mine.claim).execute();
      }
    } catch (err) {
      // the answer still goes out; the row stays in flight and is taken over after IN_FLIGHT_ABANDONED_MS
      req.log.error({ err }, 'could not record the answer of an Idempotency-Key');
    }
    return payload;
  });

  const refuse = (reply: FastifyReply, code: number, errorMsg: string) => reply.code(code).send({ status: false, errorMsg });

  const idempotency: Idempotency = {
    async once(req, reply, call, run) {
      const studentId = req.student?.id ?? 0;
      const keyHash = createHash('sha256').update(call.key).digest('base64url');
      // keyed by the key, which is not stored: without it the digest tells nothing about the input (a password)
      const fingerprint = createHmac('sha256', call.key).update(canonical(call.input)).digest('base64url');
      const claim = randomBytes(12).toString('base64url');
      const now = opts.clock.now();

      // a call that opened this student's session, repeated with the cookie its answer brought: the answer's
      // headers came and its body did not (a connection cut mid-answer). It was made without a session (student 0)
      const opener =
        studentId === 0
          ? undefined
          : await db.selectFrom('idempotencyKeys').selectAll().where('studentId', '=', 0).where('keyHash', '=', keyHash).where('sessionStudentId', '=', studentId).executeTakeFirst();
      if (opener) return answerRepeat(opener);

      const inserted = await db
        .insertInto('idempotencyKeys')
        .values({ studentId, keyHash, request: call.request, fingerprint, claim, startedAt: isoAt(now), statusCode: null, contentType: null, response: null, createdAt: isoAt(now), sessionStudentId: null })
        .onConflict((oc) => oc.columns(['studentId', 'keyHash']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) {
        claims.set(req, { id: inserted.id, claim });
        return run();
      }

      const row = await db.selectFrom('idempotencyKeys').selectAll().where('studentId', '=', studentId).where('keyHash', '=', keyHash).executeTakeFirst();
      // gone between the insert and the read: the first run failed and dropped it. Retry says run again
      if (!row) return void refuse(reply.header('retry-after', '1'), 409, IDEMPOTENCY_KEY_IN_FLIGHT);
      return answerRepeat(row);

      /** a repeat of the call `row` holds: its answer, or a refusal, or (left in flight by a dead process) a run */
      async function answerRepeat(row: Selectable<DB['idempotencyKeys']>) {
        if (row.request !== call.request) return void refuse(reply, 422, IDEMPOTENCY_KEY_OTHER_CALL);
        if (row.fingerprint !== fingerprint) return void refuse(reply, 422, IDEMPOTENCY_KEY_OTHER_BODY);
        if (row.statusCode !== null && row.sessionStudentId !== null) {
          // the first answer opened a session whose cookie the client may never have had: it gets one of its own.
          // Past the window the row goes and the call runs again (only one of two late repeats deletes it)
          if (row.createdAt <= isoAt(now - SESSION_REPLAY_MS)) {
            await db.deleteFrom('idempotencyKeys').where('id', '=', row.id).where('createdAt', '=', row.createdAt).execute();
            return idempotency.once(req, reply, call, run);
          }
          await startSession(db, req, reply, row.sessionStudentId, opts);
        }
        if (row.statusCode !== null) {
          reply.code(row.statusCode).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
          if (row.contentType) reply.type(row.contentType);
          return void reply.send(row.response);
        }
        // in flight: a run older than any request may take was left by a process that died; one taker wins
        if (row.startedAt <= isoAt(now - IN_FLIGHT_ABANDONED_MS)) {
          const taken = await db
            .updateTable('idempotencyKeys')
            .set({ claim, startedAt: isoAt(now) })
            .where('id', '=', row.id)
            .where('statusCode', 'is', null)
            .where('startedAt', '=', row.startedAt)
            .executeTakeFirst();
          if (Number(taken.numUpdatedRows) === 1) {
            claims.set(req, { id: row.id, claim });
            return run();
          }
        }
        return void refuse(reply.header('retry-after', '1'), 409, IDEMPOTENCY_KEY_IN_FLIGHT);
      }
    },
  };
  return idempotency;
}
