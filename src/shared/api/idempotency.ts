// The Idempotency-Key of a POST (docs/decisions/0020-idempotency.md): the client names one intent with a
// key and sends it again with every retry of that intent; the server answers a repeat with the first answer.
// Shared so the outbox and the screens send what the server accepts.

/** the request header (IETF draft-ietf-httpapi-idempotency-key-header) */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** on an answer that is the stored first answer, not a new run */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** what a key may be: a client UUID fits; shorter keys would make a collision, or a guess, too likely */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/**
 * how long the server keeps a key's answer: longer than an action may wait in the outbox, which must
 * not send a key older than this (a repeat after it would run again)
 */
export const IDEMPOTENCY_KEPT_MS = 30 * 24 * 3600_000;

export const IDEMPOTENCY_KEY_INVALID = 'The Idempotency-Key header must be 8 to 100 letters, digits, hyphens or underscores.';
export const IDEMPOTENCY_KEY_OTHER_CALL = 'This Idempotency-Key was already used for another call.';
export const IDEMPOTENCY_KEY_OTHER_BODY = 'This Idempotency-Key was already used for a request with different details.';
export const IDEMPOTENCY_KEY_IN_FLIGHT = 'This request is still being processed. Try again in a moment.';
