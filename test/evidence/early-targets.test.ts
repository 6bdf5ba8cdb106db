// Targets assembled while the evidence is still being read (once the model's config gives the label
// settings) are exactly what the final assembly would make: the same targets, cases and diagnostics,
// with or without main_repo, when two folders give one target, and when the settings differ.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateWorkspace } from '../../bench/report/generate-workspace.js';
import { assembleEvidence, readEvidence, type IngestOptions } from '../../tools/evidence/ingest-evidence.js';
import type { Evidence } from '../../tools/evidence/test-case.js';
import { evidenceDir, suiteOf, TESTLOGS } from './evidence-dir.js';

/** Two evidences are the same: targets in the same order, each equal as JSON, the same diagnostics. */
function expectSame(actual: Evidence, expected: Evidence): void {
  expect([...actual.targets.keys()]).toEqual([...expected.targets.keys()]);
  for (const [label, target] of expected.targets)
    expect(JSON.stringify(actual.targets.get(label)), label).toBe(JSON.stringify(target));
  expect(actual.diagnostics).toEqual(expected.diagnostics);
}

/** Reads `dir` with targets assembled early (settings given at once), and checks some were. */
async function early(dir: string, given: IngestOptions, options: IngestOptions, shareWithWorkers: boolean) {
  const read = await readEvidence(dir, { shareWithWorkers, assembleWith: Promise.resolve(given) });
  const taken = read.early?.close(given.mainRepo === undefined ? {} : { mainRepo: given.mainRepo });
  expect(taken?.done.size, 'targets assembled early').toBeGreaterThan(0);
  return assembleEvidence(read, options);
}

/** Reads `dir` and assembles it all at the end. */
async function late(dir: string, options: IngestOptions): Promise<Evidence> {
  return assembleEvidence(await readEvidence(dir), options);
}

describe('targets assembled early', () => {
  for (const shareWithWorkers of [false, true]) {
    describe(shareWithWorkers ? 'reading shared out' : 'reading on this thread', () => {
      for (const options of [{}, { mainRepo: 'rules_pump+' }] as IngestOptions[]) {
        it(`equal the final assembly on the fixture tree, main_repo ${options.mainRepo ?? 'unset'}`, async () => {
          const expected = await late(TESTLOGS, options);
          expect(expected.targets.size).toBeGreaterThan(5);
          expectSame(await early(TESTLOGS, options, options, shareWithWorkers), expected);
        });
      }

      it('equal it when main_repo makes two folders one target', async () => {
        const one = suiteOf({ a: '', b: 'failure' });
        const two = suiteOf({ b: '', c: '' });
        const dir = await evidenceDir({
          'external/pump/x/y/test.xml': one,
          'x/y/test.xml': two,
          'x/y/test_attempts/attempt_1.xml': one,
          'x/z/test.xml': two,
        });
        const options = { mainRepo: 'pump' };
        const expected = await late(dir, options);
        expect([...expected.targets.keys()]).toEqual(['//x:y', '//x:z']);
        expectSame(await early(dir, options, options, shareWithWorkers), expected);
      });

      it('are not used when the final assembly has other settings', async () => {
        const expected = await late(TESTLOGS, {});
        const given = { mainRepo: 'rules_pump+' };
        expectSame(await early(TESTLOGS, given, {}, shareWithWorkers), expected);
      });
    });
  }

  describe('on a generated workspace', () => {
    let root: string;
    let evidence: string;
    beforeAll(async () => {
      root = await mkdtemp(join(tmpdir(), 'rr-early-targets-'));
      evidence = (await generateWorkspace(root, { entities: 300, cases: 8000, targets: 120 })).evidenceDir;
    });
    afterAll(() => rm(root, { recursive: true, force: true }));

    it('equal the final assembly: shards, runs, attempts, records and dialects', async () => {
      const expected = await late(evidence, {});
      expect(expected.targets.size).toBeGreaterThan(100);
      expectSame(await early(evidence, {}, {}, true), expected);
    });
  });
});
