// The files a Bazel build wrote that should be the same on every machine: everything under
// bazel-out/*/bin except runfiles trees and manifests (Bazel's own links, with absolute paths, never
// cached), and the test.xml and test.log of chosen tests. Every file is read: one that cannot be read
// fails the comparison rather than leaving it out.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Whether a path below bazel-out/<config>/bin is Bazel's runfiles bookkeeping. */
function isRunfiles(rel: string): boolean {
  return rel.split('/').some((part) => part.endsWith('.runfiles')) || rel.endsWith('.runfiles_manifest');
}

/** The files below `rel`, outside runfiles trees; links count as what they lead to, folders included. */
async function walk(root: string, rel: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(join(root, rel), { withFileTypes: true })) {
    const path = `${rel}/${entry.name}`;
    if (isRunfiles(path)) continue;
    // Symlink outputs (staged evidence) count by the content they lead to; a dangling one is an error.
    const kind = entry.isSymbolicLink() ? await stat(join(root, path)).catch(failed(path)) : entry;
    if (kind.isDirectory()) files.push(...(await walk(root, path)));
    else if (kind.isFile()) files.push(path);
    else throw new Error(`${join(root, path)} is neither a file nor a folder`);
  }
  return files;
}

/** An error handler that names the output that could not be read. */
function failed(path: string): (error: Error) => never {
  return (error) => {
    throw new Error(`output ${path} cannot be read: ${error.message}`);
  };
}

/**
 * Path (below bazel-out) → SHA-256 of every build output, and of test.xml and test.log of `tests`
 * (package-relative test folders in bazel-testlogs, e.g. `set_test`), which must exist.
 */
export async function outputDigests(
  outputPath: string,
  tests: readonly string[],
): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  const exists = (rel: string) =>
    stat(join(outputPath, rel)).then(
      () => true,
      () => false,
    );
  for (const config of await readdir(outputPath, { withFileTypes: true })) {
    if (!config.isDirectory() || config.name === '_tmp') continue;
    const bin = `${config.name}/bin`;
    const testlogs = `${config.name}/testlogs`;
    const built = (await exists(bin)) ? await walk(outputPath, bin) : [];
    // Tests run in the target configuration only: the one with a testlogs folder.
    const chosen = (await exists(testlogs))
      ? tests.flatMap((test) => [`${testlogs}/${test}/test.xml`, `${testlogs}/${test}/test.log`])
      : [];
    for (const rel of [...built, ...chosen]) {
      const bytes = await readFile(join(outputPath, rel)).catch(failed(rel));
      digests.set(rel, createHash('sha256').update(bytes).digest('hex'));
    }
  }
  const missing = missingOutputs(
    digests,
    tests.map((test) => `testlogs/${test}/test.xml`),
  );
  if (missing.length > 0) throw new Error(`no ${missing.join(', ')} under ${outputPath}/*/`);
  return digests;
}

/** The entries of `expected` (paths below a configuration's folder, `bin/…`, `testlogs/…`) no digest has. */
export function missingOutputs(digests: ReadonlyMap<string, string>, expected: readonly string[]): string[] {
  const paths = [...digests.keys()].map((path) => path.slice(path.indexOf('/') + 1));
  return expected.filter((path) => !paths.includes(path));
}
