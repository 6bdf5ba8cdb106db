// A model with findings of many codes, for comparing the command line with a batch analysis: a copy of
// the infusion-pump example (its evidence, lock and annotated sources) under review stamps, with a
// normative edit (suspect links), a broken stamp, a changed lock, seeded random edits of its files
// (dangling and renamed ids, cycles, overlapping selectors, bad values) and files written to be wrong
// in the ways a loader and the rules report; and a larger model of many files with random link errors.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { linkReviews } from '../../tools/change-control/link-reviews.js';
import { clearedStampsText } from '../../tools/change-control/stamp-changes.js';
import { loadModel } from '../../tools/model/load-model.js';
import { listModelFiles } from '../../tools/model/model-files.js';
import { reviewStampsPathOf } from '../../tools/model/review-stamps.js';

const EXAMPLE = join(import.meta.dirname, '../../examples/infusion-pump');
const ID = /\b(?:UN|REQ|RISK|MIT|TM)-\d{3}\b/g;

/** A small deterministic random source, so a failing model can be made again from its seed. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

/** Entities written to be wrong, each in its own way (docs/diagnostics.md). */
const WRONG_ENTITIES = `schema_version: 1
user_needs:
  - id: UN-900
    title: A need nothing satisfies
  - id: UN-1
    title: An id off the pattern
requirements:
  - id: REQ-001
    title: A second REQ-001
    satisfies: UN-001
  - id: REQ-901
    title: Satisfies a risk and a need that is not there
    satisfies: [RISK-001, UN-999]
    colour: blue
  - id: REQ-902
    title: [not, a, string]
    status: nonsense
    satisfies: UN-001
    verified_by:
      - //pump/dosing:rate_test
      - target: //pump/dosing:rate_test
        whole: true
      - target: "//pump/ui:display test"
        cases: [Display/shows_rate]
      - target: //pump/ui:display_test
        cases: ["Display/*", "Display/shows_rate", " Display/padded", 'Display\\q']
  - id: REQ-903
    title: Refines two parents and claims a case another requirement claims
    refines: [REQ-001, REQ-002]
    verified_by:
      - target: //pump/dosing:dose_calculator_test
        cases: [DoseCalculatorTest/computes_rate_from_volume_and_time]
        level: no-such-level
  - id: REQ-904
    title: Refines the requirement that refines it
    refines: REQ-905
  - id: REQ-905
    title: Refines the requirement it is refined by
    refines: REQ-904
  - id: REQ-906
    title: Linked to nothing
risks:
  - id: RISK-900
    title: A risk no mitigation controls
    hazard: Over-infusion
    severity: catastrophic
    likelihood: frequent
  - id: RISK-901
    title: A risk nothing mitigates or accepts
    hazard: Under-infusion
    severity: minor
    likelihood: remote
mitigations:
  - id: MIT-900
    title: A mitigation no requirement implements
    mitigates: RISK-900
`;

/**
 * Writes the many-codes model into `dir` (its folder `model`, evidence `model/bazel-testlogs`) and
 * returns the model's path. `seed` picks the random edits.
 */
export async function writeManyCodesModel(dir: string, seed: number): Promise<string> {
  const model = join(dir, 'model');
  cpSync(EXAMPLE, model, { recursive: true });
  // Every link reviewed, then a normative edit: the links resting on it turn suspect.
  const loaded = await loadModel(model);
  const reviews = linkReviews(loaded);
  const stampsPath = reviewStampsPathOf(loaded, true);
  const stamps = clearedStampsText(loaded, reviews, reviews, {
    by: 'Jane Doe <jane@example.com>',
    at: '2026-03-01T00:00:00Z',
  });
  writeFileSync(stampsPath, stamps + '{"parent": "REQ-001", "broken\n');
  edit(join(model, 'user-needs.yaml'), (text) => text.replace(/(title: [^\n]*)/, '$1 (revised)'));
  // The lock: one entry's owner changed to another requirement, one to an id not in the model.
  edit(join(model, 'rr.lock.json'), (text) =>
    text
      .replace('"owner": "REQ-003"', '"owner": "REQ-011"')
      .replace('"owner": "REQ-019"', '"owner": "REQ-998"'),
  );
  const rnd = random(seed);
  for (let i = 0; i < 12; i++) randomEdit(model, rnd);
  writeFileSync(join(model, 'zz-wrong.yaml'), WRONG_ENTITIES);
  writeFileSync(join(model, 'zz-syntax.yaml'), 'requirements: [\n  - id: REQ-950\n');
  writeFileSync(
    join(model, 'zz-duplicate-key.yaml'),
    'user_needs:\n  - id: UN-950\n    title: A\n    title: B\n',
  );
  writeFileSync(join(model, 'zz-future.yaml'), 'schema_version: 9\nuser_needs: []\n');
  writeFileSync(
    join(model, 'zz-latin1.yaml'),
    Buffer.from('user_needs:\n  - id: UN-951\n    title: caf\xe9\n', 'latin1'),
  );
  writeFileSync(
    join(model, 'zz-config.yaml'),
    'config:\n  rules:\n    glob-selector: off\n    no-such-rule: warning\n  annotation_patterns: ["@verifies {id}", "@covers"]\n',
  );
  writeFileSync(
    join(model, 'pump', 'annotated.py'),
    '# @verifies REQ-001\n# @verifies REQ-999\n# @verifies REQ-001, REQ-002\n# @implements RISK-001\n',
  );
  return model;
}

/** One seeded edit of a model file: a value, an id, a link, a selector or a line. */
function randomEdit(model: string, rnd: () => number): void {
  const files = listModelFiles(model).files.filter((f) => !f.endsWith('rr.yaml'));
  const file = pick(rnd, files);
  const lines = readFileSync(file, 'utf8').split('\n');
  const from = Math.floor(rnd() * lines.length);
  const at = (re: RegExp) => lines.findIndex((l, n) => n >= from && re.test(l));
  const ids = [...new Set(lines.join('\n').match(ID) ?? [])];
  switch (Math.floor(rnd() * 5)) {
    case 0: {
      const i = at(/^\s+(status|level|severity|likelihood): /);
      if (i >= 0)
        lines[i] = lines[i]!.replace(/: .*$/, `: ${pick(rnd, ['obsolete', 'draft', 'bogus', 'system'])}`);
      break;
    }
    case 1: {
      // An id renamed: what named it dangles.
      const i = at(/^\s+- id: /);
      if (i >= 0) lines[i] = lines[i]!.replace(ID, (id) => `${id.slice(0, -1)}9`);
      break;
    }
    case 2: {
      const i = at(/^\s+- id: REQ-/);
      if (i >= 0 && ids.length > 0)
        lines.splice(i + 1, 0, `${lines[i]!.match(/^\s+/)![0]}  refines: ${pick(rnd, ids)}`);
      break;
    }
    case 3: {
      const i = at(/cases:|^\s+- [A-Za-z]+\//);
      if (i >= 0)
        lines[i] = lines[i]!.replace(/[A-Za-z_]+\/[A-Za-z_*]+/, pick(rnd, ['Shared/*', 'RateTest/*', 'X/y']));
      break;
    }
    default:
      if (lines.length > 20) lines.splice(from, 1);
  }
  writeFileSync(file, lines.join('\n'));
}

function edit(file: string, change: (text: string) => string): void {
  writeFileSync(file, change(readFileSync(file, 'utf8')));
}

/**
 * Writes a larger model into `dir`: `files` files of needs, requirements, risks and mitigations, about
 * `entities` in all, with seeded random links (some dangling, of the wrong kind, or in cycles) and
 * claims on shared targets (some overlapping). Returns its folder.
 */
export function writeLargeModel(dir: string, entities: number, files: number, seed: number): string {
  const rnd = random(seed);
  const kinds = [
    ['user_needs', 'UN'],
    ['requirements', 'REQ'],
    ['risks', 'RISK'],
    ['mitigations', 'MIT'],
  ] as const;
  const id = (prefix: string, i: number) => `${prefix}-${String(i).padStart(5, '0')}`;
  const per = Math.ceil(entities / files);
  const sections = new Map<string, string[]>();
  for (let i = 0; i < entities; i++) {
    const [section, prefix] = kinds[i % 7 === 0 ? 0 : i % 11 === 0 ? 2 : i % 13 === 0 ? 3 : 1]!;
    const file = `part-${String(Math.floor(i / per)).padStart(3, '0')}.yaml`;
    const lines = [`  - id: ${id(prefix, i)}`, `    title: ${prefix} ${i}`];
    const earlier = () => Math.floor(rnd() * Math.max(i, 1));
    if (prefix === 'REQ') {
      const r = rnd();
      const need = earlier();
      if (r < 0.5) lines.push(`    satisfies: ${id('UN', need - (need % 7))}`);
      else if (r < 0.9) lines.push(`    refines: ${id('REQ', earlier())}`);
      else lines.push(`    refines: ${id(pick(rnd, ['REQ', 'RISK', 'XX']), earlier())}`);
      lines.push(
        '    verified_by:',
        `      - target: //pkg${i % 37}:test_${i % 5}`,
        `        cases: [${rnd() < 0.05 ? 'Shared/*' : `Suite${i}/case`}]`,
      );
    } else if (prefix === 'RISK') {
      lines.push(
        '    hazard: Harm',
        `    severity: ${pick(rnd, ['minor', 'catastrophic'])}`,
        '    likelihood: remote',
      );
    } else if (prefix === 'MIT') {
      lines.push(`    mitigates: ${id('RISK', earlier())}`);
    }
    const key = `${file}\u0000${section}`;
    sections.set(key, [...(sections.get(key) ?? []), ...lines]);
  }
  const byFile = new Map<string, string[]>();
  for (const [key, lines] of sections) {
    const [file, section] = key.split('\u0000') as [string, string];
    byFile.set(file, [...(byFile.get(file) ?? ['schema_version: 1']), `${section}:`, ...lines]);
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'rr.yaml'),
    'schema_version: 1\nconfig:\n  id_pattern: "^{prefix}[0-9]{5}$"\n  severities: [minor, catastrophic]\n  likelihoods: [remote]\n  acceptable_risk_score: 1\n',
  );
  for (const [file, lines] of byFile) writeFileSync(join(dir, file), lines.join('\n') + '\n');
  return dir;
}
