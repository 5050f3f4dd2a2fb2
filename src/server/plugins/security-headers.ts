// Response headers from security.md "HTTP hardening": a CSP that allows no inline script or style,
// nosniff, a referrer policy, no framing, and HSTS when served over https.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  // the one video host a class may embed (decisions.md, Videos)
  'frame-src https://www.youtube-nocookie.com',
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** the headers every answer carries; also applied by answers that never reach the onSend hook */
export function applySecurityHeaders(req: FastifyRequest, reply: FastifyReply, opts: { https: boolean }): void {
  reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  reply.header('x-frame-options', 'DENY');
  reply.header('cross-origin-opener-policy', 'same-origin');
  if (opts.https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  // personal answers must not sit in shared caches; the offline issue decides what the SW keeps
  if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}

export function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }): void {
  app.addHook('onSend', async (req, reply) => applySecurityHeaders(req, reply, opts));
}
