// The one way front ends read what an analysis needs: the model, the evidence, the verification-set lock
// and source annotations. `rr report`, `rr cases`, `rr lock`, `rr graph`, `rr bazel set` and the editor
// all load through here, so each reads them the same way and as fast as the machine allows.
import { readFile } from 'node:fs/promises';
import { assembleEvidence, readEvidence, type EvidenceReading } from '../evidence/ingest-evidence.js';
import type { Evidence } from '../evidence/test-case.js';
import { startLoadModel, type ModelLoad } from '../model/load-model.js';
import type { Model } from '../model/model.js';
import { analyzeModel, type ModelAnalysis, type SourceAnnotations } from './analyze.js';
import { parseModelVerificationLock, type VerificationLock } from './verification-lock-file.js';
import { verificationLockPathOf } from './verification-lock-path.js';
import { scanModelAnnotations } from './model-annotations.js';
import type { ScanProgress } from '../sources/scan-annotations.js';

/** The inputs of analyze, read from disk, and where the lock lives (or would). */
export interface Inputs {
  model: Model;
  evidence?: Evidence;
  lock?: VerificationLock;
  lockPath?: string;
  /** the lock's text as read (a refused update leaves it as it is) */
  lockText?: string;
  sources?: SourceAnnotations;
  /** the model's part of the analysis, done while the evidence was read (analyze takes it) */
  modelAnalysis?: ModelAnalysis;
  unreadable: boolean;
}

/** What to read, and where a front end reads something its own way. */
export interface InputOptions {
  /** the model file or directory (or whatever `readModel` reads) */
  model: string;
  /**
   * reads the model on this thread instead of composing its files on worker threads: the editor keeps
   * the bytes it read, the Bazel set parses rr_model's composed JSON
   */
  readModel?: (path: string) => Promise<Model>;
  /**
   * starts the model's load its own way, on worker threads or not (the incremental engine's loader,
   * tools/incremental/engine-inputs.ts); instead of readModel
   */
  startModel?: (path: string) => Promise<ModelLoad>;
  /** the evidence directory */
  evidence?: string;
  /** where the evidence is for the user: diagnostics name its files there (Bazel: the workspace, not bazel-out) */
  evidenceRoot?: string;
  /** the lock (`--lock`); default config.sets_lock beside the file that sets it */
  lock?: string;
  /**
   * the lock's text, undefined when there is none; default: the file's. The editor takes the bytes its
   * snapshot read, the Bazel set its declared input.
   */
  readLock?: (path: string) => Promise<string | undefined>;
  /** the folder scanned for annotations */
  sources?: string;
  /** the files below `sources` to scan instead of every file not ignored (Bazel's declared sources) */
  sourceFiles?: readonly string[];
  /** told how far the scan for annotations has got in a large tree (`rr serve` prints it) */
  onSourcesProgress?: (progress: ScanProgress) => void;
  /**
   * whether the model's part of the analysis is made while the evidence is read (default true); the
   * editor makes its own, through the incremental engine, in `readModel`
   */
  analyzeModel?: boolean;
}

/** What modelAndEvidence gives: the model, the evidence read (not assembled), the model's analysis. */
export interface ModelAndEvidence {
  model: Model;
  read?: EvidenceReading;
  /** the model's part of the analysis, made while the evidence was read (only when there is evidence) */
  modelAnalysis?: ModelAnalysis;
}

/**
 * The model and the evidence read, each using the machine as well as it can: a large model composes on
 * worker threads while this thread parses the evidence, then helps them; a small model loads on this
 * thread while the evidence's XML is already being parsed on worker threads, and this thread joins them
 * when the model is done, after the model's part of the analysis, which needs no evidence (its time
 * then goes to it instead of to XML the workers parse meanwhile). Only the evidence's labels need the
 * config.
 */
export async function modelAndEvidence(
  modelPath: string,
  evidenceDir: string | undefined,
  startModel: (path: string) => Promise<ModelLoad> = startLoadModel,
  withModelAnalysis = true,
): Promise<ModelAndEvidence> {
  const load = await startModel(modelPath);
  if (!evidenceDir) return { model: await load.model };
  let modelAnalysis: ModelAnalysis | undefined;
  const model = load.model.then((m) => {
    if (withModelAnalysis) modelAnalysis = analyzeModel(m);
    return m;
  });
  // The evidence's workers start now; this thread takes XML files only between the model's steps.
  // Or the model's workers are running, and parsing the evidence here blocks this thread until it is done.
  // Once the model (its config) is there, complete targets are assembled while the rest is read.
  const assembleWith = model.then((m) => (m.config.main_repo ? { mainRepo: m.config.main_repo } : {}));
  const [loaded, read] = await Promise.all([
    model,
    readEvidence(evidenceDir, { shareWithWorkers: !load.onWorkers, assembleWith }),
  ]);
  return { model: loaded, read, modelAnalysis };
}

/** Loads the model, the evidence, the lock and annotations for an analysis. */
export async function loadInputs(options: InputOptions): Promise<Inputs> {
  const { readModel } = options;
  // A reader of its own composes on this thread: no workers to overlap with.
  const startModel =
    options.startModel ??
    (readModel
      ? (path: string) => Promise.resolve({ onWorkers: false, model: readModel(path) })
      : startLoadModel);
  // The scan for annotations needs only the model's ids and patterns: it starts as soon as the model is
  // there and runs between the evidence's files, instead of after them.
  let scanning: Promise<SourceAnnotations> | undefined;
  const startModelAndScan = async (path: string): Promise<ModelLoad> => {
    const load = await startModel(path);
    const { sources, sourceFiles, onSourcesProgress } = options;
    if (sources) {
      scanning = load.model.then((m) => scanModelAnnotations(m, sources, sourceFiles, onSourcesProgress));
      // Awaited below unless the model fails to load, whose own error is the one to report.
      scanning.catch(() => undefined);
    }
    return load;
  };
  const { model, read, modelAnalysis } = await modelAndEvidence(
    options.model,
    options.evidence,
    startModelAndScan,
    options.analyzeModel ?? true,
  );
  const labelOptions = model.config.main_repo ? { mainRepo: model.config.main_repo } : {};
  const assembled = read ? assembleEvidence(read, labelOptions) : undefined;
  const evidence =
    assembled && options.evidenceRoot ? { ...assembled, root: options.evidenceRoot } : assembled;
  const lockPath = options.lock ?? verificationLockPathOf(model);
  const lockText = lockPath ? await (options.readLock ?? readVerificationLockFile)(lockPath) : undefined;
  const lock =
    lockPath && lockText !== undefined ? parseModelVerificationLock(model, lockPath, lockText) : undefined;
  const sources = await scanning;
  return {
    model,
    evidence,
    lock,
    lockPath,
    lockText,
    sources,
    ...(modelAnalysis ? { modelAnalysis } : {}),
    unreadable: model.unreadable || (evidence?.unreadable ?? false),
  };
}

/** A lock file's text; undefined when it cannot be read (`rr lock update` writes it). */
function readVerificationLockFile(path: string): Promise<string | undefined> {
  return readFile(path, 'utf8').catch(() => undefined);
}
