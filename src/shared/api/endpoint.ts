// The shape of one /api call: method, path, input schemas and the response schema (an allowlist).
// Server and client both build from these objects, so a change that breaks the other side fails to compile.
import * as v from 'valibot';

export type AnySchema = v.GenericSchema<any, any>;

export type Access = 'public' | 'optional' | 'student';

export interface Endpoint<
  Q extends AnySchema | undefined = AnySchema | undefined,
  B extends AnySchema | undefined = AnySchema | undefined,
  R extends AnySchema = AnySchema,
  A extends Access = Access,
> {
  method: 'GET' | 'POST';
  /** the path under /api, exactly as spec §7 names it */
  path: string;
  query?: Q;
  body?: B;
  /** the successful answer; fields not in it never leave the server */
  response: R;
  /**
   * who may call it: 'public' anyone; 'optional' anyone, personalised with a session;
   * 'student' a logged-in student only (401 otherwise)
   */
  access: A;
  /**
   * the input field that carries the spec's student hash, when it is not `s` (remove-consent sends
   * `h`, support `hash`); a value naming another student than the session's is refused (decisions.md 1)
   */
  identityField?: 's' | 'h' | 'hash';
  /** non-JSON answers (the calendar file); the response schema then describes the text */
  contentType?: string;
  /**
   * a POST that carries a file (issue 19's proof): sent as multipart/form-data, the body schema validating the
   * part named `record` (JSON text) and the file in the part named `file`, at most `maxBytes`
   */
  upload?: { record: string; file: string; maxBytes: number };
}

export const endpoint = <const Q extends AnySchema | undefined = undefined, const B extends AnySchema | undefined = undefined, const R extends AnySchema = AnySchema, const A extends Access = Access>(
  e: Endpoint<Q, B, R, A>,
): Endpoint<Q, B, R, A> => e;

export type QueryOf<E> = E extends Endpoint<infer Q, any, any> ? (Q extends AnySchema ? v.InferInput<Q> : undefined) : never;
export type BodyOf<E> = E extends Endpoint<any, infer B, any> ? (B extends AnySchema ? v.InferInput<B> : undefined) : never;
export type ParsedQueryOf<E> = E extends Endpoint<infer Q, any, any> ? (Q extends AnySchema ? v.InferOutput<Q> : undefined) : never;
export type ParsedBodyOf<E> = E extends Endpoint<any, infer B, any> ? (B extends AnySchema ? v.InferOutput<B> : undefined) : never;
export type ResponseOf<E> = E extends Endpoint<any, any, infer R> ? v.InferOutput<R> : never;
/** what a server handler returns before the allowlist strips it */
export type ResultOf<E> = E extends Endpoint<any, any, infer R> ? v.InferInput<R> : never;

/** Every failure answer: 4xx and 5xx alike. */
export const ErrorBody = v.object({
  status: v.literal(false),
  errorMsg: v.string(),
  /** per-field messages when a form's rules refused the input (register, profile): the same words the form shows */
  errors: v.optional(v.record(v.string(), v.string())),
});
export type ErrorBody = v.InferOutput<typeof ErrorBody>;

/** a call naming another student than the session's (decisions.md 1): the contract refuses it with 403 */
export const ANOTHER_STUDENT = 'This record belongs to another student.';
export const NOT_AVAILABLE_YET = 'Not available yet.';
/** a student's call without a session (the contract's 401), and why the app's guard sent a visitor to /login */
export const LOG_IN_TO_CONTINUE = 'Please log in to continue.';
