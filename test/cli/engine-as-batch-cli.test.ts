// `rr validate` and `rr report` answer from the incremental engine (docs/incremental.md, "The command
// line"); what they print must be, byte for byte, what the batch analysis prints: the built bin/rr.js is
// run on the examples and on generated models with findings of many codes, in every format, and its
// output and exit code compared with the batch functions' (loadModel and validateModel; loadInputs and
// analyze) put through the same printers.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printReport, reportInputs, type ReportOptions } from '../../tools/cli/report-command.js';
import { printValidation, type ValidateFormat } from '../../tools/cli/validate-command.js';
import type { CliIo } from '../../tools/cli/cli-io.js';
import { loadModel } from '../../tools/model/load-model.js';
import { validateModel } from '../../tools/validate/validate-model.js';
import { analyze } from '../../tools/verify/analyze.js';
import { loadInputs } from '../../tools/verify/inputs.js';
import { writeLargeModel, writeManyCodesModel } from './many-codes-model.js';
import { repoRoot, rr } from './run-cli.js';

const FORMATS: ValidateFormat[] = ['text', 'json', 'sarif'];

/** What a command printed and the code it exited with. */
interface Printed {
  code: number;
  stdout: string;
}

/** An io that keeps what is printed, with the cwd the CLI runs in (SARIF paths are relative to it). */
function captured(): { io: CliIo; text: () => string } {
  let out = '';
  return { io: { out: (t) => (out += t), err: () => undefined, cwd: repoRoot }, text: () => out };
}

async function batchValidate(model: string, format: ValidateFormat): Promise<Printed> {
  const loaded = await loadModel(model);
  const { io, text } = captured();
  const code = printValidation(model, loaded, validateModel(loaded), format, io);
  return { code, stdout: text() };
}

async function batchReport(options: ReportOptions): Promise<Printed> {
  const inputs = await loadInputs(reportInputs(options, repoRoot));
  const { io, text } = captured();
  const code = printReport(analyze(inputs), inputs.unreadable, options.format, io);
  return { code, stdout: text() };
}

async function cli(args: string[]): Promise<Printed> {
  const { code, stdout, stderr } = await rr(args, repoRoot, { ...process.env, RR_CACHE_DIR: 'off' });
  expect(code, stderr).toBeGreaterThanOrEqual(0);
  return { code, stdout };
}

function reportArgs(o: ReportOptions): string[] {
  return [
    'report',
    '--model',
    o.model,
    ...(o.evidence ? ['--evidence', o.evidence] : []),
    ...(o.sources === false ? ['--no-sources'] : []),
    '--format',
    o.format,
  ];
}

let dir: string;
let manyCodes: string;
let large: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rr-engine-cli-'));
  manyCodes = await writeManyCodesModel(dir, 7);
  large = writeLargeModel(join(dir, 'large'), 3000, 24, 11);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('rr validate through the engine', () => {
  const models = () => [
    'examples/infusion-pump',
    'examples/broken',
    'examples/infusion-pump/requirements.yaml',
    manyCodes,
    large,
  ];

  it.each(FORMATS)('prints what the batch validation prints (--format %s)', async (format) => {
    for (const model of models()) {
      const [printed, batch] = await Promise.all([
        cli(['validate', model, '--format', format]),
        batchValidate(model, format),
      ]);
      expect(printed.stdout, `${model} --format ${format}`).toBe(batch.stdout);
      expect(printed.code, `${model} --format ${format}`).toBe(batch.code);
    }
  });

  it('prints the same when the compose cache serves the files, and when worker threads compose them', async () => {
    const batch = await batchValidate(large, 'json');
    const cache = join(dir, 'cache');
    // The second sighting of the same bytes writes the cache; the third is served from it.
    for (let run = 0; run < 3; run++) {
      const printed = await rr(['validate', large, '--format', 'json'], repoRoot, {
        ...process.env,
        RR_CACHE_DIR: cache,
      });
      expect(printed.stdout, `run ${run}`).toBe(batch.stdout);
    }
    expect(readdirSync(join(cache, 'compose')).some((f) => f.endsWith('.json'))).toBe(true);
    const threads = await rr(['validate', large, '--format', 'json'], repoRoot, {
      ...process.env,
      RR_CACHE_DIR: 'off',
      RR_PARSE_THREADS: '2',
    });
    expect(threads.stdout).toBe(batch.stdout);
  });

  it('covers findings of many codes, from the loader, the rules and the review stamps', async () => {
    const codes = new Set(validateModel(await loadModel(manyCodes)).map((d) => d.rule));
    for (const code of [
      'read-error',
      'syntax-error',
      'duplicate-key',
      'duplicate-id',
      'bad-id',
      'dangling-reference',
      'wrong-reference-kind',
      'invalid-field',
      'unknown-field',
      'unknown-value',
      'unsupported-schema-version',
      'bad-config',
      'need-unsatisfied',
      'requirement-orphan',
      'risk-unmitigated',
      'mitigation-unimplemented',
      'risk-unacceptable',
      'multi-parent-refines',
      'refines-cycle',
      'bad-target',
      'bad-selector',
      'bare-target-reference',
      'whole-target-reference',
      'redundant-selector',
      'shared-case',
      'suspect-link',
      'review-stamps-invalid',
    ])
      expect(codes, code).toContain(code);
    const large3000 = new Set(validateModel(await loadModel(large)).map((d) => d.rule));
    expect(large3000.size).toBeGreaterThanOrEqual(4);
  });
});

describe('rr report through the engine', () => {
  const cases = (): Omit<ReportOptions, 'format'>[] => [
    { model: 'examples/infusion-pump', evidence: 'examples/infusion-pump/bazel-testlogs' },
    { model: 'examples/infusion-pump' },
    { model: 'examples/broken', sources: false },
    { model: manyCodes, evidence: join(manyCodes, 'bazel-testlogs') },
    { model: large, sources: false },
  ];

  it.each(FORMATS)('prints what the batch analysis prints (--format %s)', async (format) => {
    for (const c of cases()) {
      const options = { ...c, format };
      const [printed, batch] = await Promise.all([cli(reportArgs(options)), batchReport(options)]);
      const what = reportArgs(options).join(' ');
      expect(printed.stdout, what).toBe(batch.stdout);
      expect(printed.code, what).toBe(batch.code);
    }
  });

  it('covers evidence, lock and annotation findings on the many-codes model', async () => {
    const inputs = await loadInputs(
      reportInputs(
        { model: manyCodes, evidence: join(manyCodes, 'bazel-testlogs'), format: 'json' },
        repoRoot,
      ),
    );
    const codes = new Set(analyze(inputs).diagnostics.map((d) => d.rule));
    for (const code of [
      'lock-invalid',
      'multi-tag',
      'unknown-target',
      'multi-verifies-annotation',
      'suspect-link',
    ])
      expect(codes, code).toContain(code);
    expect(codes.size).toBeGreaterThanOrEqual(30);
  });
});
