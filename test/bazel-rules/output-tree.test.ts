// The output tree the two-clone comparison reads (remote-cache.test.ts): every output counts, links to
// folders included, and an output that cannot be read fails the comparison instead of leaving it out.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { missingOutputs, outputDigests } from './output-tree.js';

let root: string | undefined;

afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = undefined;
});

/** A bazel-out folder with a target and an exec configuration, as Bazel leaves it. */
async function outputTree(): Promise<string> {
  root = await mkdtemp(join(tmpdir(), 'rr-output-tree-'));
  const files: Record<string, string> = {
    'out/k8-fastbuild/bin/model.rr/model.json': '{}',
    'out/k8-fastbuild/bin/set.rr/report.json': '{"cases":[]}',
    'out/k8-fastbuild/bin/set_test.sh.runfiles/ws/set_test.sh': 'runfiles are not compared',
    'out/k8-fastbuild/bin/set_test.sh.runfiles_manifest': 'neither are manifests',
    'out/k8-fastbuild/testlogs/set_test/test.xml': '<testsuites/>',
    'out/k8-fastbuild/testlogs/set_test/test.log': 'PASS',
    'out/k8-fastbuild/testlogs/set_test/test.cache_status': 'not chosen',
    'out/host/bin/tool.sh': '#!/bin/sh',
    'staged/records/bench.json': '{"record":{}}',
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  // Staged evidence: a link to a folder outside bin, and a link to a file.
  await symlink(join(root, 'staged'), join(root, 'out/k8-fastbuild/bin/set.rr/evidence'));
  await symlink(
    join(root, 'staged/records/bench.json'),
    join(root, 'out/k8-fastbuild/bin/set.rr/bench.json'),
  );
  return join(root, 'out');
}

describe('outputDigests', () => {
  it('reads every output, through links to folders and files, and the chosen tests’ logs', async () => {
    const out = await outputTree();
    const digests = await outputDigests(out, ['set_test']);
    expect([...digests.keys()].sort()).toEqual([
      'host/bin/tool.sh',
      'k8-fastbuild/bin/model.rr/model.json',
      'k8-fastbuild/bin/set.rr/bench.json',
      'k8-fastbuild/bin/set.rr/evidence/records/bench.json',
      'k8-fastbuild/bin/set.rr/report.json',
      'k8-fastbuild/testlogs/set_test/test.log',
      'k8-fastbuild/testlogs/set_test/test.xml',
    ]);
    expect(digests.get('k8-fastbuild/bin/set.rr/evidence/records/bench.json')).toBe(
      digests.get('k8-fastbuild/bin/set.rr/bench.json'),
    );
    expect(
      missingOutputs(digests, ['bin/set.rr/evidence/records/bench.json', 'bin/set.rr/lock.json']),
    ).toEqual(['bin/set.rr/lock.json']);
  });

  it('fails on an output it cannot read, naming it', async () => {
    const out = await outputTree();
    await symlink(join(root!, 'gone.json'), join(out, 'k8-fastbuild/bin/set.rr/lock.json'));
    await expect(outputDigests(out, ['set_test'])).rejects.toThrow(
      /^output k8-fastbuild\/bin\/set\.rr\/lock\.json cannot be read: ENOENT/,
    );
  });

  it('fails when a chosen test left no test.xml or test.log', async () => {
    const out = await outputTree();
    await expect(outputDigests(out, ['set_test', 'model_test'])).rejects.toThrow(
      /^output k8-fastbuild\/testlogs\/model_test\/test\.xml cannot be read: ENOENT/,
    );
    await rm(join(out, 'k8-fastbuild/testlogs/set_test/test.log'));
    await expect(outputDigests(out, ['set_test'])).rejects.toThrow(
      /^output k8-fastbuild\/testlogs\/set_test\/test\.log cannot be read: ENOENT/,
    );
    // No test ran at all: no configuration has a testlogs folder.
    await rm(join(out, 'k8-fastbuild/testlogs'), { recursive: true });
    await expect(outputDigests(out, ['set_test'])).rejects.toThrow(
      `no testlogs/set_test/test.xml under ${out}/*/`,
    );
  });
});
