// Headers on every answer: a strict Content-Security-Policy (no inline scripts or styles, nothing from
// other origins), no sniffing, no framing, no referrer. No Access-Control-* header is ever sent, so
// other origins cannot read the API.
import type { FastifyInstance } from 'fastify';

/** The Content-Security-Policy of every answer. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** Adds the security headers to every answer, errors and 404s included. */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(HEADERS);
    return payload;
  });
}
