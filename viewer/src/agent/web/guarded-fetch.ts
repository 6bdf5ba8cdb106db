// SPDX-License-Identifier: AGPL-3.0-or-later
// Fetching a web page for the assistant, public hosts only (public-address.ts). The host is checked by
// its form, then resolved, and every address it resolves to must be public; the connection then goes to
// the address that was checked (a `lookup` that returns it), so a name that resolves differently a moment
// later (DNS rebinding) cannot switch it. Redirects are followed by hand, each target checked the same
// way. Answers are limited in size and time, and only text is returned.
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import { addressRefusal, bareHost, hostRefusal } from './public-address.js';

/** A resolved address. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** How the guard resolves and connects; the defaults are the machine's resolver and the checked address. */
export interface WebGuardOptions {
  resolve?: (host: string) => Promise<ResolvedAddress[]>;
  /**
   * Where the connection for a checked address goes (default: that address and the URL's port). Tests map
   * a public address to a local server here; it is applied only after the check.
   */
  connect?: (checked: ResolvedAddress & { port: number }) => ResolvedAddress & { port: number };
  maxBytes?: number;
  /** The whole fetch, redirects included. */
  timeoutMs?: number;
  /** One name resolution (a resolver that never answers must not hold a tool call until the turn ends). */
  resolveTimeoutMs?: number;
  maxRedirects?: number;
}

/** A fetched page. */
export interface FetchedPage {
  /** The URL after redirects. */
  url: string;
  status: number;
  contentType: string;
  text: string;
  /** True when the answer was cut at the size limit. */
  truncated: boolean;
}

/** A fetch the guard refused, with the reason the assistant and the page see. */
export class WebGuardRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebGuardRefusal';
  }
}

const DEFAULTS = { maxBytes: 2 * 1024 * 1024, timeoutMs: 15_000, resolveTimeoutMs: 5_000, maxRedirects: 5 };
const TEXT_TYPES = /^(text\/|application\/(json|xml|xhtml\+xml|rss\+xml|atom\+xml|ld\+json|javascript)\b)/i;

/** Resolves with the machine's resolver (every address, as the system gives them). */
export async function systemResolve(host: string): Promise<ResolvedAddress[]> {
  const all = await dnsLookup(host, { all: true, verbatim: true });
  return all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

/** The public address to connect to for a URL's host; throws a refusal naming why otherwise. */
export async function checkedAddress(
  url: URL,
  resolve: WebGuardOptions['resolve'],
  resolveTimeoutMs = DEFAULTS.resolveTimeoutMs,
): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new WebGuardRefusal(`${url.protocol} URLs are not fetched; only http and https`);
  if (url.username || url.password) throw new WebGuardRefusal('URLs with credentials are not fetched');
  const host = bareHost(url.hostname);
  const refusal = hostRefusal(host);
  if (refusal) throw new WebGuardRefusal(`refused: ${refusal}; only public hosts are fetched`);
  if (isIP(host)) return { address: host, family: isIP(host) === 6 ? 6 : 4 };
  let addresses: ResolvedAddress[];
  let timer: NodeJS.Timeout | undefined;
  try {
    addresses = await Promise.race([
      (resolve ?? systemResolve)(host),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new WebGuardRefusal(`${host} did not resolve within ${resolveTimeoutMs} ms`)),
          resolveTimeoutMs,
        );
      }),
    ]);
  } catch (error) {
    if (error instanceof WebGuardRefusal) throw error;
    throw new WebGuardRefusal(
      `cannot resolve ${host}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  } finally {
    clearTimeout(timer);
  }
  if (addresses.length === 0) throw new WebGuardRefusal(`${host} resolves to no address`);
  for (const a of addresses) {
    const refusal = addressRefusal(a.address);
    if (refusal)
      throw new WebGuardRefusal(`refused: ${host} resolves to ${refusal}; only public hosts are fetched`);
  }
  return addresses[0]!;
}

/** Fetches a URL through the guard (GET, redirects checked one by one). */
export async function guardedFetch(target: string, options: WebGuardOptions = {}): Promise<FetchedPage> {
  const limits = { ...DEFAULTS, ...options };
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new WebGuardRefusal(`${JSON.stringify(target.slice(0, 200))} is not a URL`);
  }
  const deadline = Date.now() + limits.timeoutMs;
  for (let hop = 0; ; hop++) {
    const left = Math.max(1, deadline - Date.now());
    const checked = await checkedAddress(url, options.resolve, Math.min(limits.resolveTimeoutMs, left));
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    const target = options.connect ? options.connect({ ...checked, port }) : { ...checked, port };
    const response = await get(url, target, Math.max(1, deadline - Date.now()));
    const location = response.headers.location;
    if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
      response.resume();
      if (hop >= limits.maxRedirects) throw new WebGuardRefusal(`more than ${limits.maxRedirects} redirects`);
      url = new URL(location, url);
      continue;
    }
    const contentType = String(response.headers['content-type'] ?? '');
    if (contentType && !TEXT_TYPES.test(contentType)) {
      response.destroy();
      throw new WebGuardRefusal(`${url.href} is ${contentType}, not text; only text pages are fetched`);
    }
    const { text, truncated } = await readLimited(
      response,
      limits.maxBytes,
      Math.max(1, deadline - Date.now()),
    );
    return { url: url.href, status: response.statusCode ?? 0, contentType, text, truncated };
  }
}

/** One GET to the checked address (the URL's host still names it for TLS and the Host header). */
function get(
  url: URL,
  target: ResolvedAddress & { port: number },
  timeoutMs: number,
): Promise<IncomingMessage> {
  const lookup: LookupFunction = (_host, opts, callback) => {
    if (opts.all)
      (callback as (e: null, a: ResolvedAddress[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else callback(null, target.address, target.family);
  };
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: target.port,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        lookup,
        servername: isIP(url.hostname) ? undefined : url.hostname,
        headers: {
          host: url.host,
          'user-agent': 'rr-viewer-assistant/1 (+docs/viewer-agent.md)',
          accept: 'text/html,text/plain,application/json;q=0.9,*/*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
        },
        timeout: timeoutMs,
      },
      resolve,
    );
    req.on('timeout', () => req.destroy(new WebGuardRefusal(`${url.href} did not answer in time`)));
    req.on('error', reject);
    req.end();
  });
}

/** The body as text, at most `maxBytes` after decompression, within the time left. */
function readLimited(
  response: IncomingMessage,
  maxBytes: number,
  timeoutMs: number,
): Promise<{ text: string; truncated: boolean }> {
  const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
  const body: Readable =
    encoding === 'gzip'
      ? response.pipe(createGunzip())
      : encoding === 'deflate'
        ? response.pipe(createInflate())
        : encoding === 'br'
          ? response.pipe(createBrotliDecompress())
          : response;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (truncated: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ text: Buffer.concat(chunks).toString('utf8').slice(0, maxBytes), truncated });
    };
    const timer = setTimeout(() => {
      response.destroy();
      finish(true);
    }, timeoutMs);
    body.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= maxBytes) {
        response.destroy();
        finish(true);
      }
    });
    body.on('end', () => finish(false));
    body.on('error', (error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(error);
    });
  });
}
