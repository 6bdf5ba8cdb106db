// Worker threads send parsed evidence files back encoded; decoding must give exactly what parsing on the
// main thread gives, for every dialect fixture and for broken files.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJUnitFiles, readJUnitItem } from '../../tools/evidence/junit-files.js';
import { decodeJUnitRead, encodeJUnitRead } from '../../tools/evidence/junit-read-codec.js';

const ROOTS = ['test/fixtures/evidence/testlogs', 'examples/infusion-pump/bazel-testlogs'];

function xmlFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.xml')) out.push(relative(root, path));
    }
  };
  walk(root);
  return out.sort();
}

describe('the evidence read codec', () => {
  it.each(ROOTS)('round-trips every XML file under %s exactly', (root) => {
    const rels = xmlFiles(root);
    expect(rels.length).toBeGreaterThan(10);
    const reads = readJUnitFiles(root, rels);
    const cases = reads.flatMap((r) =>
      'report' in r && r.report ? r.report.suites.flatMap((s) => s.cases) : [],
    );
    // The fixtures hold what the codec must carry: levels, source files and lines, messages, tags, flakiness.
    expect(cases.some((c) => c.level !== undefined && c.file !== undefined && c.line !== undefined)).toBe(
      root.startsWith('test/'),
    );
    expect(cases.some((c) => c.message !== undefined)).toBe(true);
    expect(cases.some((c) => c.tags.length > 0)).toBe(true);
    reads.forEach((read, i) => expect(decodeJUnitRead(encodeJUnitRead(read), rels[i]!)).toEqual(read));
  });

  it('carries files that could not be read and reports that are broken', () => {
    const unreadable = {
      unreadable: { rule: 'read-error' as const, severity: 'error' as const, message: 'gone', file: 'a.xml' },
    };
    expect(decodeJUnitRead(encodeJUnitRead(unreadable), 'a.xml')).toEqual(unreadable);
    const broken = {
      diagnostics: [
        {
          rule: 'read-error' as const,
          severity: 'error' as const,
          message: 'not well-formed XML',
          file: 'b.xml',
          line: 2,
        },
      ],
    };
    expect(decodeJUnitRead(encodeJUnitRead(broken), 'b.xml')).toEqual(broken);
  });

  it('refuses a work item that is not [dir, rel], naming it', () => {
    expect(() => readJUnitItem('["test/fixtures"]')).toThrow(
      'JUnit work item ["test/fixtures"]: is not [dir, rel]',
    );
  });
});
