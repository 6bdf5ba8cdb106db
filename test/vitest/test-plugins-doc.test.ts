// docs/test-plugins.md shows the XML each runner writes; rr must read the tags it promises from it.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { readJUnitReport } from '../../tools/evidence/junit-report.js';
import { parseXml } from '../../tools/xml/xml-document.js';
import { repoRoot } from '../cli/run-cli.js';

async function docXmlBlocks(): Promise<string[]> {
  const text = await readFile(`${repoRoot}docs/test-plugins.md`, 'utf8');
  return [...text.matchAll(/```xml\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/** path → [result, tags, level] of every case in a report, as rr reads it. */
function casesOf(xml: string) {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.message);
  const report = readJUnitReport(parsed.elements, 'test.xml');
  expect(report.diagnostics).toEqual([]);
  return report.suites.flatMap((s) => s.cases).map((c) => [c.path, c.result, c.tags, c.level]);
}

describe('docs/test-plugins.md', () => {
  it('shows vitest, pytest and googletest reports whose tags and levels rr reads', async () => {
    const [vitest, pytest, googletest, ...rest] = await docXmlBlocks();
    expect(rest).toEqual([]);
    expect(casesOf(vitest!)).toEqual([
      ['src/dose.test.ts/dose calculator > computes the hourly rate', 'passed', ['REQ-DOSE-1'], 'unit'],
      [
        'src/dose.test.ts/dose calculator > limits > rejects a negative volume',
        'failed',
        ['REQ-DOSE-2'],
        'unit',
      ],
      [
        'src/dose.test.ts/dose calculator > limits > warns near the maximum',
        'skipped',
        ['REQ-DOSE-2'],
        'unit',
      ],
    ]);
    expect(casesOf(pytest!)).toEqual([
      ['tests.test_dose/test_rate', 'passed', ['REQ-DOSE-1'], 'unit'],
      ['tests.test_dose.TestLimits/test_negative_volume', 'failed', ['REQ-DOSE-2'], 'integration'],
    ]);
    expect(casesOf(googletest!)).toEqual([
      ['DoseTest/ComputesRate', 'passed', ['REQ-DOSE-1'], 'unit'],
      ['DoseTest/RejectsNegativeVolume', 'failed', ['REQ-DOSE-2'], undefined],
    ]);
  });

  it('names the import specifiers the package exports', async () => {
    const text = await readFile(`${repoRoot}docs/test-plugins.md`, 'utf8');
    const pkg = JSON.parse(await readFile(`${repoRoot}package.json`, 'utf8')) as { exports: object };
    for (const specifier of ['rules-rr/vitest', 'rules-rr/vitest-reporter']) {
      expect(text).toContain(`\`${specifier}\``);
      expect(Object.keys(pkg.exports)).toContain(specifier.replace('rules-rr', '.'));
    }
  });
});
