// `rr bazel publish`: rr_publish's action (docs/bazel.md, docs/publish.md). The audit pack of a
// verification set from rr_model's composed model, the set's staged evidence and its checked-in lock,
// as a folder and a zip. No git in an action: the pack names a baseline only when the build is stamped
// and the workspace status names the commit (tools/publish/stamped-baseline.ts).
import { readFile } from 'node:fs/promises';
import { readComposedModel } from '../model/load-model.js';
import { publishPack } from '../publish/publish-pack.js';
import { stampedBaseline } from '../publish/stamped-baseline.js';
import { EXIT, type CliIo } from './cli-io.js';

/** Options of `rr bazel publish`. */
export interface BazelPublishOptions {
  label: string;
  modelJson: string;
  evidence?: string;
  evidenceSource?: string;
  lock?: string;
  lockPath: string;
  outDir: string;
  zip: string;
  /** Bazel's stable status file, given when the build is stamped */
  statusFile?: string;
}

/** Writes the pack into outDir and its zip; exits 0 unless an input is unreadable. */
export async function runBazelPublish(options: BazelPublishOptions, io: CliIo): Promise<number> {
  const lockFile = options.lock;
  const stamped = options.statusFile
    ? stampedBaseline(await readFile(options.statusFile, 'utf8'))
    : undefined;
  const result = await publishPack({
    model: options.modelJson,
    readModel: readComposedModel,
    evidence: options.evidence,
    ...(options.evidenceSource ? { evidenceRoot: options.evidenceSource } : {}),
    lock: options.lockPath,
    readLock: async () => (lockFile ? readFile(lockFile, 'utf8') : undefined),
    out: options.outDir,
    zip: options.zip,
    workspace: process.cwd(),
    noGit: true,
    ...(stamped ? { stampedBaseline: stamped } : {}),
  });
  if (result.unreadable) {
    io.err(
      `${options.label}: an input of the pack could not be read; see ${options.outDir}/diagnostics.html\n`,
    );
    return EXIT.usage;
  }
  return EXIT.ok;
}
