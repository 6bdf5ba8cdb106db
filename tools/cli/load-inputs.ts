import { readFile } from 'node:fs/promises';
import { assembleEvidence, readEvidence } from '../evidence/ingest-evidence.js';
import type { Evidence } from '../evidence/test-case.js';
import { loadModel } from '../model/load-model.js';
import type { Model } from '../model/model.js';
import { scanAnnotations } from '../sources/scan-annotations.js';
import type { SourceAnnotations } from '../verify/analyze.js';
import { parseLock, type Lock } from '../verify/lock-file.js';
import { lockPathOf } from '../verify/lock-path.js';

/** The inputs of analyze, read from disk, and where the lock lives (or would). */
export interface Inputs {
  model: Model;
  evidence?: Evidence;
  lock?: Lock;
  lockPath?: string;
  sources?: SourceAnnotations;
  unreadable: boolean;
}

/**
 * Loads the model, the evidence, the lock (`--lock`, else config.sets_lock beside its file) and
 * annotations. `readModel` replaces the model loader (the editor keeps the bytes it read).
 */
export async function loadInputs(
  modelPath: string,
  evidenceDir?: string,
  lockOption?: string,
  sourcesDir?: string,
  readModel: (path: string) => Promise<Model> = loadModel,
): Promise<Inputs> {
  // A large model composes on worker threads while this thread parses the evidence, then helps them
  // (junit-files.ts says why not the other way round); only the evidence's labels need the config.
  const loading = readModel(modelPath);
  // Parsing blocks this thread: first let the model loader list its files and start its workers.
  await new Promise((resolve) => setImmediate(resolve));
  const reading = evidenceDir ? readEvidence(evidenceDir) : undefined;
  const [model, read] = await Promise.all([loading, reading]);
  const options = model.config.main_repo ? { mainRepo: model.config.main_repo } : {};
  const evidence = read ? assembleEvidence(read, options) : undefined;
  const lockPath = lockOption ?? lockPathOf(model);
  let lock: Lock | undefined;
  if (lockPath) {
    const text = await readFile(lockPath, 'utf8').catch(() => undefined);
    if (text !== undefined) lock = parseLock(lockPath, text, options);
  }
  // Only known ids count, so `@implements Foo` in unrelated code is no annotation.
  const sources = sourcesDir
    ? {
        root: sourcesDir,
        scan: await scanAnnotations(sourcesDir, model.config.annotation_patterns, {
          knownIds: new Set(model.byId.keys()),
        }),
      }
    : undefined;
  return {
    model,
    evidence,
    lock,
    lockPath,
    sources,
    unreadable: model.unreadable || (evidence?.unreadable ?? false),
  };
}
