// SPDX-License-Identifier: AGPL-3.0-or-later
// The addresses the viewer listens on (--listen, repeatable; 127.0.0.1 by default) and the names
// requests may use to reach it, from which the Host guard and the Origin check are built.
import { isIP } from 'node:net';

/** One listener: a host (IP address or name, IPv6 without brackets) and a port (0: any free port). */
export interface ListenAddress {
  host: string;
  port: number;
}

/** Parses `HOST`, `HOST:PORT`, `[IPv6]:PORT` or a bare IPv6 address; a message when it is not one. */
export function parseListenAddress(text: string, defaultPort: number): ListenAddress | string {
  const value = text.trim();
  let host = value;
  let port: string | undefined;
  const bracketed = /^\[([^\]]+)\](?::(.*))?$/.exec(value);
  if (bracketed) {
    host = bracketed[1]!;
    port = bracketed[2];
  } else if ((value.match(/:/g) ?? []).length === 1) {
    [host, port] = value.split(':') as [string, string];
  }
  if (host === '') return `--listen ${JSON.stringify(text)} names no host; give HOST or HOST:PORT`;
  if (port === undefined || port === '') return { host, port: defaultPort };
  const n = Number(port);
  if (!/^\d+$/.test(port) || n > 65535)
    return `--listen ${JSON.stringify(text)} has port ${JSON.stringify(port)}; a port is a whole number from 0 to 65535`;
  return { host, port: n };
}

/** Whether a listener host only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase();
  return h === 'localhost' || h === '::1' || (isIP(h) === 4 && h.startsWith('127.'));
}

/** The host as it appears in a URL or a Host header (IPv6 in brackets). */
export function urlHost(host: string): string {
  return isIP(host) === 6 ? `[${host}]` : host;
}

/** The names and origins the viewer answers to, once its ports are known. */
export interface ViewerNames {
  /** Ports the viewer listens on. */
  ports: Set<number>;
  /** Host names (lower case, IPv6 in brackets) allowed with any listening port. */
  hosts: Set<string>;
  /** `host:port` pairs allowed as they are (--allow-host values given with a port). */
  hostPorts: Set<string>;
  /** Origins allowed to write (as URL.origin spells them). */
  origins: Set<string>;
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** The viewer's names from its bound listeners and the --allow-host and --allow-origin values. */
export function viewerNames(
  listeners: readonly ListenAddress[],
  allowHost: readonly string[],
  allowOrigin: readonly string[],
): ViewerNames {
  const ports = new Set(listeners.map((l) => l.port));
  const hosts = new Set([...LOOPBACK_NAMES, ...listeners.map((l) => urlHost(l.host).toLowerCase())]);
  const hostPorts = new Set<string>();
  for (const value of allowHost) {
    const parsed = parseListenAddress(value, -1);
    if (typeof parsed === 'string') continue; // checked when the flags were read
    const name = urlHost(parsed.host).toLowerCase();
    if (parsed.port === -1) hosts.add(name);
    else hostPorts.add(`${name}:${parsed.port}`);
  }
  const origins = new Set<string>();
  for (const port of ports)
    for (const name of LOOPBACK_NAMES) origins.add(new URL(`http://${name}:${port}`).origin);
  for (const value of allowOrigin) {
    const url = new URL(value);
    origins.add(url.origin);
    const host = url.hostname.toLowerCase();
    hosts.add(host);
    // The first label lets a short name reach the viewer (box for box.example.ts.net).
    if (isIP(host) === 0 && host.includes('.')) hosts.add(host.split('.')[0]!);
  }
  return { ports, hosts, hostPorts, origins };
}

/** A message when an --allow-origin value is not an http(s) origin, else undefined. */
export function allowOriginProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `--allow-origin ${JSON.stringify(value)} is not a URL; give an origin such as http://box.example.net:8766`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `--allow-origin ${JSON.stringify(value)} is not an http or https origin`;
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username)
    return `--allow-origin ${JSON.stringify(value)} has more than scheme, host and port; give just the origin (${url.origin})`;
  return undefined;
}
