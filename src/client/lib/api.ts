// The one way the client talks to /api: builds the request from a contract endpoint (src/shared/api),
// parses the answer with its response schema and turns every failure into an ApiError with a message.
import ky, { TimeoutError } from 'ky';
import * as v from 'valibot';
import { ErrorBody, type BodyOf, type Endpoint, type QueryOf, type ResponseOf } from '#shared/api/endpoint';

/** spec §8 default for a failure without a server message */
export const GENERIC_ERROR = 'System error - contact tech support.';
export const NETWORK_ERROR = 'Unable to reach CE Pass. Check your connection and try again.';
export const TIMEOUT_ERROR = 'CE Pass took too long to answer. Try again.';

export class ApiError extends Error {
  /** HTTP status; 0 for a network failure or a timeout */
  readonly status: number;
  /** true when the message is the server's own errorMsg */
  readonly fromServer: boolean;
  /** the server's message per field when it refused a form, shown under those fields */
  readonly errors?: Readonly<Record<string, string>>;
  constructor(status: number, message: string, fromServer: boolean, errors?: Readonly<Record<string, string>>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fromServer = fromServer;
    this.errors = errors;
  }
}

/** the message to show for any error a call or a query produced */
export const errorMessage = (error: unknown, fallback = GENERIC_ERROR): string =>
  error instanceof ApiError && (error.fromServer || error.status === 0) ? error.message : fallback;

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

export interface CallOptions<E extends AnyEndpoint> {
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  signal?: AbortSignal;
}

const searchParams = (query: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (query && typeof query === 'object') {
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) out[key] = String(value);
  }
  return out;
};

export async function call<E extends AnyEndpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<ResponseOf<E>> {
  let response: Response;
  try {
    response = await http(endpoint.path, {
      method: endpoint.method,
      searchParams: searchParams(options.query),
      // every POST carries a JSON body: the server requires application/json on mutations
      json: endpoint.method === 'POST' ? (options.body ?? {}) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, error instanceof TimeoutError ? TIMEOUT_ERROR : NETWORK_ERROR, false);
  }

  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }

  const failure = v.safeParse(ErrorBody, data);
  if (!response.ok || failure.success) {
    if (failure.success) throw new ApiError(response.ok ? 200 : response.status, failure.output.errorMsg, true, failure.output.errors);
    throw new ApiError(response.status, GENERIC_ERROR, false);
  }

  const parsed = v.safeParse(endpoint.response, data);
  if (!parsed.success) throw new ApiError(response.status, GENERIC_ERROR, false);
  return parsed.output as ResponseOf<E>;
}

/** fire-and-forget calls (page views, click logs): never block, never throw */
export const callQuietly = <E extends AnyEndpoint>(endpoint: E, options: CallOptions<E> = {}): void => {
  call(endpoint, options).catch(() => undefined);
};
