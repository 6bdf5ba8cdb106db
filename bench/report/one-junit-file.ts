// Generates a workspace for bench/report's RR_BENCH_EVIDENCE=one-file mode: the evidence is ONE
// bazel-testlogs target, bazel-testlogs/big/suite_test/test.xml (the target //big:suite_test), holding
// `cases` <testcase> elements in a few testsuites: classes pkg.ClassN of 10 to 30 cases named case_M
// (M counts over the whole file), some failed with a message, some skipped, a few tagged with a
// requirement property. The model is bench/validate's (planModel, writeModel): its leaf requirements
// and mitigations claim whole classes, contiguous groups of cases, by literal case paths
// (pkg.ClassN/case_M) or by one glob (pkg.ClassN/*); the rest of the classes is unclaimed. The needs'
// validation claims name records (record:usability_K) that this evidence lacks: one unknown-target
// error per need in the report.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { escapeMarkup } from '../../tools/xml/markup-escape.js';
import { padId, planModel, writeModel, type GeneratedClaim } from '../validate/generate-model.js';

/** The one target, and its folder below the evidence directory. */
export const ONE_FILE_TARGET = '//big:suite_test';
const TARGET_DIR = 'big/suite_test';

/** Testsuites the classes are spread over, in order. */
const SUITES = 4;

/** What was generated, to print beside the figures. */
export interface OneJunitFile {
  modelDir: string;
  evidenceDir: string;
  xmlFile: string;
  stats: {
    entities: number;
    modelFiles: number;
    modelBytes: number;
    cases: number;
    classes: number;
    suites: number;
    xmlBytes: number;
    failures: number;
    skipped: number;
    taggedCases: number;
    literalSelectors: number;
    globSelectors: number;
    /** cases the claims select */
    claimedCases: number;
  };
}

/** One class: its cases first..first+size-1, how it is claimed and by whom. */
interface PlannedClass {
  index: number;
  first: number;
  size: number;
  mode: 'literal' | 'glob' | 'unclaimed';
  /** the claimer, or for an unclaimed class the entity its tagged cases name */
  owner: string;
}

/** Writes model/ and bazel-testlogs/ under `root`: `entities` entities, `cases` cases in one file. */
export async function generateOneJunitFile(
  root: string,
  size: { entities: number; cases: number },
): Promise<OneJunitFile> {
  const modelDir = join(root, 'model');
  const evidenceDir = join(root, 'bazel-testlogs');
  const targetDir = join(evidenceDir, TARGET_DIR);
  await mkdir(modelDir, { recursive: true });
  await mkdir(targetDir, { recursive: true });

  // Claimers as in generate-workspace: leaf requirements (a refined one claims nothing) and mitigations.
  const plan = planModel(size.entities);
  const claimers: string[] = [];
  for (let i = 0; i < plan.requirements; i++) if (!plan.parents.has(i)) claimers.push(`REQ-${padId(i)}`);
  for (let m = 0; m < plan.mitigations; m++) claimers.push(`MIT-${padId(m)}`);

  // Classes of 10..30 cases; of every five, two claimed by literal paths, one by a glob, two unclaimed.
  // Claimed classes go to the claimers in turn.
  const classes: PlannedClass[] = [];
  let claimedClasses = 0;
  for (let first = 0, c = 0; first < size.cases; c++) {
    const count = Math.min(size.cases - first, 10 + ((c * 7) % 21));
    const slot = c % 5;
    const mode = slot < 2 ? 'literal' : slot === 2 ? 'glob' : 'unclaimed';
    const owner = claimers[(mode === 'unclaimed' ? c : claimedClasses++) % claimers.length]!;
    classes.push({ index: c, first, size: count, mode, owner });
    first += count;
  }

  const stats: OneJunitFile['stats'] = {
    entities: 0,
    modelFiles: 0,
    modelBytes: 0,
    cases: size.cases,
    classes: classes.length,
    suites: Math.min(SUITES, classes.length),
    xmlBytes: 0,
    failures: 0,
    skipped: 0,
    taggedCases: 0,
    literalSelectors: 0,
    globSelectors: 0,
    claimedCases: 0,
  };

  // The claims: one per claimer on the target, its selectors over all the classes it claims.
  const selectors = new Map<string, string[]>();
  for (const k of classes) {
    if (k.mode === 'unclaimed') continue;
    const list = selectors.get(k.owner) ?? [];
    selectors.set(k.owner, list);
    const className = `pkg.Class${k.index}`;
    if (k.mode === 'glob') {
      list.push(`${className}/*`);
      stats.globSelectors++;
    } else {
      for (let m = k.first; m < k.first + k.size; m++) list.push(`${className}/case_${m}`);
      stats.literalSelectors += k.size;
    }
    stats.claimedCases += k.size;
  }

  // The file: the classes in order, cut into SUITES testsuites.
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', '<testsuites name="big suite">'];
  const perSuite = Math.ceil(classes.length / stats.suites);
  for (let s = 0; s < stats.suites; s++) {
    const suiteClasses = classes.slice(s * perSuite, (s + 1) * perSuite);
    const lines: string[] = [];
    let tests = 0;
    let failures = 0;
    let skipped = 0;
    for (const k of suiteClasses) {
      for (let m = k.first; m < k.first + k.size; m++) {
        tests++;
        const head = `    <testcase classname="pkg.Class${k.index}" name="case_${m}" time="0.001"`;
        const body: string[] = [];
        if (m % 500 === 250) {
          body.push(
            '      <properties>',
            `        <property name="requirement" value="${k.owner}"/>`,
            '      </properties>',
          );
          stats.taggedCases++;
        }
        if (m % 401 === 7) {
          const text = `expected rate 25 mL/h, got 24.9 (case ${m})\nat pkg/Class${k.index}.java:${m % 300}`;
          body.push(
            `      <failure message="${escapeMarkup(text.slice(0, text.indexOf('\n')))}" type="AssertionError">${escapeMarkup(text)}</failure>`,
          );
          failures++;
        } else if (m % 211 === 3) {
          body.push('      <skipped message="needs the pump simulator"/>');
          skipped++;
        }
        lines.push(body.length === 0 ? `${head}/>` : `${head}>\n${body.join('\n')}\n    </testcase>`);
      }
    }
    out.push(
      `  <testsuite name="big.suite_${s}" tests="${tests}" failures="${failures}" errors="0" skipped="${skipped}" time="${(tests / 1000).toFixed(3)}">`,
      ...lines,
      '  </testsuite>',
    );
    stats.failures += failures;
    stats.skipped += skipped;
  }
  out.push('</testsuites>', '');
  const text = out.join('\n');
  const xmlFile = join(targetDir, 'test.xml');
  await writeFile(xmlFile, text);
  stats.xmlBytes = Buffer.byteLength(text);

  const model = await writeModel(modelDir, plan, {
    needRecords: 10,
    verifiedBy: (kind, i): GeneratedClaim[] => {
      const cases = selectors.get(`${kind === 'requirement' ? 'REQ' : 'MIT'}-${padId(i)}`);
      return cases ? [{ target: ONE_FILE_TARGET, cases }] : [];
    },
  });
  stats.entities = model.entities;
  stats.modelFiles = model.files;
  stats.modelBytes = model.bytes;
  return { modelDir, evidenceDir, xmlFile, stats };
}
