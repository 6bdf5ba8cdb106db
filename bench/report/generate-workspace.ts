// Generates a workspace for the report benchmark: a model of about `entities` entities (the shape of
// bench/validate: needs, refining requirements, risks, mitigations, test methods) whose claims select
// cases of an evidence tree laid out like bazel-testlogs, written in the dialects the runners write
// (copied from the fixtures under test/fixtures/evidence/testlogs/).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { escapeMarkup } from '../../tools/xml/markup-escape.js';
import {
  padId,
  planModel,
  writeModel,
  type GeneratedClaim,
  type ModelShape,
} from '../validate/generate-model.js';

/** How big a workspace to generate. */
export interface WorkspaceSize {
  entities: number;
  /** unique cases after shards, runs and attempts are merged, records included */
  cases: number;
  targets: number;
  seed?: number;
  /** how the model is spread over files and written (default: writeModel's, sections files) */
  shape?: ModelShape;
}

/** What was generated, to print beside the figures. */
export interface Workspace {
  modelDir: string;
  evidenceDir: string;
  /** absolute paths of every XML file rr reads (not test.outputs/), for the bare-parse comparison */
  xmlFiles: string[];
  stats: {
    entities: number;
    modelFiles: number;
    modelBytes: number;
    targets: number;
    cases: number;
    xmlBytes: number;
    /** test.xml and attempt files per dialect */
    filesByDialect: Record<string, number>;
    shardedTargets: number;
    attemptTargets: number;
    runTargets: number;
    literalSelectors: number;
    globSelectors: number;
    wholeClaims: number;
    /** cases the claims are meant to select */
    claimedCases: number;
    taggedCases: number;
  };
}

// Shares of a target's case groups by how the model claims them (the rest is unclaimed).
const LITERAL = 0.36; // every case of the group by literal selector
const PARTIAL = 0.08; // about half of the group by literal selector
const GLOB = 0.16; // the group by one glob (Suite/*, describe > *, TestX + TestX/*)
/** Share of the unclaimed groups whose cases tag themselves (owned by tag in hybrid attribution). */
const TAGGED_UNCLAIMED = 0.25;
/** Share of the claimed cases that also tag their owner. */
const TAGGED_CLAIMED = 0.15;

const AREAS = [
  'dose',
  'alarm',
  'motor',
  'sensors',
  'firmware',
  'ui',
  'power',
  'druglib',
  'comms',
  'hal',
  'logging',
  'service',
  'keypad',
  'display',
  'battery',
  'occlusion',
];
const NOUNS = [
  'Rate',
  'Bolus',
  'Volume',
  'Pressure',
  'Occlusion',
  'Battery',
  'Alarm',
  'Limit',
  'Library',
  'Display',
  'Keypad',
  'Session',
  'Schedule',
  'Calibration',
  'Sensor',
  'Motor',
  'Valve',
  'Flow',
  'Timer',
  'Log',
];
const VERBS = [
  'Computes',
  'Rejects',
  'Clamps',
  'Reports',
  'Restores',
  'Warns',
  'Stops',
  'Starts',
  'Rounds',
  'Accepts',
  'Persists',
  'Validates',
  'Resets',
  'Detects',
  'Limits',
  'Formats',
];
const PARAMS = ['1', '10', '25-ml', '999-ml', 'zero', 'negative', 'max', 'min'];
const SUBTESTS = ['zero_volume', 'low_rate', 'high_rate', 'overflow', 'empty', 'nominal', 'boundary'];
const DESCRIBES = ['calculator', 'store', 'view', 'service', 'parser', 'formatter'];

type Dialect = 'googletest' | 'googletest-1.8' | 'pytest' | 'vitest' | 'gotestsum' | 'bazel';
type Result = 'passed' | 'failed' | 'error' | 'skipped';
type Mode = 'literal' | 'partial' | 'glob' | 'unclaimed' | 'whole';

interface PlannedCase {
  /** '' when the writer gives none (the suite name stands in) */
  classname: string;
  name: string;
  result: Result;
  /** googletest DISABLED_ test (status="notrun") */
  disabled: boolean;
  param?: string;
  line: number;
  file?: string;
  tags: string[];
  level?: string;
}

interface PlannedSuite {
  name: string;
  cases: PlannedCase[];
}

interface PlannedGroup {
  suite: string;
  cases: PlannedCase[];
  /** selectors that select exactly this group's cases with a glob */
  globs: string[];
  mode: Mode;
}

interface PlannedTarget {
  index: number;
  dialect: Dialect;
  /** folder below the evidence directory */
  dir: string;
  label: string;
  pkg: string;
  suites: PlannedSuite[];
  groups: PlannedGroup[];
  shards: number;
  attempts: number;
  runs: number;
  /** whole-target claim with per-case results (coarse-claim warning) */
  coarse: boolean;
}

/** One claim item an entity will get. */
interface PlannedClaim {
  target: string;
  selectors: string[];
  level?: string;
  whole: boolean;
  reason?: string;
}

/** Small, fast, seedable PRNG (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: () => number, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const between = (rng: () => number, low: number, high: number) => low + Math.floor(rng() * (high - low + 1));
const lower = (word: string) => word.toLowerCase();

function dialectOf(t: number): Dialect {
  const slot = t % 100;
  if (slot < 56) return 'googletest';
  if (slot < 70) return 'googletest-1.8';
  if (slot < 82) return 'pytest';
  if (slot < 90) return 'vitest';
  if (slot < 98) return 'gotestsum';
  return 'bazel';
}

function resultOf(rng: () => number): Result {
  const r = rng();
  if (r < 0.002) return 'failed';
  if (r < 0.0025) return 'error';
  if (r < 0.025) return 'skipped';
  return 'passed';
}

/** The target `t` with its suites and case groups; pure in (seed, t, size), so it can be replayed. */
function planTarget(seed: number, t: number, caseCount: number): PlannedTarget {
  const rng = random(seed * 7919 + t * 104729 + 17);
  const dialect = dialectOf(t);
  const area = AREAS[t % AREAS.length]!;
  const module = Math.floor(t / AREAS.length);
  const external = t % 250 === 13;
  const pkg = `${area}/m${module}`;
  const suffix: Record<Dialect, string> = {
    googletest: '',
    'googletest-1.8': '',
    pytest: '_py',
    vitest: '_ui',
    gotestsum: '_go',
    bazel: '_hil',
  };
  const name = `${area}${suffix[dialect]}_test`;
  const dir = external ? `external/rules_${area}+/${pkg}/${name}` : `${pkg}/${name}`;
  const label = external ? `@rules_${area}+//${pkg}:${name}` : `//${pkg}:${name}`;
  const target: PlannedTarget = {
    index: t,
    dialect,
    dir,
    label,
    pkg,
    suites: [],
    groups: [],
    shards: 0,
    attempts: 0,
    runs: 0,
    coarse: false,
  };
  if (dialect === 'bazel') {
    // A test that writes no XML: Bazel's one synthetic case; claimed whole (the proper use).
    if (rng() < 0.2) target.shards = 2;
    if (rng() < 0.25) target.attempts = 1;
    target.groups.push({ suite: '', cases: [], globs: [], mode: 'whole' });
    return target;
  }
  if (caseCount >= 30 && (dialect === 'googletest' || dialect === 'pytest') && rng() < 0.12) {
    target.shards = between(rng, 2, 4);
  }
  if (rng() < 0.04) target.attempts = between(rng, 1, 2);
  else if (target.shards === 0 && rng() < 0.015) target.runs = 2;
  target.coarse = t % 700 === 350;

  // googletest's report of a failure outside any test (a global fixture): one more case.
  const nonTestFailure = t % 997 === 500 && dialect === 'googletest';
  let made = nonTestFailure ? 1 : 0;
  let g = 0;
  const Area = area[0]!.toUpperCase() + area.slice(1);
  while (made < caseCount) {
    const size = Math.min(caseCount - made, between(rng, 3, 25));
    const noun = NOUNS[(g + t) % NOUNS.length]!;
    const cases: PlannedCase[] = [];
    const word = (i: number) => {
      const k = (i + g * 7) % (VERBS.length * NOUNS.length);
      return [VERBS[k % VERBS.length]!, NOUNS[Math.floor(k / VERBS.length)]!] as const;
    };
    const one = (classname: string, name: string, line: number): PlannedCase => ({
      classname,
      name,
      result: resultOf(rng),
      disabled: false,
      line,
      tags: [],
    });
    let suite: string;
    let globs: string[];
    if (dialect === 'googletest' || dialect === 'googletest-1.8') {
      const fixture = `${Area}${noun}${module}Test`;
      const file = `${pkg}/${lower(noun)}_test.cc`;
      if (g % 5 === 4) {
        // A value-parameterized suite: Inst/Fixture, IsPositive/N.
        suite = `${pick(rng, ['Volumes', 'Rates', 'Limits'])}/${fixture}${g}`;
        const test = `${pick(rng, VERBS)}${noun}`;
        for (let i = 0; i < size; i++) {
          const c = one(suite, `${test}/${i}`, 20 + g);
          c.param = PARAMS[i % PARAMS.length]!;
          c.file = file;
          cases.push(c);
        }
      } else {
        suite = `${fixture}${g}`;
        for (let i = 0; i < size; i++) {
          const [verb, object] = word(i);
          const c = one(suite, `${verb}${object}`, 8 + 6 * i);
          c.file = file;
          if (c.result === 'skipped' && rng() < 0.5) {
            c.name = `DISABLED_${c.name}`;
            c.disabled = true;
          }
          cases.push(c);
        }
      }
      globs = [`${suite}/*`];
      target.suites.push({ name: suite, cases });
    } else if (dialect === 'pytest') {
      const pyModule = `${area}.m${module}.tests.test_${lower(noun)}${g}`;
      const file = `tests/test_${lower(noun)}${g}.py`;
      const inClass = g % 3 !== 2;
      const classname = inClass ? `${pyModule}.Test${noun}` : pyModule;
      const parametrized = g % 4 === 1;
      const fn = `test_${lower(pick(rng, VERBS))}_${lower(noun)}`;
      for (let i = 0; i < size; i++) {
        const [verb, object] = word(i);
        const name = parametrized
          ? `${fn}[${PARAMS[i % PARAMS.length]}-${i}]`
          : `test_${lower(verb)}_${lower(object)}`;
        const c = one(classname, name, 7 + 5 * i);
        if (t % 2 === 0) c.file = file; // junit_family=xunit1 writes file and line
        cases.push(c);
      }
      suite = 'pytest';
      globs = [parametrized ? `${classname}/${fn}[*]` : `${classname}/*`];
      if (target.suites.length === 0) target.suites.push({ name: 'pytest', cases: [] });
      target.suites[0]!.cases.push(...cases);
    } else if (dialect === 'vitest') {
      // Files hold one to three describe blocks; each describe is a group.
      const fileIndex = Math.floor(g / 3);
      const file = `src/${area}/m${module}/${lower(NOUNS[(fileIndex + t) % NOUNS.length]!)}${fileIndex}.test.ts`;
      const describe = `${lower(noun)} ${DESCRIBES[g % DESCRIBES.length]} ${g}`;
      const nested = g % 2 === 1 ? ' > limits' : '';
      for (let i = 0; i < size; i++) {
        const [verb, object] = word(i);
        cases.push(one(file, `${describe}${nested} > ${lower(verb)} the ${lower(object)}`, 10 + 4 * i));
      }
      suite = file;
      globs = [`${file}/${describe} > *`];
      const last = target.suites[target.suites.length - 1];
      if (last?.name === file) last.cases.push(...cases);
      else target.suites.push({ name: file, cases: [...cases] });
    } else {
      // gotestsum: one package per target; a group is a top-level test and its subtests.
      const goPkg = `github.com/acme/pump/${area}/m${module}`;
      const [verb] = word(g);
      const top = `Test${verb}${noun}${g}`;
      const parent = one(goPkg, top, 0);
      cases.push(parent);
      for (let i = 1; i < size; i++) {
        const c = one(goPkg, `${top}/${SUBTESTS[i % SUBTESTS.length]}_${i}`, 0);
        if (c.result === 'failed' || c.result === 'error') {
          c.result = 'failed';
          parent.result = 'failed'; // Go fails the parent of a failing subtest
        }
        cases.push(c);
      }
      if (parent.result === 'error') parent.result = 'failed';
      suite = goPkg;
      globs = size > 1 ? [`${goPkg}/${top}`, `${goPkg}/${top}/*`] : [`${goPkg}/${top}`];
      if (target.suites.length === 0) target.suites.push({ name: goPkg, cases: [] });
      target.suites[0]!.cases.push(...cases);
    }
    const r = rng();
    const mode: Mode = target.coarse
      ? 'unclaimed'
      : r < LITERAL
        ? 'literal'
        : r < LITERAL + PARTIAL
          ? 'partial'
          : r < LITERAL + PARTIAL + GLOB
            ? 'glob'
            : 'unclaimed';
    target.groups.push({ suite, cases, globs, mode });
    made += size;
    g++;
  }
  if (target.coarse) target.groups.push({ suite: '', cases: [], globs: [], mode: 'whole' });
  if (nonTestFailure) {
    const c: PlannedCase = {
      classname: '',
      name: '',
      result: 'failed',
      disabled: false,
      line: 0,
      tags: [],
    };
    target.suites.push({ name: 'NonTestSuiteFailure', cases: [c] });
    target.groups.push({ suite: 'NonTestSuiteFailure', cases: [c], globs: [], mode: 'unclaimed' });
  }
  return target;
}

const isClaimed = (g: PlannedGroup) => g.mode !== 'unclaimed';

/** Writes the workspace under `root` (model/ and bazel-testlogs/). */
export async function generateWorkspace(root: string, size: WorkspaceSize): Promise<Workspace> {
  const seed = size.seed ?? 1;
  const modelDir = join(root, 'model');
  const evidenceDir = join(root, 'bazel-testlogs');
  await mkdir(modelDir, { recursive: true });
  await mkdir(evidenceDir, { recursive: true });

  // Entities as in bench/validate (planModel): only leaf requirements and mitigations claim cases.
  const plan = planModel(size.entities);
  const { needs, requirements, mitigations, parents } = plan;
  // Claimers: leaf requirements and mitigations, interleaved so both get groups everywhere.
  const leaves: string[] = [];
  for (let i = 0; i < requirements; i++) if (!parents.has(i)) leaves.push(`REQ-${padId(i)}`);
  const claimers: string[] = [];
  for (let i = 0, m = 0; i < leaves.length || m < mitigations; i++) {
    if (i < leaves.length) claimers.push(leaves[i]!);
    if (i % 5 === 4 && m < mitigations) claimers.push(`MIT-${padId(m++)}`);
  }

  // Case counts: records hold one case per need plus two lab files; Bazel's synthetic targets one
  // each; the rest is spread over the other targets, a few of them large.
  const recordCases = needs + 2 * 12;
  const sizes: number[] = [];
  const weights: number[] = [];
  const wrng = random(seed);
  for (let t = 0; t < size.targets; t++) {
    const w = wrng() < 0.05 ? 3 + wrng() * 5 : 0.3 + wrng() * 1.4;
    weights.push(dialectOf(t) === 'bazel' ? 0 : w);
  }
  const synthetic = weights.filter((w) => w === 0).length;
  const spread = size.cases - recordCases - synthetic;
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  let assigned = 0;
  let largest = 0;
  for (let t = 0; t < size.targets; t++) {
    const count = weights[t] === 0 ? 1 : Math.max(3, Math.round((weights[t]! * spread) / totalWeight));
    sizes.push(count);
    if (weights[t] !== 0) assigned += count;
    if (count > sizes[largest]!) largest = t;
  }
  sizes[largest]! += spread - assigned;

  // Pass 1: how many claimed groups there are, so claimers get contiguous, even shares.
  let units = 0;
  for (let t = 0; t < size.targets; t++) {
    units += planTarget(seed, t, sizes[t]!).groups.filter(isClaimed).length;
  }

  // Pass 2: assign owners and tags, write the evidence, collect the claims.
  const claims = new Map<string, PlannedClaim[]>();
  const claimOf = (owner: string, target: string, whole: boolean): PlannedClaim => {
    const list = claims.get(owner) ?? [];
    claims.set(owner, list);
    const last = list[list.length - 1];
    if (last && last.target === target && !whole && !last.whole) return last;
    const claim: PlannedClaim = { target, selectors: [], whole };
    list.push(claim);
    return claim;
  };
  const stats: Workspace['stats'] = {
    entities: 0,
    modelFiles: 0,
    modelBytes: 0,
    targets: size.targets,
    cases: recordCases,
    xmlBytes: 0,
    filesByDialect: {},
    shardedTargets: 0,
    attemptTargets: 0,
    runTargets: 0,
    literalSelectors: 0,
    globSelectors: 0,
    wholeClaims: 0,
    claimedCases: 0,
    taggedCases: 0,
  };
  const xmlFiles: string[] = [];
  const trng = random(seed + 1);
  let unit = 0;
  let oddTags = 0;
  for (let t = 0; t < size.targets; t++) {
    const target = planTarget(seed, t, sizes[t]!);
    for (const group of target.groups) {
      if (!isClaimed(group)) {
        if (target.coarse || target.dialect === 'gotestsum' || trng() >= TAGGED_UNCLAIMED) continue;
        const tag = pick(trng, claimers);
        for (const c of group.cases) {
          c.tags = [tag];
          if (target.dialect !== 'googletest-1.8' && trng() < 0.3) c.level = 'unit';
        }
        // A few cases carry what attribution has to reject: two ids, or an id nobody has.
        if (oddTags < 12 && trng() < 0.05) {
          group.cases[0]!.tags = oddTags % 3 === 2 ? ['REQ-999999'] : [tag, pick(trng, claimers)].sort();
          oddTags++;
        }
        continue;
      }
      const owner = claimers[Math.floor((unit++ * claimers.length) / units)]!;
      if (group.mode === 'whole') {
        const claim = claimOf(owner, target.label, true);
        claim.reason = target.coarse
          ? 'Legacy suite kept whole until its cases are sorted out.'
          : 'Runs on the hardware-in-the-loop rig, which reports one result per run.';
        stats.wholeClaims++;
        stats.claimedCases += target.coarse ? sizes[t]! : 1;
        continue;
      }
      const claim = claimOf(owner, target.label, false);
      if (target.dialect === 'gotestsum' && trng() < 0.3) claim.level ??= 'integration';
      else if (target.dialect !== 'gotestsum' && trng() < 0.5) claim.level ??= 'unit';
      const selected = group.mode === 'partial' ? group.cases.filter((_, i) => i % 2 === 0) : group.cases;
      if (group.mode === 'glob') {
        claim.selectors.push(...group.globs);
        stats.globSelectors += group.globs.filter((s) => s.includes('*')).length;
        stats.literalSelectors += group.globs.filter((s) => !s.includes('*')).length;
      } else {
        for (const c of selected) claim.selectors.push(casePath(group.suite, c));
        stats.literalSelectors += selected.length;
      }
      stats.claimedCases += selected.length;
      if (target.dialect === 'gotestsum') continue; // go test has no way to write properties
      for (const c of selected) {
        if (trng() >= TAGGED_CLAIMED) continue;
        c.tags = [trng() < 0.003 ? pick(trng, claimers) : owner];
        if (claim.level !== 'integration' && target.dialect !== 'googletest-1.8' && trng() < 0.5) {
          c.level = 'unit';
        }
      }
    }
    for (const suite of target.suites) stats.taggedCases += suite.cases.filter((c) => c.tags.length).length;
    stats.cases += target.dialect === 'bazel' ? 1 : target.suites.reduce((a, s) => a + s.cases.length, 0);
    if (target.shards > 0) stats.shardedTargets++;
    if (target.attempts > 0) stats.attemptTargets++;
    if (target.runs > 0) stats.runTargets++;
    for (const file of await writeTarget(evidenceDir, target, trng)) {
      xmlFiles.push(file.path);
      stats.xmlBytes += file.bytes;
      stats.filesByDialect[target.dialect] = (stats.filesByDialect[target.dialect] ?? 0) + 1;
    }
  }
  for (const file of await writeRecords(evidenceDir, needs)) {
    xmlFiles.push(file.path);
    stats.xmlBytes += file.bytes;
    stats.filesByDialect.record = (stats.filesByDialect.record ?? 0) + 1;
  }

  const model = await writeModel(
    modelDir,
    plan,
    {
      needRecords: Math.min(10, needs),
      needLevel: 'validation',
      verifiedBy: (kind, i) => verifiedBy(claims, `${kind === 'requirement' ? 'REQ' : 'MIT'}-${padId(i)}`),
    },
    size.shape,
  );
  stats.entities = model.entities;
  stats.modelFiles = model.files;
  stats.modelBytes = model.bytes;
  return { modelDir, evidenceDir, xmlFiles, stats };
}

function casePath(suite: string, c: PlannedCase): string {
  return `${c.classname !== '' ? c.classname : suite}/${c.name}`;
}

// ---------------------------------------------------------------------------------------------------
// Evidence files

const lf = (text: string) => text.replace(/\n/g, '&#x0A;');

/** One file as written: which results it shows (an earlier attempt fails some cases). */
interface FileView {
  suites: PlannedSuite[];
  result: (c: PlannedCase) => Result;
  /** shard "N/M" for Bazel's synthetic names */
  shard?: string;
  timestamp: string;
}

async function writeTarget(
  evidenceDir: string,
  target: PlannedTarget,
  rng: () => number,
): Promise<{ path: string; bytes: number }[]> {
  const written: { path: string; bytes: number }[] = [];
  const all = target.suites.flatMap((s) => s.cases);
  const folders: { dir: string; suites: PlannedSuite[]; shard?: string; run?: number }[] = [];
  if (target.shards > 0) {
    const m = target.shards;
    for (let s = 1; s <= m; s++) {
      // googletest and pytest-shard spread tests round-robin over the shards.
      let index = 0;
      const suites = target.suites
        .map((suite) => ({
          name: suite.name,
          cases: suite.cases.filter(() => index++ % m === s - 1),
        }))
        .filter((suite) => suite.cases.length > 0 || target.dialect === 'bazel');
      folders.push({ dir: `${target.dir}/shard_${s}_of_${m}`, suites, shard: `${s}/${m}` });
    }
  } else if (target.runs > 0) {
    for (let r = 1; r <= target.runs; r++) {
      folders.push({ dir: `${target.dir}/run_${r}_of_${target.runs}`, suites: target.suites, run: r });
    }
  } else {
    folders.push({ dir: target.dir, suites: target.suites });
  }
  // Cases that fail in earlier attempts (or run 1) and pass at the end: flaky.
  const flaky = new Set<PlannedCase>();
  if (target.attempts > 0 || target.runs > 0) {
    for (const c of all) if (c.result === 'passed' && rng() < 0.02) flaky.add(c);
    const first = all.find((c) => c.result === 'passed');
    if (first) flaky.add(first);
  }
  const earlier = (c: PlannedCase): Result => (flaky.has(c) ? 'failed' : c.result);
  const final = (c: PlannedCase): Result => c.result;
  let minute = 10 + (target.index % 40);
  const stamp = () => `2026-11-22T05:${String(minute++ % 60).padStart(2, '0')}:01.225`;
  for (const folder of folders) {
    const abs = join(evidenceDir, folder.dir);
    await mkdir(abs, { recursive: true });
    const syntheticFails = target.dialect === 'bazel' && target.index % 9 === 0;
    const emit = async (rel: string, view: FileView, failed: boolean) => {
      const text = target.dialect === 'bazel' ? bazelXml(target, view, failed) : dialectXml(target, view);
      await writeFile(join(abs, rel), text);
      await writeFile(join(abs, rel.replace(/\.xml$/, '.log')), testLog(target, view));
      written.push({ path: join(abs, rel), bytes: Buffer.byteLength(text) });
    };
    for (let a = 1; a <= target.attempts; a++) {
      await mkdir(join(abs, 'test_attempts'), { recursive: true });
      const view = { suites: folder.suites, result: earlier, shard: folder.shard, timestamp: stamp() };
      await emit(`test_attempts/attempt_${a}.xml`, view, true);
    }
    const result = folder.run === 1 ? earlier : final;
    await emit(
      'test.xml',
      { suites: folder.suites, result, shard: folder.shard, timestamp: stamp() },
      syntheticFails,
    );
    if (target.index % 3 === 0)
      await writeFile(join(abs, 'test.cache_status'), Buffer.from([0x08, 0x01, 0x10]));
    if (target.index % 40 === 7) {
      // Undeclared outputs: rr reads no XML below test.outputs/.
      await mkdir(join(abs, 'test.outputs'), { recursive: true });
      await writeFile(join(abs, 'test.outputs', 'outputs.zip'), Buffer.from('PK\x05\x06' + '\0'.repeat(18)));
      await writeFile(join(abs, 'test.outputs', 'trace.xml'), '<trace><step n="1"/></trace>\n');
    }
  }
  return written;
}

function testLog(target: PlannedTarget, view: FileView): string {
  const count = view.suites.reduce((a, s) => a + s.cases.length, 0);
  return [
    'exec ${PAGER:-/usr/bin/less} "$0" || exit 1',
    `Executing tests from ${target.label}`,
    '-----------------------------------------------------------------------------',
    `[==========] Running ${count} tests from ${view.suites.length} test suites.`,
    `[==========] ${count} tests ran.`,
    '',
  ].join('\n');
}

function dialectXml(target: PlannedTarget, view: FileView): string {
  switch (target.dialect) {
    case 'googletest':
      return googletestXml(view, true);
    case 'googletest-1.8':
      return googletestXml(view, false);
    case 'pytest':
      return pytestXml(view);
    case 'vitest':
      return vitestXml(view);
    default:
      return gotestsumXml(view);
  }
}

function counts(cases: PlannedCase[], result: (c: PlannedCase) => Result) {
  let failures = 0;
  let errors = 0;
  let skipped = 0;
  let disabled = 0;
  for (const c of cases) {
    const r = result(c);
    if (r === 'failed') failures++;
    else if (r === 'error') errors++;
    else if (c.disabled) disabled++;
    else if (r === 'skipped') skipped++;
  }
  return { tests: cases.length, failures, errors, skipped, disabled };
}

function propertiesXml(c: PlannedCase, indent: string, selfClosing: boolean): string {
  const props: [string, string][] = c.tags.map((tag) => ['requirement', tag]);
  if (props.length > 1) props.splice(0, props.length, ['requirement', c.tags.join(', ')]);
  if (c.level) props.push(['level', c.level]);
  if (props.length === 0) return '';
  const each = props
    .map(([name, value]) =>
      selfClosing
        ? `${indent}  <property name="${name}" value="${escapeMarkup(value)}"/>\n`
        : `${indent}  <property name="${name}" value="${escapeMarkup(value)}">\n${indent}  </property>\n`,
    )
    .join('');
  return `${indent}<properties>\n${each}${indent}</properties>\n`;
}

/** googletest --gtest_output=xml: 1.12 (file, line, result, properties) or 1.8 (attributes). */
function googletestXml(view: FileView, modern: boolean): string {
  const all = view.suites.flatMap((s) => s.cases);
  const total = counts(all, view.result);
  const ts = view.timestamp;
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites tests="${total.tests}" failures="${total.failures}" disabled="${total.disabled}" errors="${total.errors}" ${modern ? 'time="0.012" ' : ''}timestamp="${ts}" ${modern ? '' : 'time="0.012" '}name="AllTests">`,
  ];
  for (const suite of view.suites) {
    const k = counts(suite.cases, view.result);
    const stamp = suite.name === 'NonTestSuiteFailure' ? '1970-01-01T00:00:00.000' : ts;
    out.push(
      modern
        ? `  <testsuite name="${escapeMarkup(suite.name)}" tests="${k.tests}" failures="${k.failures}" disabled="${k.disabled}" skipped="${k.skipped}" errors="${k.errors}" time="0.001" timestamp="${stamp}">`
        : `  <testsuite name="${escapeMarkup(suite.name)}" tests="${k.tests}" failures="${k.failures}" disabled="${k.disabled}" errors="${k.errors}" time="0.001">`,
    );
    for (const c of suite.cases) {
      const r = view.result(c);
      const file = c.file ?? '';
      let head: string;
      if (modern) {
        const status = c.disabled ? 'notrun' : 'run';
        const result = c.disabled ? 'suppressed' : r === 'skipped' ? 'skipped' : 'completed';
        const param = c.param === undefined ? '' : ` value_param="${escapeMarkup(c.param)}"`;
        const where = file === '' ? '' : ` file="${file}" line="${c.line}"`;
        head = `    <testcase name="${escapeMarkup(c.name)}"${param}${where} status="${status}" result="${result}" time="0" timestamp="${c.disabled ? '1970-01-01T00:00:00.000' : stamp}" classname="${escapeMarkup(c.classname)}"`;
      } else {
        const tags = c.tags.length > 0 ? ` requirement="${escapeMarkup(c.tags.join(' '))}"` : '';
        const param = c.param === undefined ? '' : ` value_param="${escapeMarkup(c.param)}"`;
        head = `    <testcase name="${escapeMarkup(c.name)}"${param} status="${c.disabled ? 'notrun' : 'run'}" time="0.001" classname="${escapeMarkup(c.classname)}"${tags}`;
      }
      const body: string[] = [];
      if (r === 'failed' || r === 'error') {
        const text = `${file || 'unknown file'}:${c.line}\nExpected equality of these values:\n  rate.ml_per_h()\n    Which is: 0\n  25`;
        body.push(`      <failure message="${escapeMarkup(lf(text))}" type=""><![CDATA[${text}]]></failure>`);
      } else if (r === 'skipped' && !c.disabled && modern) {
        const text = `${file}:${c.line}\nneeds the pump simulator`;
        body.push(`      <skipped message="${escapeMarkup(lf(text))}"><![CDATA[${text}]]></skipped>`);
      }
      const props = modern ? propertiesXml(c, '      ', true) : '';
      if (body.length === 0 && props === '') out.push(`${head} />`);
      else out.push(`${head}>\n${body.map((b) => `${b}\n`).join('')}${props}    </testcase>`);
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>', '');
  return out.join('\n');
}

/** pytest --junitxml: one line, xunit1 file and line (0-based) when the target writes them. */
function pytestXml(view: FileView): string {
  const all = view.suites.flatMap((s) => s.cases);
  const k = counts(all, view.result);
  const parts: string[] = [
    '<?xml version="1.0" encoding="utf-8"?><testsuites name="pytest tests">',
    `<testsuite name="pytest" errors="${k.errors}" failures="${k.failures}" skipped="${k.skipped}" tests="${k.tests}" time="0.053" timestamp="2026-11-22T05:28:10.487444+00:00" hostname="ci-runner-7">`,
  ];
  for (const c of all) {
    const r = view.result(c);
    const where = c.file ? ` file="${c.file}" line="${c.line}"` : '';
    let inner = '';
    if (c.tags.length > 0 || c.level) {
      inner += '<properties>';
      if (c.tags.length > 0)
        inner += `<property name="requirement" value="${escapeMarkup(c.tags.join(' '))}" />`;
      if (c.level) inner += `<property name="level" value="${c.level}" />`;
      inner += '</properties>';
    }
    if (r === 'failed') {
      inner +=
        `<failure message="${escapeMarkup('AssertionError: rate drifted\nassert 24.9 == 25')}">` +
        escapeMarkup(
          `self = <${c.classname} object at 0x7f47a4b9a410>\n\n    def ${c.name.replace(/\[.*$/, '')}(self):\n>       assert pump.rate() == 25, "rate drifted"\nE       AssertionError: rate drifted\nE       assert 24.9 == 25\n\n${c.file ?? 'tests/test_rate.py'}:${c.line + 4}: AssertionError`,
        ) +
        '</failure>';
    } else if (r === 'error') {
      inner += `<error message="${escapeMarkup('failed on setup with "RuntimeError: no pump attached"')}">${escapeMarkup('@pytest.fixture\n    def pump():\n>       raise RuntimeError("no pump attached")\nE       RuntimeError: no pump attached')}</error>`;
    } else if (r === 'skipped') {
      inner +=
        c.line % 2 === 0
          ? `<skipped type="pytest.skip" message="needs the pump simulator">/home/ci/.cache/bazel/_bazel_ci/5d4e1f0b2c/sandbox/linux-sandbox/41/execroot/_main/${c.file ?? 'tests/test_x.py'}:${c.line}: needs the pump simulator</skipped>`
          : '<skipped type="pytest.xfail" message="known rounding issue" />';
    }
    parts.push(
      `<testcase classname="${escapeMarkup(c.classname)}" name="${escapeMarkup(c.name)}"${where} time="0.001"${inner === '' ? ' />' : `>${inner}</testcase>`}`,
    );
  }
  parts.push('</testsuite></testsuites>');
  return parts.join('');
}

/** vitest --reporter=junit: four-space indent, one testsuite per file, properties with a body. */
function vitestXml(view: FileView): string {
  const all = view.suites.flatMap((s) => s.cases);
  const total = counts(all, view.result);
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    `<testsuites name="vitest tests" tests="${total.tests}" failures="${total.failures}" errors="${total.errors}" time="0.020235136">`,
  ];
  for (const suite of view.suites) {
    const k = counts(suite.cases, view.result);
    out.push(
      `    <testsuite name="${escapeMarkup(suite.name)}" timestamp="2026-11-22T05:20:03.438Z" hostname="ci-runner-7" tests="${k.tests}" failures="${k.failures}" errors="${k.errors}" skipped="${k.skipped}" time="0.020235136">`,
    );
    for (const c of suite.cases) {
      const r = view.result(c);
      out.push(
        `        <testcase classname="${escapeMarkup(c.classname)}" name="${escapeMarkup(c.name)}" time="0.008590133">`,
      );
      const props = propertiesXml(c, '            ', false);
      if (props) out.push(props.trimEnd());
      if (r === 'failed' || r === 'error') {
        out.push(
          `            <failure message="expected 24.9 to be 25 // Object.is equality" type="AssertionError">`,
          escapeMarkup(
            `AssertionError: expected 24.9 to be 25 // Object.is equality\n\n- Expected\n+ Received\n\n- 25\n+ 24.9\n\n ❯ ${c.classname}:${c.line}:18`,
          ),
          '            </failure>',
        );
      } else if (r === 'skipped') out.push('            <skipped/>');
      out.push('        </testcase>');
    }
    out.push('    </testsuite>');
  }
  out.push('</testsuites>', '');
  return out.join('\n');
}

/** gotestsum --junitfile: tabs, go.version property, subtests as cases, failure text with &#xA;. */
function gotestsumXml(view: FileView): string {
  const all = view.suites.flatMap((s) => s.cases);
  const total = counts(all, view.result);
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites tests="${total.tests}" failures="${total.failures}" errors="0" time="1.204871">`,
  ];
  for (const suite of view.suites) {
    const k = counts(suite.cases, view.result);
    out.push(
      `\t<testsuite tests="${k.tests}" failures="${k.failures}" skipped="${k.skipped}" time="0.012000" name="${suite.name}" timestamp="2026-05-04T09:14:02Z">`,
      '\t\t<properties>',
      '\t\t\t<property name="go.version" value="go1.22.2 linux/amd64"></property>',
      '\t\t</properties>',
    );
    for (const c of suite.cases) {
      const r = view.result(c);
      const open = `\t\t<testcase classname="${c.classname}" name="${escapeMarkup(c.name)}" time="0.000000">`;
      if (r === 'failed' || r === 'error') {
        out.push(
          open,
          `\t\t\t<failure message="Failed" type="">=== RUN   ${escapeMarkup(c.name)}&#xA;    rate_test.go:31: rate for 0 mL = NaN, want 0&#xA;    --- FAIL: ${escapeMarkup(c.name)} (0.00s)&#xA;</failure>`,
          '\t\t</testcase>',
        );
      } else if (r === 'skipped') {
        out.push(
          open,
          `\t\t\t<skipped message="=== RUN   ${escapeMarkup(c.name)}&#xA;    bolus_test.go:12: bolus pump not attached&#xA;--- SKIP: ${escapeMarkup(c.name)} (0.00s)&#xA;"></skipped>`,
          '\t\t</testcase>',
        );
      } else out.push(`${open}</testcase>`);
    }
    out.push('\t</testsuite>');
  }
  out.push('</testsuites>');
  return out.join('\n');
}

/** Bazel's own test.xml for a test that wrote none (tools/test/generate-xml.sh). */
function bazelXml(target: PlannedTarget, view: FileView, failed: boolean): string {
  const name = `${target.pkg}/${target.label.slice(target.label.lastIndexOf(':') + 1)}${view.shard ? `_shard_${view.shard}` : ''}`;
  const error = failed ? '<error message="exited with error code 1"></error>' : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<testsuites>',
    `  <testsuite name="${name}" tests="1" failures="0" errors="${failed ? 1 : 0}">`,
    `    <testcase name="${name}" status="run" duration="3" time="3">${error}</testcase>`,
    '      <system-out>',
    'Generated test.log (if the file is not UTF-8, then this may be unreadable):',
    '<![CDATA[exec ${PAGER:-/usr/bin/less} "$0" || exit 1',
    `Executing tests from ${target.label}`,
    '-----------------------------------------------------------------------------',
    `hil: ${failed ? 'rig did not answer within 30 s' : 'all checks passed'}`,
    ']]>',
    '      </system-out>',
    '    </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** records/usability_K.json (one case per need) and two lab reports in records/*.xml. */
async function writeRecords(evidenceDir: string, needs: number): Promise<{ path: string; bytes: number }[]> {
  const dir = join(evidenceDir, 'records');
  await mkdir(join(dir, 'attachments'), { recursive: true });
  await writeFile(join(dir, 'attachments', 'session-0.csv'), 'minute,ml\n0,0\n1,0.42\n');
  const files = Math.min(10, needs);
  for (let k = 0; k < files; k++) {
    const cases = [];
    for (let i = k; i < needs; i += files) {
      cases.push({
        path: `Session/need_${i}`,
        result: i % 97 === 0 ? 'failed' : 'passed',
        level: 'validation',
        ...(i % 97 === 0 ? { message: 'Participant could not find the bolus key\nSee video 3' } : {}),
        ...(i === k
          ? { attachments: [{ path: 'attachments/session-0.csv', description: 'Flow trace' }] }
          : {}),
      });
    }
    const record = {
      $schema: 'https://rr.dev/schemas/record.schema.json',
      record: {
        title: `Summative usability study, session ${k}`,
        date: '2026-05-04',
        operator: 'J. Meyer',
        equipment: ['Pump prototype P7 (asset 4411)', 'Video rig 2'],
      },
      cases,
    };
    await writeFile(join(dir, `usability_${k}.json`), `${JSON.stringify(record, null, 2)}\n`);
  }
  const written: { path: string; bytes: number }[] = [];
  for (let k = 0; k < 2; k++) {
    const lines = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<testsuites name="EMC pre-compliance ${k}">`,
      '  <testsuite name="IEC 60601-1-2" tests="12" failures="0" errors="0" skipped="1" timestamp="2026-04-22T14:00:00">',
    ];
    for (let i = 0; i < 12; i++) {
      lines.push(
        `    <testcase classname="radiated immunity" name="band ${i} at 10 V/m" time="5400">`,
        '      <properties>',
        '        <property name="level" value="system"/>',
        '      </properties>',
        '    </testcase>',
      );
    }
    lines.push('  </testsuite>', '</testsuites>', '');
    const path = join(dir, `emc_lab_${k}.xml`);
    const text = lines.join('\n');
    await writeFile(path, text);
    written.push({ path, bytes: Buffer.byteLength(text) });
  }
  return written;
}

/** The `verified_by` field of a claimer from its planned claims, or none. */
function verifiedBy(claims: Map<string, PlannedClaim[]>, id: string): GeneratedClaim[] {
  return (claims.get(id) ?? []).map((c) => {
    const claim: GeneratedClaim = { target: c.target };
    if (c.whole) Object.assign(claim, { whole: true, reason: c.reason ?? 'One result per run.' });
    else claim.cases = c.selectors;
    if (c.level) claim.level = c.level;
    return claim;
  });
}
