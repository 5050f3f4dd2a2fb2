// Paths that carry a secret (a reset token, a login link, a cancel code) must never reach a log
// or the page_views table in full; one rule for the client's report and the server's records.

const SECRET_PATHS = /^(\/(?:reset|login|cancel-seat|cancel)\/)[^/?#]+/;
const SECRET_QUERY = /([?&](?:code|token|s)=)[^&#]*/g;

/** '/reset/abc123?x=1' → '/reset/:secret?x=1'; '/api/cancel-seat?code=abc' → '/api/cancel-seat?code=:secret' */
export function redactPath(path: string): string {
  return path.replace(SECRET_PATHS, '$1:secret').replace(SECRET_QUERY, '$1:secret');
}
