// What a file's place in the evidence directory says it is (docs/evidence.md, "Layout"): a target's
// test.xml or earlier attempt in the bazel-testlogs layout, a record, or a free-standing JUnit file.
import { parseLabel, type Label, type LabelOptions } from '../model/labels.js';

/** The role of one evidence file, decided by its relative path alone. */
export type EvidenceRole =
  | {
      kind: 'testlogs';
      /** '/'-separated folder of the target, e.g. `pump/dose/dose_test` or `external/lib/a/b` */
      targetDir: string;
      /** 1-based shard number, 0 when the target is not sharded */
      shard: number;
      /** 1-based run number, 0 without --runs_per_test */
      run: number;
      /** attempt number from test_attempts/attempt_N.xml; Infinity for the final test.xml */
      attempt: number;
    }
  | { kind: 'record'; stem: string; format: 'xml' | 'json' }
  | { kind: 'suites' }
  | { kind: 'ignored'; why?: string };

const SHARD_RUN = /^(?:shard_(\d+)_of_\d+|run_(\d+)_of_\d+|shard_(\d+)_of_\d+_run_(\d+)_of_\d+)$/;
const ATTEMPT = /^attempt_(\d+)\.xml$/;

/** Classifies a '/'-separated path relative to the evidence directory. */
export function evidenceRole(rel: string): EvidenceRole {
  const segments = rel.split('/');
  const base = segments[segments.length - 1]!;
  const lower = base.toLowerCase();
  if (segments[0] === 'records' && segments.length === 2 && /\.(xml|json)$/.test(lower)) {
    const format = lower.endsWith('.json') ? 'json' : 'xml';
    return { kind: 'record', stem: base.slice(0, base.lastIndexOf('.')), format };
  }
  if (base === 'test.xml') return testlogs(segments.slice(0, -1), Infinity);
  const parent = segments[segments.length - 2];
  if (parent === 'test_attempts') {
    const attempt = ATTEMPT.exec(base);
    if (attempt === null) return { kind: 'ignored' };
    return testlogs(segments.slice(0, -2), Number(attempt[1]));
  }
  if (segments.includes('test_attempts')) return { kind: 'ignored' };
  if (segments[0] === 'records' && lower.endsWith('.json')) {
    return {
      kind: 'ignored',
      why: 'a record file must sit directly in records/ (its name gives record:STEM)',
    };
  }
  return lower.endsWith('.xml') ? { kind: 'suites' } : { kind: 'ignored' };
}

function testlogs(dir: string[], attempt: number): EvidenceRole {
  let shard = 0;
  let run = 0;
  const last = dir[dir.length - 1];
  const match = last === undefined ? null : SHARD_RUN.exec(last);
  if (match !== null) {
    shard = Number(match[1] ?? match[3] ?? 0);
    run = Number(match[2] ?? match[4] ?? 0);
    dir = dir.slice(0, -1);
  }
  // A test.xml in the root (or in a root shard folder) belongs to no target.
  if (dir.length === 0)
    return { kind: 'ignored', why: 'a test.xml directly in the evidence directory names no target' };
  return { kind: 'testlogs', targetDir: dir.join('/'), shard, run, attempt };
}

/**
 * The target a testlogs folder belongs to: `a/b/c` is `//a/b:c`, `external/repo/a/b` is `@repo//a:b`
 * (`//a:b` when repo is the main repository).
 */
export function targetOfDir(
  targetDir: string,
  options: LabelOptions,
): { ok: true; label: Label } | { ok: false; message: string } {
  const segments = targetDir.split('/');
  const name = segments[segments.length - 1]!;
  const text =
    segments[0] === 'external' && segments.length >= 3
      ? `@${segments[1]}//${segments.slice(2, -1).join('/')}:${name}`
      : `//${segments.slice(0, -1).join('/')}:${name}`;
  return parseLabel(text, options);
}
