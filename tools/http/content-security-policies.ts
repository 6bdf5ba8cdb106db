// The Content-Security-Policy of each server: its own origin only, no inline script or style, no
// framing. The viewer's page draws boards into data:/blob: images and runs a worker, so it allows those;
// the editor's page needs neither, so everything it does not name is 'none'.

/** CSP directives as @fastify/helmet takes them. */
export type CspDirectives = Record<string, string[]>;

/** The editor's policy (docs/api.md, "Security"). */
export const EDITOR_CSP: CspDirectives = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'"],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** The viewer's policy (viewer/docs/viewer-api.md, "Network rules"). */
export const VIEWER_CSP: CspDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The header value a policy is sent as (helmet's spelling: directives joined by ";"). */
export function cspHeader(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
}
