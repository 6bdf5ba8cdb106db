// What a vitest test says about the requirements it verifies: `verifies()` writes it into the test's
// (or describe block's) vitest task meta; the rr JUnit reporter reads it back and writes one
// `requirement` property per id and a `level` property on each <testcase>.
//
// Task meta rather than a tag in the test name: the name is part of the case path, and a case path
// that changes whenever a tag is added or moved would break claims and the verification-set lock.
import type { TestOptions } from 'vitest';

/** Keys rr keeps in vitest's task meta (prefixed so they cannot clash with other plugins' meta). */
export interface RequirementMeta {
  /** entity ids the test verifies; set by `verifies()` */
  rrVerifies?: string[];
  /** the test's own verification level, e.g. `unit`; set by `verifies(…, { level })` */
  rrLevel?: string;
}

declare module 'vitest' {
  // Declaration merging makes `meta.rrVerifies` and `meta.rrLevel` type-checked wherever vitest's
  // TaskMeta appears: test options, `testCase.meta()` in reporters, `task.meta` in a test.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface TaskMeta extends RequirementMeta {}
}

/** How `verifies()` is called beyond the ids. */
export interface VerifiesOptions {
  /** the verification level of the test (written as the `level` property), e.g. `unit`, `integration` */
  level?: string;
}

/** The test options `verifies()` returns: pass them as the second argument of `test`/`it`/`describe`. */
export interface VerifiesTestOptions extends TestOptions {
  meta: RequirementMeta;
}

// rr splits a tag value on commas and whitespace, so an id holding one would silently become two.
const ID = /^[^\s,]+$/;
const LEVEL = /^\S(?:.*\S)?$/;

/**
 * Test options tagging a test (or every test of a describe block) with the ids it verifies:
 * `test('clamps the dose', verifies('REQ-001', { level: 'unit' }), () => { … })`.
 */
export function verifies(
  ids: string | readonly string[],
  options: VerifiesOptions = {},
): VerifiesTestOptions {
  const list = typeof ids === 'string' ? [ids] : [...ids];
  if (list.length === 0) throw new TypeError('verifies(): name at least one id');
  for (const id of list) {
    if (typeof id !== 'string' || !ID.test(id)) {
      throw new TypeError(
        `verifies(): ${JSON.stringify(id)} is no id (an id is a non-empty string without spaces or commas)`,
      );
    }
  }
  const meta: RequirementMeta = { rrVerifies: list };
  if (options.level !== undefined) {
    if (typeof options.level !== 'string' || !LEVEL.test(options.level)) {
      throw new TypeError(`verifies(): level ${JSON.stringify(options.level)} is empty or padded`);
    }
    meta.rrLevel = options.level;
  }
  return { meta };
}

/** The ids and level in a task's meta, ignoring values of the wrong type (meta is plain data). */
export function readRequirementMeta(meta: RequirementMeta): { ids: string[]; level?: string } {
  const ids = Array.isArray(meta.rrVerifies)
    ? meta.rrVerifies.filter((id): id is string => typeof id === 'string' && id !== '')
    : [];
  const level = typeof meta.rrLevel === 'string' && meta.rrLevel.trim() !== '' ? meta.rrLevel : undefined;
  return level === undefined ? { ids } : { ids, level };
}
