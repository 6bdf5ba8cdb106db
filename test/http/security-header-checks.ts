// What every answer of both servers carries (test/http/security-headers.test.ts, and the viewer's own
// test in viewer/test/http/).
import { expect } from 'vitest';
import { cspHeader, type CspDirectives } from '../../tools/http/content-security-policies.js';

type Headers = Record<string, string | string[] | number | undefined>;

/** Asserts the security headers of one answer, with `policy` as its CSP. */
export function expectSecurityHeaders(headers: Headers, policy: CspDirectives, what: string): void {
  expect(headers['content-security-policy'], what).toBe(cspHeader(policy));
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(headers['cross-origin-resource-policy'], what).toBe('same-origin');
  expect(
    Object.keys(headers).filter((h) => h.startsWith('access-control-')),
    what,
  ).toEqual([]);
}
