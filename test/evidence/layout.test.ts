// Which target a file's place in the evidence directory gives (docs/evidence.md, "Layout").
import { chmod, mkdir, symlink, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingestEvidence } from '../../tools/evidence/ingest-evidence.js';
import { evidenceDir, ingest, ofRule, rows, suiteOf, target } from './evidence-dir.js';

const PASS = suiteOf({ t: '' });
const isRoot = process.getuid?.() === 0;

describe('testlogs layout', () => {
  it('maps <pkg>/<name>/test.xml to //pkg:name by path, whatever the suite is called', async () => {
    const evidence = await ingest({
      'pump/dose/dose_test/test.xml': suiteOf({ t: '' }, 'bazel-out/k8-fastbuild/bin/pump/dose/dose_test'),
      'a/b/c/test.xml': PASS,
      'top_test/test.xml': PASS,
    });
    expect([...evidence.targets.keys()]).toEqual(['//:top_test', '//a/b:c', '//pump/dose:dose_test']);
    expect(target(evidence, '//pump/dose:dose_test').origin).toBe('testlogs');
    expect(rows(evidence, '//pump/dose:dose_test')).toEqual([
      { path: 'bazel-out/k8-fastbuild/bin/pump/dose/dose_test/t', result: 'passed' },
    ]);
  });

  it('maps external/<repo>/<pkg>/<name>/test.xml to @repo//pkg:name', async () => {
    const evidence = await ingest({
      'external/lib/x/y/test.xml': PASS,
      'external/lib/y/test.xml': PASS,
      'external/rules_pump~/hal/hal_test/test.xml': PASS,
    });
    expect([...evidence.targets.keys()]).toEqual(['@lib//:y', '@lib//x:y', '@rules_pump~//hal:hal_test']);
  });

  it('maps external/<main_repo>/ to this repository when mainRepo is given, and only then', async () => {
    const files = { 'external/pump/x/y/test.xml': PASS, 'x/z/test.xml': PASS };
    expect([...(await ingest(files, { mainRepo: 'pump' })).targets.keys()]).toEqual(['//x:y', '//x:z']);
    expect([...(await ingest(files)).targets.keys()]).toEqual(['//x:z', '@pump//x:y']);
  });

  it('ignores a test.xml directly in the root, with a warning, also in a root shard folder', async () => {
    const evidence = await ingest({ 'test.xml': PASS, 'shard_1_of_2/test.xml': PASS, 'a/b/test.xml': PASS });
    expect([...evidence.targets.keys()]).toEqual(['//a:b']);
    expect(ofRule(evidence, 'read-error').map((d) => [d.file, d.severity])).toEqual([
      ['shard_1_of_2/test.xml', 'warning'],
      ['test.xml', 'warning'],
    ]);
  });

  it('reports a folder that names no valid target (bad-target) and reads the rest', async () => {
    const evidence = await ingest({ 'pump/my test/test.xml': PASS, 'pump/ok/test.xml': PASS });
    expect([...evidence.targets.keys()]).toEqual(['//pump:ok']);
    expect(ofRule(evidence, 'bad-target')).toEqual([
      {
        rule: 'bad-target',
        severity: 'error',
        file: 'pump/my test/test.xml',
        message: expect.stringContaining('folder "pump/my test" names no Bazel target') as unknown as string,
      },
    ]);
  });

  it('merges the cases of shards into one target', async () => {
    const evidence = await ingest({
      'p/t/shard_1_of_2/test.xml': suiteOf({ a: '', b: 'failure' }),
      'p/t/shard_2_of_2/test.xml': suiteOf({ c: 'skipped' }),
    });
    expect(rows(evidence, '//p:t')).toEqual([
      { path: 'S/a', result: 'passed' },
      { path: 'S/b', result: 'failed', message: 'b failure' },
      { path: 'S/c', result: 'skipped', message: 'c skipped' },
    ]);
    expect(target(evidence, '//p:t').cases.map((c) => c.sources)).toEqual([
      ['p/t/shard_1_of_2/test.xml'],
      ['p/t/shard_1_of_2/test.xml'],
      ['p/t/shard_2_of_2/test.xml'],
    ]);
    expect(evidence.diagnostics).toEqual([]);
  });

  it('skips logs, undeclared outputs, archives, hidden folders and JSON outside records/', async () => {
    const evidence = await ingest({
      'p/t/test.xml': PASS,
      'p/t/test.log': '<testsuites><testsuite name="log"/></testsuites>',
      'p/t/test.outputs/report.xml': suiteOf({ hidden: '' }, 'outputs'),
      'p/t/test.outputs/outputs.zip': new Uint8Array([0x50, 0x4b, 0x05, 0x06]),
      'p/t/test.outputs_manifest/MANIFEST.xml': '<manifest/>',
      '.cache/x.xml': suiteOf({ hidden: '' }, 'cache'),
      'junit/results.json': '{"cases": []}',
    });
    expect([...evidence.targets.keys()]).toEqual(['//p:t']);
    expect(evidence.diagnostics).toEqual([]);
  });

  it('follows symbolic links to files but not to folders', async () => {
    const dir = await evidenceDir({
      'p/t/test.xml': PASS,
      'elsewhere/report.xml': suiteOf({ x: '' }, 'linked'),
    });
    await mkdir(join(dir, 'q/u'), { recursive: true });
    await symlink(join(dir, 'p/t/test.xml'), join(dir, 'q/u/test.xml'));
    await symlink(join(dir, 'p'), join(dir, 'loop'));
    const evidence = await ingestEvidence(dir);
    expect([...evidence.targets.keys()]).toEqual(['//p:t', '//q:u', 'suite:linked']);
  });

  it('an evidence directory that does not exist is unreadable', async () => {
    const dir = await evidenceDir({});
    const evidence = await ingestEvidence(join(dir, 'missing'));
    expect(evidence.unreadable).toBe(true);
    expect(evidence.targets.size).toBe(0);
    expect(evidence.diagnostics).toEqual([
      {
        rule: 'read-error',
        severity: 'error',
        file: join(dir, 'missing'),
        message: 'cannot read evidence directory: no such file or directory',
      },
    ]);
  });

  it('a file instead of a directory is unreadable', async () => {
    const dir = await evidenceDir({ 'test.xml': PASS });
    const evidence = await ingestEvidence(join(dir, 'test.xml'));
    expect(evidence.unreadable).toBe(true);
    expect(evidence.diagnostics[0]!.message).toContain('not a directory');
  });

  it.skipIf(isRoot)('a folder that cannot be listed is a read-error; the rest still loads', async () => {
    const dir = await evidenceDir({ 'p/t/test.xml': PASS, 'locked/x/test.xml': PASS });
    await chmod(join(dir, 'locked'), 0o000);
    const evidence = await ingestEvidence(dir);
    await chmod(join(dir, 'locked'), 0o755);
    expect([...evidence.targets.keys()]).toEqual(['//p:t']);
    expect(ofRule(evidence, 'read-error').map((d) => d.file)).toEqual(['locked']);
  });

  it('a file larger than 64 MiB is reported, not parsed', async () => {
    const dir = await evidenceDir({ 'p/big/test.xml': '', 'p/small/test.xml': PASS });
    // A sparse file: the size is what counts, no 64 MiB are written.
    await truncate(join(dir, 'p/big/test.xml'), 64 * 1024 * 1024 + 1);
    const evidence = await ingestEvidence(dir);
    expect([...evidence.targets.keys()]).toEqual(['//p:small']);
    expect(evidence.diagnostics).toEqual([
      {
        rule: 'read-error',
        severity: 'error',
        file: 'p/big/test.xml',
        message: 'file is 67108865 bytes, over the 64 MiB limit for evidence files; not read',
      },
    ]);
  });

  it('a file of exactly 64 MiB passes the size check (and then fails as XML)', async () => {
    const dir = await evidenceDir({ 'p/t/test.xml': '' });
    await truncate(join(dir, 'p/t/test.xml'), 64 * 1024 * 1024);
    const evidence = await ingestEvidence(dir);
    expect(evidence.diagnostics.map((d) => d.message)).toEqual([
      expect.stringMatching(/^not well-formed XML: /) as unknown as string,
    ]);
  });
});
