// How call() sorts an answer into a result or a failure kind, for the cases screens cannot show apart: a read
// whose result is `status: false`, and an action that says false in a shape that would otherwise pass.
import { describe, expect, it, vi } from 'vitest';
import { getValidateUsername } from '#shared/api/session';
import { postSaveAffidavit } from '#shared/api/learning';
import { postCancelSeat, postReserveSeat } from '#shared/api/classes';
import { postPageView } from '#shared/api/support';
import { answerApi, failures, ok, type Answer } from '../test/api-stub.ts';
import { ApiError, call, callQuietly, errorMessage, NETWORK_ERROR, PENDING_LOGOUT_KEY } from './api.ts';

const failureOf = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as ApiError);

describe('call', () => {
  it("returns a read's own status false as its result (validate-username: taken)", async () => {
    answerApi({ 'GET validate-username': ok({ status: false }) });
    await expect(call(getValidateUsername, { query: { u: 'jordan' } })).resolves.toEqual({ status: false });
  });

  it('treats an action answering status false as refused, with the screen text standing in', async () => {
    answerApi({ 'POST save-affidavit': ok({ status: false }) });
    const error = await failureOf(call(postSaveAffidavit, { body: { c: 'live42', attended: true } }));
    expect(error).toBeInstanceOf(ApiError);
    expect([error!.kind, error!.serverMessage]).toEqual(['refused', null]);
    expect(errorMessage(error, { refused: 'service text', broken: 'trapped text' })).toBe('service text');
  });

  it.each([
    ['a 5xx with a message', failures.serverError, 'broken', 'trapped text'],
    ['an unreadable answer', failures.unreadable, 'broken', 'trapped text'],
    ['a refusal with a reason', failures.refusedWithMessage('Seat already released.'), 'refused', 'Seat already released.'],
    ['no network', failures.offline, 'network', NETWORK_ERROR],
  ] as const)('sorts %s', async (_, answer, kind, text) => {
    answerApi({ 'POST save-affidavit': answer });
    const error = await failureOf(call(postSaveAffidavit, { body: { c: 'live42', attended: true } }));
    expect(error?.kind).toBe(kind);
    expect(errorMessage(error, { refused: 'service text', broken: 'trapped text' })).toBe(text);
  });

  it('sends every write with an Idempotency-Key, kept while the same write gets no answer and new once the server answered', async () => {
    let answer: Answer = 'offline';
    const calls = answerApi({ 'POST reserve-seat': () => answer, 'POST cancel-seat': ok({ status: true }) });
    const reserve = () => call(postReserveSeat, { body: { c: 'web1' } }).catch(() => null);
    await reserve();
    // a gateway without its server, then the server still applying the first try: the same intent, the same key
    answer = { status: 503, json: {} };
    await reserve();
    answer = { status: 409, json: { status: false, errorMsg: 'still running' }, headers: { 'retry-after': '1' } };
    await reserve();
    answer = ok({ status: true, attendeeId: 7, isWaiting: false });
    await reserve();
    const first = calls.map((c) => c.idempotencyKey);
    expect(first).toHaveLength(4);
    expect(first[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(first).size).toBe(1);

    // answered: the next reservation is a new intent, and so is a write with another body
    await reserve();
    await call(postCancelSeat, { body: { code: 'abcdefgh12' } });
    expect(calls[4]!.idempotencyKey).not.toBe(first[0]);
    expect(calls[5]!.idempotencyKey).not.toBe(calls[4]!.idempotencyKey);
  });

  it('keeps a write’s key across a quiet call answered meanwhile (a page view while the retry waits its second)', async () => {
    let answer: Answer = 'offline';
    const calls = answerApi({ 'POST reserve-seat': () => answer, 'POST page-view': ok({ status: true }) });
    const reserve = () => call(postReserveSeat, { body: { c: 'web1' } }).catch(() => null);
    await reserve();
    callQuietly(postPageView, { body: { path: '/home' } });
    await vi.waitFor(() => expect(calls.filter((c) => c.key === 'POST page-view')).toHaveLength(1));
    answer = ok({ status: true, attendeeId: 7, isWaiting: false });
    await reserve();
    const keys = calls.filter((c) => c.key === 'POST reserve-seat').map((c) => c.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('takes an answer cut off by the connection for no answer (not a system error), and keeps the write’s key', async () => {
    const keys: (string | null)[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      keys.push(new Request(input, init).headers.get('idempotency-key'));
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"status":tr'));
          controller.error(new TypeError('network error'));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const first = await failureOf(call(postReserveSeat, { body: { c: 'web1' } }));
    expect([first?.kind, errorMessage(first, { refused: 'service text', broken: 'trapped text' })]).toEqual(['network', NETWORK_ERROR]);
    await failureOf(call(postReserveSeat, { body: { c: 'web1' } }));
    expect(keys[1]).toBe(keys[0]);
  });

  it('gives an exception of our own code the trapped text', () => {
    expect(errorMessage(new TypeError('x is undefined'), { refused: 'service text', broken: 'trapped text' })).toBe('trapped text');
  });
});

describe('a logout made offline', () => {
  it('is sent before the next call, and stays recorded until the server has answered it', async () => {
    localStorage.setItem(PENDING_LOGOUT_KEY, '1');
    let logoutAnswer: 'offline' | ReturnType<typeof ok> = 'offline';
    const calls = answerApi({ 'POST logout': () => logoutAnswer, 'GET validate-username': ok({ status: true }) });
    // still no server for the logout: the call goes on (it would fail the same way), the logout stays pending
    await call(getValidateUsername, { query: { u: 'jordan' } });
    expect(calls.map((c) => c.key)).toEqual(['POST logout', 'GET validate-username']);
    expect(localStorage.getItem(PENDING_LOGOUT_KEY)).not.toBeNull();
    logoutAnswer = ok({ status: true });
    await call(getValidateUsername, { query: { u: 'jordan' } });
    await call(getValidateUsername, { query: { u: 'jordan' } });
    expect(calls.map((c) => c.key)).toEqual(['POST logout', 'GET validate-username', 'POST logout', 'GET validate-username', 'GET validate-username']);
    expect(localStorage.getItem(PENDING_LOGOUT_KEY)).toBeNull();
  });
});
