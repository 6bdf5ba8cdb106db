// `rr publish`: the audit pack of a model and its evidence (docs/publish.md). Loads through the engine's
// one way of reading inputs, analyses once, gathers the pack's data, lays out the site and writes it;
// with --pdf prints the same pages to one PDF. The CLI, the Bazel action and the editor call this.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve, sep } from 'node:path';
import { realpath } from 'node:fs/promises';
import { listEvidenceFiles } from '../evidence/evidence-files.js';
import { packageVersion } from '../model/package-version.js';
import { analyze, type Analysis } from '../verify/analyze.js';
import { loadInputs, type InputOptions, type Inputs } from '../verify/inputs.js';
import { parseModelVerificationLock } from '../verify/verification-lock-file.js';
import { verificationLockPathOf } from '../verify/verification-lock-path.js';
import { workbookBuilder, type WorkbookBuilder } from './matrix-workbook-thread.js';
import { baselineOf, modelRepository, readersAt, resolveRevision } from './baseline.js';
import { semanticDiff } from './model-history.js';
import { packData, type Baseline, type EvidenceFile, type PackChanges, type PackData } from './pack-data.js';
import { pdfUnavailable, printPdf } from './pdf.js';
import { packMatrix } from './pack-matrix.js';
import { matrixExports, packDate, siteFiles } from './site-files.js';
import { packZip } from './pack-zip.js';
import { writePack } from './write-pack.js';

/** What to publish and where. */
export interface PublishOptions {
  model: string;
  evidence?: string;
  lock?: string;
  /** the folder scanned for annotations; none when undefined */
  sources?: string;
  /** a tag or commit: publish the model and lock as it holds them */
  baseline?: string;
  /** a tag or commit to list the changes since */
  since?: string;
  out: string;
  pdf?: boolean;
  /** where paths are shown from (default: the model's git root, else the current folder) */
  workspace?: string;
  /** the PDF's file name inside `out` */
  pdfName?: string;
  /** also write the pack as one zip here */
  zip?: string;
  /** reads the model its own way (the Bazel step: rr_model's composed JSON) */
  readModel?: InputOptions['readModel'];
  /** reads the lock its own way (the Bazel step: its declared input) */
  readLock?: InputOptions['readLock'];
  /** where the evidence is in the workspace (the Bazel step's evidence is staged in bazel-out) */
  evidenceRoot?: string;
  /** no git: the Bazel step's inputs are declared files, not a checkout */
  noGit?: boolean;
  /** the baseline as something else knows it (a stamped Bazel build's status file) */
  stampedBaseline?: Baseline;
}

/** What a publication wrote. */
export interface PublishResult {
  out: string;
  files: string[];
  pdf: string | null;
  /** why no PDF was printed although --pdf asked for one */
  pdfProblem?: string;
  data: PackData;
  analysis: Analysis;
  unreadable: boolean;
}

/** Publishes the pack; throws PublishError on a bad revision or output folder. */
export async function publishPack(options: PublishOptions): Promise<PublishResult> {
  const git = options.noGit ? undefined : await modelRepository(options.model);
  const at = options.baseline && git ? await resolveRevision(git, options.baseline, '--baseline') : undefined;
  if (options.baseline && !git)
    throw new (await import('./publish-error.js')).PublishError(
      `--baseline ${options.baseline}: ${options.model} is not in a git repository, so there is no revision to read`,
    );
  const readers = git && at ? readersAt(git, at.commit) : {};
  const inputs = await loadInputs({
    model: options.model,
    evidence: options.evidence,
    lock: options.lock,
    sources: options.sources,
    ...(options.readModel ? { readModel: options.readModel } : {}),
    ...(options.readLock ? { readLock: options.readLock } : {}),
    ...(options.evidenceRoot ? { evidenceRoot: options.evidenceRoot } : {}),
    ...readers,
  });
  // Started now, so that the workbook's worker loads exceljs while this thread analyses.
  const workbook = workbookBuilder(2 * evidenceCases(inputs));
  try {
    return await publishLoaded(options, git, at, inputs, workbook);
  } finally {
    workbook.close();
  }
}

/** The number of test cases the evidence holds (each is a row of both matrices). */
function evidenceCases(inputs: Inputs): number {
  let cases = 0;
  for (const target of inputs.evidence?.targets.values() ?? []) cases += target.cases.length;
  return cases;
}

async function publishLoaded(
  options: PublishOptions,
  git: Awaited<ReturnType<typeof modelRepository>>,
  at: Awaited<ReturnType<typeof resolveRevision>> | undefined,
  inputs: Inputs,
  workbook: WorkbookBuilder,
): Promise<PublishResult> {
  const analysis = analyze(inputs);
  const root = options.workspace ?? (git ? await realpath(git.root) : process.cwd());
  // Remembered per path: a large pack asks for the same few thousand files once per case.
  const place = remembered((file: string) => slashed(relative(root, resolve(file))));
  // Evidence files as the workspace has them: below --evidence, or where the Bazel step says they are.
  const evidencePlace = remembered((file: string) =>
    options.evidenceRoot
      ? slashed(join(options.evidenceRoot, file))
      : options.evidence
        ? place(join(options.evidence, file))
        : file,
  );
  const baseline =
    options.stampedBaseline ??
    (await baselineOf(git, at, [options.model, ...(inputs.lockPath ? [inputs.lockPath] : [])]));
  // The matrix first: its workbook is then built on the worker while the rest is gathered.
  const matrix = packMatrix(inputs.model, analysis);
  const exports = matrixExports(matrix, packDate({ baseline }), workbook);
  const changes =
    options.since && git ? await changesSince(git, options.since, options, inputs, analysis, place) : null;
  const data = packData({
    model: inputs.model,
    analysis,
    lock: inputs.lock,
    rrVersion: packageVersion(),
    baseline,
    evidenceFiles: options.evidence ? evidenceHashes(options.evidence, evidencePlace) : [],
    changes,
    place,
    evidencePlace,
    matrix,
  });
  const { pages, files } = await siteFiles(data, exports);
  let pdf: string | null = null;
  let pdfProblem: string | undefined;
  if (options.pdf) {
    pdfProblem = pdfUnavailable();
    if (!pdfProblem) {
      const name = options.pdfName ?? 'audit-pack.pdf';
      const dir = await mkdtemp(join(tmpdir(), 'rr-publish-'));
      try {
        await printPdf(data, pages, join(dir, name));
        files.set(name, await readFile(join(dir, name)));
        pdf = join(options.out, name);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  }
  await writePack(options.out, files);
  if (options.zip)
    await writeFile(options.zip, await packZip(files, packDate(data), basename(resolve(options.out))));
  return {
    out: options.out,
    files: [...files.keys()].sort(),
    pdf,
    ...(pdfProblem ? { pdfProblem } : {}),
    data,
    analysis,
    unreadable: inputs.unreadable,
  };
}

/** `f` with its answers kept per argument. */
function remembered(f: (file: string) => string): (file: string) => string {
  const known = new Map<string, string>();
  return (file) => {
    let answer = known.get(file);
    if (answer === undefined) known.set(file, (answer = f(file)));
    return answer;
  };
}

function slashed(path: string): string {
  return path.split(sep).join('/');
}

/**
 * Every evidence file with its SHA-256, in the evidence reader's order. Read one after another without
 * yielding: the reader has just read them (they are in the page cache), and awaiting each of 2,000
 * reads behind the workbook's compression on the thread pool left this thread idle for most of a second.
 */
function evidenceHashes(dir: string, place: (file: string) => string): EvidenceFile[] {
  const listed = listEvidenceFiles(dir).files;
  const out: EvidenceFile[] = [];
  for (const file of listed) {
    const bytes = readOrNothing(join(dir, file));
    if (bytes)
      out.push({ file: place(join(dir, file)), sha256: createHash('sha256').update(bytes).digest('hex') });
  }
  return out;
}

function readOrNothing(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined; // gone since it was listed: left out, as the evidence reader leaves it
  }
}

/**
 * The semantic diff from --since to the published model, and the verdicts that changed: the earlier
 * model and lock analysed over the same evidence, so a verdict moves only through the model's changes.
 */
async function changesSince(
  git: NonNullable<Awaited<ReturnType<typeof modelRepository>>>,
  since: string,
  options: PublishOptions,
  inputs: Inputs,
  analysis: Analysis,
  place: (file: string) => string,
): Promise<PackChanges> {
  const revision = await resolveRevision(git, since, '--since');
  const readers = readersAt(git, revision.commit);
  const before = await readers.readModel(options.model);
  const lockPath = options.lock ?? verificationLockPathOf(before);
  const lockText = lockPath ? await readers.readLock(lockPath) : undefined;
  const lock =
    lockPath && lockText !== undefined ? parseModelVerificationLock(before, lockPath, lockText) : undefined;
  const earlier = analyze({ model: before, evidence: inputs.evidence, lock });
  const was = new Map(earlier.entities.map((v) => [v.id, v.verdict]));
  const is = new Map(analysis.entities.map((v) => [v.id, v.verdict]));
  const ids = [...new Set([...was.keys(), ...is.keys()])];
  const verdicts = ids
    .filter((id) => (was.get(id) ?? null) !== (is.get(id) ?? null))
    .map((id) => ({ id, from: was.get(id) ?? null, to: is.get(id) ?? null }));
  return { since: revision, diff: semanticDiff(before, inputs.model, place), verdicts };
}
