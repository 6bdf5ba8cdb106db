// The names and addresses that reach this machine, for a server bound to a wildcard address (0.0.0.0 or
// ::): both servers print a URL for each and their Host guards accept each (docs/api.md).
import { hostname, networkInterfaces } from 'node:os';
import { isIP } from 'node:net';

/** Whether a bind address listens on every interface. */
export function isWildcard(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === '0.0.0.0' || bare === '::' || bare === '';
}

/**
 * The machine's host name and interface addresses that a listener on `bind` answers on: IPv4 ones for
 * 0.0.0.0, IPv4 and IPv6 for ::. Link-local IPv6 addresses are left out (a URL needs their zone).
 */
export function machineAddresses(bind: string): string[] {
  const ipv6 = bind.replace(/^\[|\]$/g, '') === '::';
  const names = new Set<string>([hostname().toLowerCase()]);
  for (const list of Object.values(networkInterfaces())) {
    for (const info of list ?? []) {
      if (info.family === 'IPv4') names.add(info.address);
      else if (ipv6 && !info.address.toLowerCase().startsWith('fe80:')) names.add(info.address.toLowerCase());
    }
  }
  return [...names];
}

/** An address or name as a URL's host (IPv6 in brackets). */
export function urlHostOf(host: string): string {
  const bare = host.replace(/^\[|\]$/g, '');
  return isIP(bare) === 6 ? `[${bare}]` : bare;
}
