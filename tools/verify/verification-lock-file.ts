import { LineCounter, parseDocument } from 'yaml';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { normalizeLabel, type LabelOptions } from '../model/labels.js';
import { lineColumn, nodeAtPath } from '../model/node-positions.js';
import { sortByCodePointKey } from '../model/code-point-order.js';
import type { Model } from '../model/model.js';
import { caseKey } from './case-key.js';

/** One pinned case: the owner attribution decided for it when the lock was last updated. */
export interface VerificationLockEntry {
  target: string;
  path: string;
  owner: string;
  line: number;
}

/** A parsed verification-set lock (config.sets_lock). */
export interface VerificationLock {
  file: string;
  entries: VerificationLockEntry[];
  byKey: Map<string, VerificationLockEntry>;
  /** lock-invalid findings: the file or an entry cannot be used */
  diagnostics: Diagnostic[];
}

export const VERIFICATION_LOCK_VERSION = 1;

/** Parses lock text; every problem is a lock-invalid diagnostic naming the line. */
export function parseVerificationLock(
  file: string,
  text: string,
  options: LabelOptions = {},
): VerificationLock {
  const lock: VerificationLock = { file, entries: [], byKey: new Map(), diagnostics: [] };
  const invalid = (message: string, line = 1, column = 1) =>
    lock.diagnostics.push(
      diagnostic('lock-invalid', 'error', `${message}; run \`rr lock update\` to rewrite the lock`, {
        file,
        line,
        column,
      }),
    );
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, uniqueKeys: true });
  let value: unknown;
  try {
    value = doc.errors.length === 0 ? JSON.parse(text) : undefined;
  } catch {
    value = undefined;
  }
  if (value === undefined) {
    const at = doc.errors[0] ? lineColumn(lc, doc.errors[0].pos[0]) : [1, 1];
    invalid('the lock is not valid JSON', at[0], at[1]);
    return lock;
  }
  const root = value as { version?: unknown; cases?: unknown };
  if (
    typeof value !== 'object' ||
    value === null ||
    root.version !== VERIFICATION_LOCK_VERSION ||
    !Array.isArray(root.cases)
  ) {
    invalid(`the lock must be {"version": ${VERIFICATION_LOCK_VERSION}, "cases": [...]}`);
    return lock;
  }
  root.cases.forEach((item: unknown, i) => {
    const node = nodeAtPath(doc, ['cases', String(i)]);
    const [line, column] = node?.range ? lineColumn(lc, node.range[0]) : [1, 1];
    const e = item as { target?: unknown; path?: unknown; owner?: unknown };
    if (typeof e?.target !== 'string' || typeof e.path !== 'string' || typeof e.owner !== 'string') {
      invalid('a lock entry needs string "target", "path" and "owner"', line, column);
      return;
    }
    const target = normalizeLabel(e.target, options);
    if (!target) {
      invalid(`lock entry target "${e.target}" is not a valid label`, line, column);
      return;
    }
    const key = caseKey(target, e.path);
    if (lock.byKey.has(key)) {
      invalid(
        `case ${target} ${e.path} is locked twice (also line ${lock.byKey.get(key)!.line})`,
        line,
        column,
      );
      return;
    }
    const entry = { target, path: e.path, owner: e.owner, line };
    lock.entries.push(entry);
    lock.byKey.set(key, entry);
  });
  return lock;
}

/** Parses lock text with the model's labels (config.main_repo). */
export function parseModelVerificationLock(model: Model, file: string, text: string): VerificationLock {
  const mainRepo = model.config.main_repo;
  return parseVerificationLock(file, text, mainRepo ? { mainRepo } : {});
}

/** The lock's text: sorted, one case per line, so a diff shows exactly which cases moved. */
export function serializeVerificationLock(
  entries: readonly { target: string; path: string; owner: string }[],
): string {
  const sorted = sortByCodePointKey(
    [...entries],
    (e) => e.target,
    (e) => e.path,
  );
  const lines = sorted.map(
    (e) =>
      `    {"target": ${JSON.stringify(e.target)}, "path": ${JSON.stringify(e.path)}, "owner": ${JSON.stringify(e.owner)}}`,
  );
  return `{\n  "version": ${VERIFICATION_LOCK_VERSION},\n  "cases": [${lines.length ? '\n' + lines.join(',\n') + '\n  ' : ''}]\n}\n`;
}
