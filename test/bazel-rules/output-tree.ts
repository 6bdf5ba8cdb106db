// The files a Bazel build wrote that should be the same on every machine: everything under
// bazel-out/*/bin except runfiles trees and manifests (Bazel's own links, with absolute paths, never
// cached), and the test.xml and test.log of chosen tests.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Whether a path below bazel-out/<config>/bin is Bazel's runfiles bookkeeping. */
function isRunfiles(rel: string): boolean {
  return rel.split('/').some((part) => part.endsWith('.runfiles')) || rel.endsWith('.runfiles_manifest');
}

async function walk(dir: string, rel = ''): Promise<string[]> {
  const entries = await readdir(join(dir, rel), { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const path = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await walk(dir, path)));
    // Symlink outputs (staged evidence) count by the content they lead to.
    else files.push(path);
  }
  return files;
}

/**
 * Path (below bazel-out) → SHA-256 of every build output, and of test.xml and test.log of `tests`
 * (package-relative test folders in bazel-testlogs, e.g. `set_test`).
 */
export async function outputDigests(
  outputPath: string,
  tests: readonly string[],
): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  for (const config of await readdir(outputPath, { withFileTypes: true })) {
    if (!config.isDirectory() || config.name === '_tmp') continue;
    const bin = `${config.name}/bin`;
    const testlogs = `${config.name}/testlogs`;
    const chosen = tests.flatMap((test) => [`${testlogs}/${test}/test.xml`, `${testlogs}/${test}/test.log`]);
    const files = [...(await walk(outputPath, bin)).filter((rel) => !isRunfiles(rel)), ...chosen];
    for (const rel of files) {
      const bytes = await readFile(join(outputPath, rel)).catch(() => undefined);
      if (bytes) digests.set(rel, createHash('sha256').update(bytes).digest('hex'));
    }
  }
  return digests;
}
