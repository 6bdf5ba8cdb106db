// SPDX-License-Identifier: AGPL-3.0-or-later
// Which hosts the assistant's web tools may reach: public ones only (docs/viewer-agent.md, "Web
// access"). Addresses are checked against the ranges that are not the public internet (node:net's
// BlockList does the matching); names are refused when they are local by their form (localhost, .local,
// .internal, a single label) and otherwise checked by every address they resolve to.
import { BlockList, isIP } from 'node:net';

const V4: [string, number, string][] = [
  ['0.0.0.0', 8, 'this-network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT / tailnet'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];
// Ranges that carry an IPv4 address in a form the IPv4 check below does not read are refused whole.
const V6: [string, number, string][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['::', 96, 'IPv4-compatible (deprecated)'],
  ['::ffff:0:0:0', 96, 'IPv4-translated'],
  ['64:ff9b:1::', 48, 'local-use NAT64'],
  ['100::', 64, 'discard'],
  ['2001::', 32, 'Teredo'],
  ['2001:db8::', 32, 'documentation'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

const ranges = new Map<BlockList, string>();
for (const [address, prefix, label] of [...V4, ...V6]) {
  const list = new BlockList();
  list.addSubnet(address, prefix, isIP(address) === 6 ? 'ipv6' : 'ipv4');
  ranges.set(list, `${label} (${address}/${prefix})`);
}

/** Why an IP address is not a public one, or undefined when it is. */
export function addressRefusal(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  const embedded = family === 6 ? embeddedIpv4(address) : undefined;
  if (embedded !== undefined) return addressRefusal(embedded);
  for (const [list, label] of ranges)
    if (list.check(address, family === 6 ? 'ipv6' : 'ipv4')) return `${address} is a ${label} address`;
  return undefined;
}

/** A URL's hostname without the brackets of an IPv6 literal. */
export function bareHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '');
}

/** Why a host (an address, or a name by its form) is not public, or undefined when only resolving can tell. */
export function hostRefusal(host: string): string | undefined {
  return isIP(host) ? addressRefusal(host) : nameRefusal(host);
}

/** Why a host name is local by its form, or undefined when only its addresses can tell. */
export function nameRefusal(host: string): string | undefined {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return `${host} names this machine`;
  for (const suffix of ['.local', '.internal', '.localdomain', '.home.arpa', '.lan'])
    if (name.endsWith(suffix)) return `${host} is a local name (${suffix})`;
  if (!name.includes('.')) return `${host} is a single-label (local network) name`;
  return undefined;
}

/** The IPv4 address inside an IPv4-mapped, NAT64 or 6to4 IPv6 address. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) return fromWords(parseInt(hex[1]!, 16), parseInt(hex[2]!, 16));
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/.exec(lower);
  if (sixToFour) return fromWords(parseInt(sixToFour[1]!, 16), parseInt(sixToFour[2]!, 16));
  return undefined;
}

function fromWords(high: number, low: number): string {
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}
