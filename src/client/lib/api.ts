// The one way the client talks to /api: builds the request from a contract endpoint (src/shared/api),
// parses the answer with its response schema and turns every failure into an ApiError; errorMessage is the
// one place that decides which text a failure shows (docs/decisions/0008-client-tests-and-error-texts.md).
import ky, { TimeoutError } from 'ky';
import * as v from 'valibot';
import { ErrorBody, type BodyOf, type Endpoint, type QueryOf, type ResponseOf } from '#shared/api/endpoint';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/api/idempotency';
import { uuid } from './uuid.ts';

/** spec §8 default for a failure without a server message */
export const GENERIC_ERROR = 'System error - contact tech support.';
export const NETWORK_ERROR = 'Unable to reach CE Pass. Check your connection and try again.';
export const TIMEOUT_ERROR = 'CE Pass took too long to answer. Try again.';

/**
 * how a call failed: `network` no answer at all (offline, timeout); `refused` the server answered
 * `status: false` (a 4xx, or a 200 saying no), with or without an errorMsg of its own; `broken` the server
 * failed (5xx) or answered something that cannot be read (not JSON, not the contract's shape)
 */
export type FailureKind = 'network' | 'refused' | 'broken';

export class ApiError extends Error {
  /** HTTP status; 0 for a network failure or a timeout */
  readonly status: number;
  readonly kind: FailureKind;
  /** the server's own errorMsg when it refused; null when it gave none (or when it did not refuse) */
  readonly serverMessage: string | null;
  /** the server's message per field when it refused a form, shown under those fields */
  readonly errors?: Readonly<Record<string, string>>;
  /** the contract path of the call that failed (a write with no answer: lib/query-effects.ts re-reads what it changes) */
  path: string | null = null;
  /** no answer within the client's limit (15 s): the student has waited long enough, so it is not tried again unasked */
  timedOut = false;
  /** `text`: the server's errorMsg when it refused, the connection message when there was no answer */
  constructor(status: number, kind: FailureKind, text: string | null, errors?: Readonly<Record<string, string>>) {
    super(text ?? GENERIC_ERROR);
    this.name = 'ApiError';
    this.status = status;
    this.kind = kind;
    this.serverMessage = kind === 'refused' ? text : null;
    this.errors = errors;
  }
}

/**
 * The texts spec §8 gives one load or action: `refused` (its "service" text) when the server said no without
 * a message of its own, `broken` (its "trapped"/"system" text) when the server failed or the answer was
 * unreadable. One string serves both.
 */
export interface FailureTexts {
  refused: string;
  broken: string;
  /** the server failed (5xx), where spec §8 gives that its own text apart from an unreadable answer */
  failed?: string;
  /** no answer at all, where spec §8 gives the screen its own text instead of the app's connection message */
  network?: string;
}

/**
 * The message to show for any error a call or a query produced, decided here only: no network, the app's
 * connection message; a refusal, the server's errorMsg or the refused text; a failure, the broken text.
 * An error that is not an ApiError was thrown by our own code around the call: the broken ("trapped") text.
 */
export function errorMessage(error: unknown, texts: string | FailureTexts = GENERIC_ERROR): string {
  const { refused, broken, failed, network }: FailureTexts = typeof texts === 'string' ? { refused: texts, broken: texts } : texts;
  if (!(error instanceof ApiError)) return broken;
  if (error.kind === 'network') return network ?? error.message;
  if (error.kind === 'refused') return error.serverMessage ?? refused;
  return error.status >= 500 ? (failed ?? broken) : broken;
}

/**
 * No answer from CE Pass itself: no network, a timeout, or a gateway saying the server behind it is gone.
 * A read that fails so may pass on a second try, and a screen that has an earlier answer keeps showing it.
 */
export const isUnreachable = (error: unknown): boolean => error instanceof ApiError && noAnswer(error.status);

/** 0: no answer at all; 502–504: a gateway saying the server behind it did not answer */
const noAnswer = (status: number): boolean => status === 0 || status === 502 || status === 503 || status === 504;

const http = ky.create({
  prefixUrl: '/api',
  credentials: 'same-origin',
  timeout: 15_000,
  // retries are TanStack Query's job, where they can see the error
  retry: 0,
  throwHttpErrors: false,
  headers: { accept: 'application/json' },
});

type AnyEndpoint = Endpoint<any, any, any>;

const isRefusal = (data: unknown): boolean => typeof data === 'object' && data !== null && (data as { status?: unknown }).status === false;

export interface CallOptions<E extends AnyEndpoint> {
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  signal?: AbortSignal;
  /** one per intent, the same on every try of it: the server answers a repeat with the first answer */
  idempotencyKey?: string;
  /** the request outlives the page: sent as it is left (a page view), the browser still delivers it */
  keepalive?: boolean;
  /** a call no one waits on (callQuietly): its answer ends no other write's intent */
  quiet?: boolean;
  /** an upload's file (the contract's `upload`): the body and the file go as one multipart/form-data request */
  file?: UploadFile | null;
}

/** the file of an upload: its bytes as the outbox keeps them (lib/outbox/outbox.ts OutboxFile) */
export interface UploadFile {
  /** the file name sent with it */
  name: string;
  /** its media type (image/jpeg, application/pdf); the server judges the content itself */
  type: string;
  bytes: ArrayBuffer;
}

/** an upload's body: the contract's body as JSON text in the record part, then the file (in this order) */
const multipart = (upload: NonNullable<Endpoint['upload']>, json: unknown, file: UploadFile | null | undefined): FormData => {
  const form = new FormData();
  form.append(upload.record, JSON.stringify(json));
  if (file) form.append(upload.file, new File([file.bytes], file.name, { type: file.type }));
  return form;
};

/** a query as it goes in the URL (the server's prerender asks a screen's answers by the same URL: prerender.tsx) */
export const searchParams = (query: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (query && typeof query === 'object') {
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) out[key] = String(value);
  }
  return out;
};

/**
 * A logout made offline (app/logout.ts): the device forgot the student at once, but the server session (an
 * HttpOnly cookie the page cannot remove) lives on until the server hears of it. Recorded on the device and
 * sent before any other call, so no later call, by anyone on this device, is made as that student.
 */
export const PENDING_LOGOUT_KEY = 'cepass.pendingLogout';
let endingSession: Promise<void> | null = null;

const pendingLogout = (): boolean => {
  try {
    return localStorage.getItem(PENDING_LOGOUT_KEY) !== null;
  } catch {
    return false;
  }
};

/** the pending logout, sent once at a time; it stays recorded until the server has answered it */
const endPendingSession = (): Promise<void> =>
  (endingSession ??= http
    .post('logout', { json: {} })
    .then((response) => {
      if (response.ok) localStorage.removeItem(PENDING_LOGOUT_KEY);
    })
    .catch(() => undefined)
    .finally(() => {
      endingSession = null;
    }));

/**
 * Every write carries an Idempotency-Key (docs/decisions/0020), one per intent of the student's: a write that got
 * no answer (no network, a timeout, a gateway without its server) may have been applied, so the same write sent
 * again (the same call with the same body: Try again, a second tap, the automatic retry) keeps its key, and the
 * server answers it with the first answer instead of applying it twice. Its own answer ends an intent, and any
 * other write of the student's that is answered ends every intent kept here: a later write with the same body
 * (add, remove, add again) is a new intent. A read or a quiet call (a page view, a click) ends none: they go on
 * their own while a retry waits its second (decision 0039: a login link's retry lost its key to a page view).
 */
const unanswered = new Map<string, string>();

/**
 * The request itself, and its body read by `read`: no answer at all (offline, timeout, a connection dropped
 * while the answer came) is a `network` ApiError, an abort stays an abort.
 */
async function send<E extends AnyEndpoint, T>(endpoint: E, options: CallOptions<E>, read: (response: Response) => Promise<T>, accept?: string): Promise<{ response: Response; body: T }> {
  if (endpoint.path !== 'logout' && pendingLogout()) await endPendingSession();
  const post = endpoint.method === 'POST';
  // every POST carries a JSON body (an upload, multipart): the server requires one of them on mutations
  const json = post ? (options.body ?? {}) : undefined;
  const form = post && endpoint.upload ? multipart(endpoint.upload, json, options.file) : undefined;
  // (an upload always comes with its key, from the outbox: its intent is the action, not the body's text)
  const intent = post && !options.idempotencyKey && !form ? `${endpoint.path} ${JSON.stringify(json)}` : null;
  const key = options.idempotencyKey ?? (intent === null ? undefined : (unanswered.get(intent) ?? uuid()));
  // (a 409 with Retry-After: the server is still applying the first try of this key, so it stays this intent's)
  const settle = (status: number, stillApplying = false) => {
    if (intent === null || !key) return;
    if (noAnswer(status) || stillApplying) unanswered.set(intent, key);
    else if (options.quiet) unanswered.delete(intent);
    else unanswered.clear();
  };
  try {
    const response = await http(endpoint.path, {
      method: endpoint.method,
      searchParams: searchParams(options.query),
      ...(form ? { body: form } : { json }),
      signal: options.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
      // a photo of 2 MB on a phone's weak uplink takes longer than an answer is given to come back
      ...(form ? { timeout: 90_000 } : {}),
      headers: { ...(accept ? { accept } : {}), ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}) },
    });
    const body = await read(response);
    settle(response.status, response.status === 409 && response.headers.has('retry-after'));
    return { response, body };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    settle(0);
    const timedOut = error instanceof TimeoutError;
    throw Object.assign(new ApiError(0, 'network', timedOut ? TIMEOUT_ERROR : NETWORK_ERROR), { timedOut });
  }
}

/**
 * The answer's JSON; null when it is not JSON (a captive portal's page: unreadable). A body cut off by the
 * connection rejects otherwise than a SyntaxError: that is no answer, not an unreadable one.
 */
const jsonOf = (response: Response): Promise<unknown> =>
  response.json().catch((error: unknown) => {
    if (error instanceof SyntaxError) return null;
    throw error;
  });

/**
 * A call whose answer is a file (the contract's `contentType`, such as the certificate PDF): a File named as the
 * server's Content-Disposition names it, or the ApiError a JSON call would throw, since a refusal still answers
 * the JSON error body.
 */
export async function callFile<E extends AnyEndpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<File> {
  const isFile = (response: Response) => response.ok && (!endpoint.contentType || (response.headers.get('content-type') ?? '').startsWith(endpoint.contentType));
  const { response, body } = await send(endpoint, options, (r) => (isFile(r) ? r.blob() : jsonOf(r)), endpoint.contentType);
  if (body instanceof Blob) {
    const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? endpoint.path;
    return new File([body], name, { type: (response.headers.get('content-type') ?? '').split(';')[0] });
  }
  if (response.status >= 500) throw new ApiError(response.status, 'broken', null);
  const failure = v.safeParse(ErrorBody, body);
  if (failure.success) throw new ApiError(response.status, 'refused', failure.output.errorMsg.trim() || null, failure.output.errors);
  throw new ApiError(response.status, 'broken', null);
}

let afterSuccess: () => void = () => undefined;
/** told after every call the server answered: the outbox (app/outbox.ts) takes it as a sign the network is back */
export const setCallSucceededHandler = (handler: () => void): void => {
  afterSuccess = handler;
};

export async function call<E extends AnyEndpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<ResponseOf<E>> {
  try {
    return await answerOf(endpoint, options);
  } catch (error) {
    if (error instanceof ApiError) error.path = endpoint.path;
    throw error;
  }
}

async function answerOf<E extends AnyEndpoint>(endpoint: E, options: CallOptions<E>): Promise<ResponseOf<E>> {
  const { response, body: data } = await send(endpoint, options, jsonOf);

  // a 5xx is the server's failure whatever its body says: the screen shows its "trapped" text, not a refusal
  if (response.status >= 500) throw new ApiError(response.status, 'broken', null);
  const failure = v.safeParse(ErrorBody, data);
  if (failure.success) throw new ApiError(response.status, 'refused', failure.output.errorMsg.trim() || null, failure.output.errors);
  // the spec's services say no with `status: false` alone: the screen's own service text stands in. An action
  // (POST) that says so did not happen, even where its answer's shape allows false; a read may answer false
  // as its result (validate-username: taken), so for a read only an answer outside its shape is a refusal
  if (endpoint.method === 'POST' && isRefusal(data)) throw new ApiError(response.status, 'refused', null);
  const parsed = response.ok ? v.safeParse(endpoint.response, data) : null;
  if (parsed?.success) {
    afterSuccess();
    return parsed.output as ResponseOf<E>;
  }
  if (isRefusal(data)) throw new ApiError(response.status, 'refused', null);
  throw new ApiError(response.status, 'broken', null);
}

/** fire-and-forget calls (page views, click logs): never block, never throw */
export const callQuietly = <E extends AnyEndpoint>(endpoint: E, options: CallOptions<E> = {}): void => {
  call(endpoint, { ...options, quiet: true }).catch(() => undefined);
};
