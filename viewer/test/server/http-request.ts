// SPDX-License-Identifier: AGPL-3.0-or-later
// A plain HTTP client for the viewer tests: raw paths (so `%2e%2e` and `..` reach the server as typed),
// any Host and Origin, and the answer's status, headers and body.
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';

/** What to send. */
export interface HttpRequestOptions {
  method?: string;
  /** Request headers; `host` defaults to 127.0.0.1:<port>. */
  headers?: Record<string, string>;
  /** A JSON body (sent with Content-Type: application/json), or raw text/bytes. */
  json?: unknown;
  body?: string | Buffer;
}

/** What came back. */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body, gunzipped when it was sent gzip-compressed. */
  body: Buffer;
  text: string;
  /** The body parsed as JSON. */
  json: <T = Record<string, unknown>>() => T;
}

/** Sends one request to the viewer on 127.0.0.1:`port`. */
export function httpRequest(
  port: number,
  path: string,
  options: HttpRequestOptions = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = { host: `127.0.0.1:${port}`, ...options.headers };
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        setHost: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let raw = Buffer.concat(chunks);
          if (res.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
          const text = raw.toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: raw,
            text,
            json: <T>() => JSON.parse(text) as T,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
