// The Host names the editor answers to (docs/api.md, "Security"): the local names, the bind
// address (for a wildcard, the machine's name and addresses), and every --allow-host name; the port is
// not compared.
import { isIP } from 'node:net';
import type { HostRule } from '../http/host-guard.js';
import { isWildcard, machineAddresses } from '../http/machine-addresses.js';

const LOCAL_NAMES = ['localhost', '127.0.0.1', '[::1]'];
/** The Host rule of an editor bound to `bindHost`, with the extra names of --allow-host. */
export function editorHostRule(bindHost: string, extra: readonly string[]): HostRule {
  const names = new Set(LOCAL_NAMES);
  const bind = hostName(bindHost);
  if (!isWildcard(bind)) names.add(bind);
  else for (const address of machineAddresses(bind)) names.add(hostName(address));
  for (const name of extra) names.add(hostName(name));
  return {
    accepts: (host) => names.has(host.name),
    code: 'bad-host',
    message: (header) =>
      `Host "${header}" is not accepted; open the editor at an address rr serve printed, or start it with --allow-host NAME`,
  };
}

/** A name as a Host header spells it: lower case, an IPv6 address in brackets. */
function hostName(text: string): string {
  const bare = text.replace(/^\[|\]$/g, '').toLowerCase();
  return isIP(bare) === 6 ? `[${bare}]` : bare;
}
