// Headers on every answer, errors and refusals included: a strict Content-Security-Policy and helmet's
// other protections (no sniffing, no framing, no referrer, same-origin opener and resource policies),
// API answers never cached, and never an Access-Control-* header, so other origins cannot read the API.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { CspDirectives } from './content-security-policies.js';

/** Adds the security headers with the server's CSP to every answer. */
export function registerSecurityHeaders(app: FastifyInstance, csp: CspDirectives): void {
  void app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: csp },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Both servers speak plain HTTP on loopback or behind a proxy that owns TLS; HSTS is the proxy's.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const name of Object.keys(reply.getHeaders()))
      if (name.toLowerCase().startsWith('access-control-')) reply.removeHeader(name);
    return payload;
  });
}
