// SPDX-License-Identifier: AGPL-3.0-or-later
// Checks of JSON request bodies field by field, with messages that name the field, what it takes and
// what came. Unknown fields are refused, as in the telemetry contract, so a client's typo surfaces.
import { ViewerRecordRequestError } from './viewer-record-request-error.js';

/** A plain JSON object. */
export type JsonObject = Record<string, unknown>;

interface Presence {
  required?: boolean;
}

/** Reads the fields of one JSON object, throwing `bad-body` errors that name `where.field`. */
export class FieldReader {
  private constructor(
    readonly value: JsonObject,
    readonly where: string,
  ) {}

  /** Checks that `value` is an object holding only `allowed` fields. */
  static of(value: unknown, where: string, allowed: readonly string[]): FieldReader {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw bad(`${where} must be a JSON object; got ${describe(value)}`);
    const unknown = Object.keys(value).filter((k) => !allowed.includes(k));
    if (unknown.length > 0)
      throw bad(
        `${where} has unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')}; allowed: ${allowed.join(', ')}`,
      );
    return new FieldReader(value as JsonObject, where);
  }

  /** Whether the field is present (and not null). */
  has(key: string): boolean {
    return this.value[key] !== undefined && this.value[key] !== null;
  }

  string(
    key: string,
    rule: Presence & { max: number; min?: number; pattern?: RegExp; hint?: string },
  ): string | undefined {
    const v = this.present(key, rule);
    if (v === undefined) return undefined;
    if (typeof v !== 'string') throw this.wrong(key, 'a string', v);
    const min = rule.min ?? 0;
    if (v.length < min || v.length > rule.max)
      throw bad(`${this.where}.${key} takes ${min}–${rule.max} characters; got ${v.length}`);
    if (rule.pattern && !rule.pattern.test(v))
      throw bad(
        `${this.where}.${key} ${rule.hint ?? `must match ${String(rule.pattern)}`}; got ${JSON.stringify(v.slice(0, 80))}`,
      );
    return v;
  }

  integer(key: string, rule: Presence & { min: number; max?: number }): number | undefined {
    const v = this.present(key, rule);
    if (v === undefined) return undefined;
    if (
      typeof v !== 'number' ||
      !Number.isInteger(v) ||
      v < rule.min ||
      v > (rule.max ?? Number.MAX_SAFE_INTEGER)
    )
      throw this.wrong(
        key,
        `a whole number of at least ${rule.min}${rule.max !== undefined ? ` and at most ${rule.max}` : ''}`,
        v,
      );
    return v;
  }

  number(key: string, rule: Presence & { min?: number; max?: number } = {}): number | undefined {
    const v = this.present(key, rule);
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isFinite(v)) throw this.wrong(key, 'a number', v);
    if ((rule.min !== undefined && v < rule.min) || (rule.max !== undefined && v > rule.max))
      throw bad(`${this.where}.${key} must lie from ${rule.min ?? '-∞'} to ${rule.max ?? '∞'}; got ${v}`);
    return v;
  }

  boolean(key: string, rule: Presence = {}): boolean | undefined {
    const v = this.present(key, rule);
    if (v === undefined) return undefined;
    if (typeof v !== 'boolean') throw this.wrong(key, 'true or false', v);
    return v;
  }

  oneOf<T extends string>(key: string, values: readonly T[], rule: Presence = {}): T | undefined {
    const v = this.present(key, rule);
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || !(values as readonly string[]).includes(v))
      throw this.wrong(key, `one of ${values.join(', ')}`, v);
    return v as T;
  }

  array(key: string, rule: Presence & { max: number; min?: number }): unknown[] | undefined {
    const v = this.present(key, rule);
    if (v === undefined) return undefined;
    if (!Array.isArray(v)) throw this.wrong(key, 'a list', v);
    if (v.length < (rule.min ?? 0) || v.length > rule.max)
      throw bad(`${this.where}.${key} takes ${rule.min ?? 0}–${rule.max} entries; got ${v.length}`);
    const list: unknown[] = v;
    return list;
  }

  object(key: string, allowed: readonly string[], rule: Presence = {}): FieldReader | undefined {
    const v = this.present(key, rule);
    return v === undefined ? undefined : FieldReader.of(v, `${this.where}.${key}`, allowed);
  }

  private present(key: string, rule: Presence): unknown {
    const v = this.value[key];
    if (v === undefined || v === null) {
      if (rule.required) throw bad(`${this.where}.${key} is required`);
      return undefined;
    }
    return v;
  }

  private wrong(key: string, wants: string, got: unknown): ViewerRecordRequestError {
    return bad(`${this.where}.${key} must be ${wants}; got ${describe(got)}`);
  }
}

function bad(message: string): ViewerRecordRequestError {
  return new ViewerRecordRequestError('bad-body', message);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
