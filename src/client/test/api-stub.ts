// Answers the app's /api calls in client tests: `fetch` is replaced by a table of answers per call, and
// `failures` are the ways a call can fail that spec §8 gives different texts (lib/api.ts errorMessage).
import { vi } from 'vitest';

/** one answer: a JSON body (or raw text) with a status, or no answer at all (the network is down) */
export type Answer = { status: number; json: unknown; headers?: Record<string, string> } | { status: number; text: string } | 'offline';
type Route = Answer | ((body: unknown) => Answer | Promise<Answer>);

export const ok = (json: unknown): Answer => ({ status: 200, json });

/** the failures every error path is tried with */
export const failures = {
  /** the server said no and why: a 4xx with its errorMsg */
  refusedWithMessage: (errorMsg: string, status = 409): Answer => ({ status, json: { status: false, errorMsg } }),
  /** the server said no without a reason (the spec's services: `status: false` alone) */
  refused: { status: 400, json: { status: false } } as Answer,
  /** the server failed: a 5xx, whatever its body says */
  serverError: { status: 500, json: { status: false, errorMsg: 'System error - contact tech support.' } } as Answer,
  /** an answer that cannot be read: a proxy's or captive portal's HTML page */
  unreadable: { status: 200, text: '<!doctype html><title>Wi-Fi login</title><p>Sign in to continue</p>' } as Answer,
  offline: 'offline' as Answer,
} as const;

/**
 * Replaces fetch: `routes` maps 'GET class' or 'POST reserve-seat' (method and path under /api) to an answer.
 * A call with no answer in the table is answered 404 and recorded, so a test never passes on a call it forgot.
 * Returns the calls made, in order, each with its JSON body.
 */
export function answerApi(routes: Record<string, Route>) {
  const calls: { key: string; body: unknown; idempotencyKey?: string | null }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname.replace(/^\/api\//, '')}`;
    const raw = request.method === 'POST' ? await request.text() : '';
    // an upload's multipart form is kept as its text (its record and its file's name are in it)
    const body: unknown = raw && (request.headers.get('content-type') ?? '').startsWith('application/json') ? JSON.parse(raw) : raw || undefined;
    calls.push({ key, body, ...(request.method === 'POST' ? { idempotencyKey: request.headers.get('idempotency-key') } : {}) });
    const route = routes[key];
    const answer: Answer = route === undefined ? { status: 404, json: { status: false, errorMsg: `no test answer for ${key}` } } : typeof route === 'function' ? await route(body) : route;
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    const isText = 'text' in answer;
    return new Response(isText ? answer.text : JSON.stringify(answer.json), {
      status: answer.status,
      headers: { 'content-type': isText ? 'text/html' : 'application/json', ...('headers' in answer ? answer.headers : {}) },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}
