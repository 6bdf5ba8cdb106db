import { readFile } from 'node:fs/promises';
import { assembleEvidence, readEvidence, type EvidenceReading } from '../evidence/ingest-evidence.js';
import type { Evidence } from '../evidence/test-case.js';
import { startLoadModel, type ModelLoad } from '../model/load-model.js';
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
 * The model and the evidence read, each using the machine as well as it can: a large model composes on
 * worker threads while this thread parses the evidence, then helps them; a small model loads first and
 * the evidence then shares its XML with worker threads. Only the evidence's labels need the config.
 */
export async function modelAndEvidence(
  modelPath: string,
  evidenceDir: string | undefined,
  startModel: (path: string) => Promise<ModelLoad> = startLoadModel,
): Promise<[Model, EvidenceReading | undefined]> {
  const load = await startModel(modelPath);
  if (!evidenceDir) return [await load.model, undefined];
  if (!load.onWorkers) return [await load.model, await readEvidence(evidenceDir, { shareWithWorkers: true })];
  // The model's workers are running; parsing the evidence here blocks this thread until it is done.
  return Promise.all([load.model, readEvidence(evidenceDir)]);
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
  readModel?: (path: string) => Promise<Model>,
): Promise<Inputs> {
  // A reader of its own (the editor's) composes on this thread: no workers to overlap with.
  const startModel = readModel
    ? (path: string) => Promise.resolve({ onWorkers: false, model: readModel(path) })
    : startLoadModel;
  const [model, read] = await modelAndEvidence(modelPath, evidenceDir, startModel);
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
