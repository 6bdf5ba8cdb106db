// The one place that talks to the editor's JSON API. Every request carries the session's bearer token;
// every write also carries X-RR-Request: 1 (the server's CSRF guard) and X-RR-Author.
import { ApiError } from './api-error.js';
import type { ErrorBody } from './api-types.js';

type Query = Record<string, string | number | boolean | undefined | null>;

/** Options of one request. */
export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

/** A client of `/api/`, holding the token and asking for the current author on each write. */
export class ApiClient {
  private readonly token: string | null;
  private readonly author: () => string | null;

  constructor(token: string | null, author: () => string | null) {
    this.token = token;
    this.author = author;
  }

  /** GET a JSON resource. */
  get<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
    return this.request<T>('GET', path, { query, signal });
  }

  /** POST a JSON body. */
  post<T>(path: string, body?: unknown, query?: Query, signal?: AbortSignal): Promise<T> {
    return this.request<T>('POST', path, { body: body ?? {}, query, signal });
  }

  /** PUT a JSON body. */
  put<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>('PUT', path, { body });
  }

  /** PATCH a JSON body. */
  patch<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>('PATCH', path, { body });
  }

  /** DELETE a resource. */
  delete<T>(path: string, query?: Query): Promise<T> {
    return this.request<T>('DELETE', path, { query });
  }

  /** Sends one request; a non-2xx answer becomes an ApiError carrying the server's body. */
  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    if (method !== 'GET' && method !== 'HEAD') {
      headers['X-RR-Request'] = '1';
      const author = this.author();
      if (author) headers['X-RR-Author'] = author;
    }
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
    const text = await response.text();
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = { message: text };
      }
    }
    if (!response.ok) {
      const errorBody = parsed && typeof parsed === 'object' ? (parsed as Partial<ErrorBody>) : {};
      throw new ApiError(response.status, errorBody);
    }
    return parsed as T;
  }
}

/** `/api/<path>?query`, leaving out empty query values. */
export function apiUrl(path: string, query?: Query): string {
  const url = `/api/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    params.set(key, value === true ? '1' : String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

/** An entity id as one path segment. */
export function idSegment(id: string): string {
  return encodeURIComponent(id);
}
