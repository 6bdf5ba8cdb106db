// SPDX-License-Identifier: AGPL-3.0-or-later
// The shape of a persistent live index file (live-index-file.ts), checked by hand field by field before
// anything in it is used: a damaged or edited file is refused and rebuilt, never folded into summaries.
// (A JSON Schema compiled by Ajv would cost more to compile than checking 100,000 entries does.)
import { isJsonObject, shapeOf, type JsonShape } from 'rules-rr/core/model/checked-json.js';
import {
  CHECKPOINT_PHASES,
  END_STATUSES,
  LANE_END_STATUSES,
  LANE_KINDS,
  NET_ROUTE_STATUSES,
} from '../telemetry/live-event.js';
import type { EventFact } from './event-facts.js';

/** The first line of an index file. */
export interface LiveIndexHeader {
  format: string;
  /** indexCodeDigest() of the code that wrote it. */
  code: string;
  /** The live directory, absolute. */
  root: string;
  /** The stamp of events/ the entries match, or null when none is known. */
  folder: string | null;
  entries: number;
  /** Hex sha256 of the rest of the file. */
  sha256: string;
}

/** The body of an index file: one column per field, every column as long as `facts`. */
export interface IndexColumns {
  /** File names; null for the conventional name of the fact's seq and kind. */
  names: (string | null)[];
  size: number[];
  mtimeMs: number[];
  ino: number[];
  facts: EventFact[];
}

/** The header line. */
export const INDEX_HEADER: JsonShape<LiveIndexHeader> = shapeOf((value) => {
  if (!isJsonObject(value)) return 'the header is not a JSON object';
  for (const key of ['format', 'code', 'root', 'sha256'])
    if (typeof value[key] !== 'string') return `the header's "${key}" is not a string`;
  if (value.folder !== null && typeof value.folder !== 'string') return 'the header\'s "folder" is wrong';
  if (!isCount(value.entries)) return 'the header\'s "entries" is not a count';
  return undefined;
});

/** The columns. */
export const INDEX_COLUMNS: JsonShape<IndexColumns> = shapeOf((value) => {
  if (!isJsonObject(value)) return 'the body is not a JSON object';
  const { names, size, mtimeMs, ino, facts } = value;
  if (!Array.isArray(facts)) return 'the facts are not a list';
  for (const [key, column] of Object.entries({ names, size, mtimeMs, ino }))
    if (!Array.isArray(column) || column.length !== facts.length)
      return `the column "${key}" does not match the facts`;
  for (let i = 0; i < facts.length; i++) {
    const name: unknown = (names as unknown[])[i];
    if (name !== null && (typeof name !== 'string' || name === ''))
      return `entry ${i + 1}: the name is not a file name`;
    if (
      !isCount((size as unknown[])[i]) ||
      !isNumber((mtimeMs as unknown[])[i]) ||
      !isNumber((ino as unknown[])[i])
    )
      return `entry ${i + 1}: the stamp is not numbers`;
    const problem = factProblem(facts[i]);
    if (problem !== undefined) return `entry ${i + 1}: ${problem}`;
  }
  return undefined;
});

function factProblem(fact: unknown): string | undefined {
  if (!isJsonObject(fact)) return 'the fact is not an object';
  if (!isCount(fact.seq)) return 'the fact has no seq';
  const f = fact;
  const laneProblem = typeof f.lane === 'string' ? undefined : 'the fact has no lane';
  const optional = (key: string, check: (v: unknown) => boolean) =>
    f[key] === undefined || check(f[key]) ? undefined : `the fact's "${key}" is wrong`;
  switch (f.kind) {
    case 'experiment_start': {
      const x = f.experiment;
      if (!isJsonObject(x) || typeof x.name !== 'string') return 'the fact has no experiment name';
      if (x.board !== undefined && typeof x.board !== 'string') return 'the experiment board is wrong';
      if (x.seed !== undefined && !isNumber(x.seed)) return 'the experiment seed is wrong';
      if (x.parameters !== undefined && !isJsonObject(x.parameters))
        return 'the experiment parameters are wrong';
      return undefined;
    }
    case 'experiment_end':
      return oneOf(f.status, END_STATUSES) ?? optional('best', isBest);
    case 'run_start':
      return (
        (typeof f.run === 'string' ? undefined : 'the fact has no run') ??
        optional('run_dir', isString) ??
        optional('tool', isTool)
      );
    case 'run_end':
      return (typeof f.run === 'string' ? undefined : 'the fact has no run') ?? oneOf(f.status, END_STATUSES);
    case 'lane_start':
      return (
        laneProblem ??
        oneOf(f.lane_kind, LANE_KINDS) ??
        (f.parent === null || typeof f.parent === 'string' ? undefined : 'the fact\'s "parent" is wrong') ??
        optional('label', isString) ??
        optional('parameters', isJsonObject)
      );
    case 'lane_end':
      return laneProblem ?? oneOf(f.status, LANE_END_STATUSES) ?? optional('cost', isNumber);
    case 'placement_cost':
      return (
        laneProblem ??
        (isNumber(f.step) && isNumber(f.total) ? undefined : 'the fact has no step or total') ??
        optional('best', isNumber)
      );
    case 'checkpoint':
      return (
        laneProblem ??
        (typeof f.board === 'string' ? undefined : 'the fact has no board') ??
        oneOf(f.phase, CHECKPOINT_PHASES) ??
        optional('cost', isNumber)
      );
    case 'net_status':
      return laneProblem ?? (isNetCounts(f.nets) ? undefined : 'the fact\'s "nets" are not counts');
    case 'route':
      return laneProblem ?? (typeof f.replace === 'boolean' ? undefined : 'the fact\'s "replace" is wrong');
    case 'placement':
    case 'alternatives':
    case 'error':
      return optional('lane', isString);
    default:
      return 'the fact has an unknown kind';
  }
}

function oneOf(value: unknown, allowed: readonly string[]): string | undefined {
  return typeof value === 'string' && allowed.includes(value)
    ? undefined
    : `"${String(value)}" is not allowed here`;
}

function isCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isString(value: unknown): boolean {
  return typeof value === 'string';
}

function isBest(value: unknown): boolean {
  return (
    isJsonObject(value) &&
    typeof value.lane === 'string' &&
    isNumber(value.cost) &&
    (value.checkpoint === undefined || typeof value.checkpoint === 'string')
  );
}

function isTool(value: unknown): boolean {
  return (
    isJsonObject(value) &&
    typeof value.name === 'string' &&
    (value.version === undefined || typeof value.version === 'string')
  );
}

function isNetCounts(value: unknown): boolean {
  return (
    isJsonObject(value) &&
    Object.keys(value).length === NET_ROUTE_STATUSES.length &&
    NET_ROUTE_STATUSES.every((state) => isCount(value[state]))
  );
}
