// rr's vitest reporter (`rules-rr/vitest-reporter`): writes the run as Bazel-compatible JUnit XML to
// $XML_OUTPUT_FILE when Bazel sets it, else to the `outputFile` the user chose, with each test's
// `verifies()` ids and level as testcase properties (docs/test-plugins.md).
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Reporter, SerializedError, TestModule, Vitest } from 'vitest/node';
import { writeFileAtomic } from '../files/atomic-write.js';
import type { JUnitSuiteRecord } from './junit-records.js';
import { junitXml } from './junit-xml.js';
import { errorCase, suiteRecord } from './vitest-cases.js';

/** Options of the reporter, given in the vitest config: `reporters: [['rules-rr/vitest-reporter', {…}]]`. */
export interface RrJUnitReporterOptions {
  /** where to write the report when $XML_OUTPUT_FILE is not set; relative to the vitest root */
  outputFile?: string;
  /**
   * the folder case paths and `file` attributes are relative to; relative to the vitest root, which
   * is the default (set it to the repository root when the vitest config lives in a package)
   */
  root?: string;
}

/** Suite and case of errors vitest could not pin to any test file (unhandled rejections …). */
const UNHANDLED_SUITE = '(vitest)';
const UNHANDLED_CASE = 'unhandled errors';

/** Writes one JUnit XML file per test run, with rr's requirement properties on every testcase. */
export default class RrJUnitReporter implements Reporter {
  private readonly options: RrJUnitReporterOptions;
  private vitest: Vitest | undefined;

  constructor(options: RrJUnitReporterOptions = {}) {
    this.options = options;
  }

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
    // Test lines come from vitest's task locations, which it collects only when asked to; a user's
    // explicit `includeTaskLocation: false` is kept.
    vitest.config.includeTaskLocation ??= true;
    for (const project of vitest.projects) project.config.includeTaskLocation ??= true;
    if (this.outputPath() === undefined) {
      vitest.logger.warn(
        'rules-rr/vitest-reporter: no report is written: $XML_OUTPUT_FILE is not set (Bazel sets it) ' +
          'and no outputFile is configured',
      );
    }
  }

  async onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): Promise<void> {
    const path = this.outputPath();
    if (path === undefined || this.vitest === undefined) return;
    const root = this.root();
    const suites: JUnitSuiteRecord[] = testModules
      .map((module) => suiteRecord(module, root))
      // One order on every run and machine, whichever file finished first.
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (unhandledErrors.length > 0) {
      suites.push({
        name: UNHANDLED_SUITE,
        seconds: 0,
        cases: [{ ...errorCase(UNHANDLED_SUITE, UNHANDLED_CASE, unhandledErrors), file: undefined }],
      });
    }
    // Bazel and CI read the report as soon as the run ends: never half a file.
    await mkdir(dirname(path), { recursive: true });
    await writeFileAtomic(path, junitXml(suites));
    this.vitest.logger.log(`rules-rr/vitest-reporter: JUnit report written to ${path}`);
  }

  /** $XML_OUTPUT_FILE (Bazel's choice wins), else the `outputFile` option, else vitest's `--outputFile`. */
  private outputPath(): string | undefined {
    const bazel = process.env.XML_OUTPUT_FILE;
    if (bazel !== undefined && bazel !== '') return resolve(bazel);
    const configured = this.options.outputFile ?? this.vitest?.config.outputFile;
    if (typeof configured !== 'string' || configured === '') return undefined;
    return resolve(this.vitest?.config.root ?? process.cwd(), configured);
  }

  private root(): string {
    const vitestRoot = this.vitest?.config.root ?? process.cwd();
    return this.options.root === undefined ? vitestRoot : resolve(vitestRoot, this.options.root);
  }
}

export { RrJUnitReporter };
