// SPDX-License-Identifier: AGPL-3.0-or-later
// Reading query parameters: one value each (a repeated parameter's last value counts), checked with a
// `bad-query` answer that names the parameter and what it takes.
import { ViewerRouteError } from './viewer-route-error.js';

/** A request's parsed query string. */
export type Query = Record<string, string | string[] | undefined>;

/** The parameter's value, or undefined when absent. */
export function queryText(query: Query, name: string): string | undefined {
  const value = query[name];
  return Array.isArray(value) ? value.at(-1) : value;
}

/** The parameter as a whole number within bounds, or undefined when absent or empty. */
export function queryWholeNumber(query: Query, name: string, min: number, max: number): number | undefined {
  const text = queryText(query, name);
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max)
    throw new ViewerRouteError(
      'bad-query',
      `${name} takes a whole number from ${min} to ${max}; got ${JSON.stringify(text.slice(0, 40))}`,
    );
  return n;
}

/** The parameter as a comma-separated list of allowed words, or undefined when absent or empty. */
export function queryChoices<T extends string>(
  query: Query,
  name: string,
  allowed: readonly T[],
): T[] | undefined {
  const text = queryText(query, name);
  if (text === undefined || text === '') return undefined;
  const words = text.split(',').map((w) => w.trim());
  const wrong = words.filter((w) => !(allowed as readonly string[]).includes(w));
  if (wrong.length > 0)
    throw new ViewerRouteError(
      'bad-query',
      `${name} takes ${allowed.join(', ')} (comma-separated); got ${JSON.stringify(wrong.join(',').slice(0, 60))}`,
    );
  return words as T[];
}
