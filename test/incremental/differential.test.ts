// The incremental engine against the batch analysis: random edit sequences (field edits, id renames,
// lines added and removed, files added and deleted, evidence changed, normative and other edits of
// linked entities, review stamps cleared, dropped, doubled, broken or removed) on a copy of the
// example under change control; after every step the engine's diagnostics must equal a fresh batch
// run's (rr validate's without evidence, rr report's with it): same codes, severities, messages,
// positions and order, suspect-link included; and so must its model (its review stamps too), its rule
// context (claims, trace links), its verdicts (suspect sets included) and its gaps.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkReviews } from '../../tools/change-control/link-reviews.js';
import { clearedStampsText } from '../../tools/change-control/stamp-changes.js';
import type { Evidence } from '../../tools/evidence/test-case.js';
import { syncEngineWithDisk } from '../../tools/incremental/engine-from-disk.js';
import { ModelEngine } from '../../tools/incremental/model-engine.js';
import { loadModel } from '../../tools/model/load-model.js';
import type { Model } from '../../tools/model/model.js';
import { listModelFiles } from '../../tools/model/model-files.js';
import { reviewStampsPathOf } from '../../tools/model/review-stamps.js';
import { validateModel } from '../../tools/validate/validate-model.js';
import { analyze, type Analysis } from '../../tools/verify/analyze.js';
import { loadInputs } from '../../tools/verify/inputs.js';
import type { VerificationLock } from '../../tools/verify/verification-lock-file.js';
import { tempDir } from '../temp-dir.js';
import { expectEngineAsBatch } from './batch-agreement.js';

const EXAMPLE = join(import.meta.dirname, '../../examples/infusion-pump');
const ID = /\b(?:UN|REQ|RISK|MIT|TM)-\d{3}\b/g;

/** A small deterministic random source, so a failing sequence can be replayed by its seed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface World {
  dir: string;
  rnd: () => number;
  evidence: Evidence | undefined;
  fullEvidence: Evidence;
  lock: VerificationLock | undefined;
  log: string[];
}

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

function modelFiles(dir: string): string[] {
  return listModelFiles(dir).files;
}

function idsIn(dir: string): string[] {
  const ids = new Set<string>();
  for (const f of modelFiles(dir)) for (const m of readFileSync(f, 'utf8').matchAll(ID)) ids.add(m[0]);
  return [...ids].sort();
}

/** One random edit of the copy on disk (or of the evidence); returns what it did, for the failure message. */
async function randomEdit(w: World): Promise<string> {
  const { rnd, dir } = w;
  const files = modelFiles(dir);
  const file = pick(rnd, files);
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const kind = Math.floor(rnd() * 14);
  const name = file.slice(dir.length + 1);
  switch (kind) {
    case 0: {
      // A field's value: a title, status or level changes.
      const i = lines.findIndex(
        (l, n) => n >= Math.floor(rnd() * lines.length) && /^\s+(title|status|level): /.test(l),
      );
      if (i < 0) return 'no field';
      const value = pick(rnd, ['obsolete', 'approved', 'draft', 'integration', 'nonsense', 'Edited title']);
      lines[i] = lines[i]!.replace(/: .*$/, `: ${value}`);
      writeFileSync(file, lines.join('\n'));
      return `${name}:${i + 1} field → ${value}`;
    }
    case 1: {
      // A reference: one id written somewhere becomes another (or an unknown one).
      const hits = [...text.matchAll(ID)];
      if (hits.length === 0) return 'no id';
      const hit = pick(rnd, hits);
      const to = rnd() < 0.2 ? 'REQ-999' : pick(rnd, idsIn(dir));
      writeFileSync(file, text.slice(0, hit.index) + to + text.slice(hit.index! + hit[0].length));
      return `${name}@${hit.index} ${hit[0]} → ${to}`;
    }
    case 2: {
      // A rename: an id everywhere it is written, in every file.
      const from = pick(rnd, idsIn(dir));
      const to = from.replace(/\d{3}$/, String(700 + Math.floor(rnd() * 200)));
      for (const f of files) {
        const t = readFileSync(f, 'utf8');
        if (t.includes(from)) writeFileSync(f, t.replaceAll(new RegExp(`\\b${from}\\b`, 'g'), to));
      }
      return `rename ${from} → ${to}`;
    }
    case 3: {
      // Lines move: a comment or blank line goes in (YAML), or a line goes out (anything may break).
      const at = Math.floor(rnd() * lines.length);
      if (file.endsWith('.json') || rnd() < 0.5) lines.splice(at, 1);
      else lines.splice(at, 0, rnd() < 0.5 ? '' : '# a comment');
      writeFileSync(file, lines.join('\n'));
      return `${name}:${at + 1} line added or removed`;
    }
    case 4: {
      // A new file with a requirement linked to some entity (its id may already be taken).
      const id = `REQ-${String(800 + Math.floor(rnd() * 20))}`;
      const parent = pick(rnd, idsIn(dir));
      const body = `requirements:\n  - id: ${id}\n    title: Added\n    satisfies: ${parent}\n    refines: ${pick(rnd, idsIn(dir))}\n    verified_by:\n      - target: //pump/dosing:rate_test\n        cases: [RateTest/${pick(rnd, ['a', 'b', '*'])}]\n`;
      const path = join(dir, `added-${Math.floor(rnd() * 5)}.yaml`);
      writeFileSync(path, body);
      return `add ${path.slice(dir.length + 1)} (${id})`;
    }
    case 5: {
      if (files.length < 3) return 'kept files';
      rmSync(file);
      return `delete ${name}`;
    }
    case 6: {
      // Evidence: none, all of it, or all but one target.
      const r = rnd();
      if (r < 0.3) w.evidence = undefined;
      else if (r < 0.6) w.evidence = w.fullEvidence;
      else {
        const targets = new Map(w.fullEvidence.targets);
        const drop = pick(rnd, [...targets.keys()]);
        targets.delete(drop);
        w.evidence = { ...w.fullEvidence, targets };
        return `evidence without ${drop}`;
      }
      return `evidence ${w.evidence ? 'on' : 'off'}`;
    }
    case 7: {
      // A claim's case selector changes (may start to overlap another entity's).
      const i = lines.findIndex(
        (l, n) => n >= Math.floor(rnd() * lines.length) && /cases:|^\s+- [A-Za-z]+\//.test(l),
      );
      if (i < 0) return 'no cases';
      lines[i] = lines[i]!.replace(/[A-Za-z_]+\/[A-Za-z_*]+/, pick(rnd, ['Shared/*', 'RateTest/*', 'X/y']));
      writeFileSync(file, lines.join('\n'));
      return `${name}:${i + 1} selector`;
    }
    case 10: {
      // A normative field of some entity: the links resting on it turn suspect.
      const i = lines.findIndex(
        (l, n) => n >= Math.floor(rnd() * lines.length) && /^\s+(title|rationale|category|type): \S/.test(l),
      );
      if (i < 0) return 'no normative field';
      lines[i] = `${lines[i]} (rev ${Math.floor(rnd() * 3)})`;
      writeFileSync(file, lines.join('\n'));
      return `${name}:${i + 1} normative edit`;
    }
    case 11: {
      // A field no fingerprint covers (owner, tags): nothing turns suspect.
      const i = lines.findIndex(
        (l, n) => n >= Math.floor(rnd() * lines.length) && /^\s+(owner|tags): /.test(l),
      );
      if (i < 0) return 'no owner or tags';
      lines[i] = lines[i]!.replace(/: .*$/, pick(rnd, [': Raj Patel', ': [alarms, reviewed]']));
      writeFileSync(file, lines.join('\n'));
      return `${name}:${i + 1} non-normative edit`;
    }
    case 12:
      return clearLinks(w, rnd() < 0.3 ? 'all' : 'some');
    case 13:
      return changeStamps(w);
    default: {
      // A refines link to a random requirement (cycles appear).
      const i = lines.findIndex((l, n) => n >= Math.floor(rnd() * lines.length) && /^\s+- id: REQ-/.test(l));
      if (i < 0) return 'no requirement';
      const indent = lines[i]!.match(/^\s+/)![0];
      lines.splice(
        i + 1,
        0,
        `${indent}  refines: ${pick(
          rnd,
          idsIn(dir).filter((x) => x.startsWith('REQ-')),
        )}`,
      );
      writeFileSync(file, lines.join('\n'));
      return `${name}:${i + 2} refines added`;
    }
  }
}

const REVIEWER = 'Jane Doe <jane@example.com>';

/** Marks links reviewed, as `rr suspect clear` does: every link not reviewed, or a random half of them. */
async function clearLinks(w: World, which: 'all' | 'some'): Promise<string> {
  const model = await loadModel(w.dir);
  const reviews = linkReviews(model);
  const open = reviews.filter((r) => r.state !== 'reviewed');
  const cleared = which === 'all' ? open : open.filter(() => w.rnd() < 0.5);
  const at = `2026-0${1 + Math.floor(w.rnd() * 9)}-01T00:00:00Z`;
  // Where loadModel reads them: beside the lock while rr.yaml names one, else in the model's folder.
  writeFileSync(
    reviewStampsPathOf(model, true),
    clearedStampsText(model, reviews, cleared, { by: REVIEWER, at }),
  );
  return `clear ${which} (${cleared.length} links)`;
}

/** The stamps file changed outside a clear: a stamp dropped, a second stamp (a union merge), a bad line, no file. */
async function changeStamps(w: World): Promise<string> {
  const path = reviewStampsPathOf(await loadModel(w.dir), true);
  if (!existsSync(path)) return clearLinks(w, 'all');
  const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
  const stamps = lines.map((l, i) => [l, i] as const).filter(([l]) => l.startsWith('{"parent"'));
  const r = w.rnd();
  if (r < 0.1) {
    rmSync(path);
    return 'stamps removed';
  }
  if (r < 0.2) {
    lines.push('not a stamp');
    writeFileSync(path, lines.join('\n') + '\n');
    return 'stamps: a bad line';
  }
  if (stamps.length === 0) return 'no stamps';
  const [line, at] = pick(w.rnd, stamps);
  if (r < 0.6) {
    lines.splice(at, 1);
    writeFileSync(path, lines.join('\n') + '\n');
    return `stamp dropped: ${line.slice(0, 60)}`;
  }
  // An older review of the same link against other text, as a union merge of two branches leaves it.
  const stamp = JSON.parse(line) as { fields: Record<string, string>; at: string };
  const fields = Object.fromEntries(Object.keys(stamp.fields).map((f) => [f, '0000000000000000']));
  lines.push(
    JSON.stringify({ ...stamp, fields, at: pick(w.rnd, ['2025-01-01T00:00:00Z', '2027-01-01T00:00:00Z']) }),
  );
  writeFileSync(path, lines.join('\n') + '\n');
  return `stamp doubled: ${line.slice(0, 60)}`;
}

/** A fresh batch run: the model, the diagnostics and the verdicts (with the evidence, when there is some). */
async function batchRun(w: World): Promise<{ model: Model; diagnostics: unknown; analysis: Analysis }> {
  const model = await loadModel(w.dir);
  if (!w.evidence) return { model, diagnostics: validateModel(model), analysis: analyze({ model }) };
  const analysis = analyze({ model, evidence: w.evidence, ...(w.lock ? { lock: w.lock } : {}) });
  return { model, diagnostics: analysis.diagnostics, analysis };
}

describe('the incremental engine', () => {
  it.each([1, 2, 3, 4, 5, 6])(
    'gives the batch diagnostics after every random edit (seed %i)',
    async (seed) => {
      const dir = tempDir('rr-incremental-');
      cpSync(EXAMPLE, dir, { recursive: true });
      const inputs = await loadInputs({ model: dir, evidence: join(dir, 'bazel-testlogs') });
      const w: World = {
        dir,
        rnd: random(seed),
        evidence: inputs.evidence,
        fullEvidence: inputs.evidence!,
        lock: inputs.lock,
        log: [],
      };
      const engine = new ModelEngine(dir);
      // Change control starts with the first step; later steps change, clear, drop and remove stamps.
      w.log.push(await clearLinks(w, 'all'));
      let suspect = 0;
      for (let step = 0; step < 40; step++) {
        // Every file is read again; texts that did not change are no change to the engine.
        syncEngineWithDisk(engine);
        engine.setEvidence(w.evidence, w.evidence ? w.lock : undefined);
        const expected = await batchRun(w);
        const message = `seed ${seed} after: ${w.log.join('; ')}`;
        const diagnostics = engine.diagnostics();
        expect(diagnostics, message).toEqual(expected.diagnostics);
        // The model, its indexes and the verdicts too: the language server and the editor read them.
        expectEngineAsBatch(engine, expected.model, message);
        const analysis = engine.analysis();
        expect(analysis.entities, message).toEqual(expected.analysis.entities);
        expect(analysis.gaps, message).toEqual(expected.analysis.gaps);
        expect(analysis.counts, message).toEqual(expected.analysis.counts);
        suspect += diagnostics.filter((d) => d.rule === 'suspect-link').length;
        w.log.push(await randomEdit(w));
      }
      // The sequence did put links in question (else it proved nothing about them).
      expect(suspect).toBeGreaterThan(0);
    },
  );

  it('composes only the changed file again and leaves other files’ rules alone', async () => {
    const dir = tempDir('rr-incremental-');
    cpSync(EXAMPLE, dir, { recursive: true });
    const engine = new ModelEngine(dir);
    syncEngineWithDisk(engine);
    engine.diagnostics();
    const composedBefore = engine.runs.get('composed') ?? 0;
    const rulesBefore = engine.runs.get('unitRules') ?? 0;
    const file = join(dir, 'requirements.yaml');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('Continuous infusion by rate and volume', 'Continuous infusion'),
    );
    syncEngineWithDisk(engine, new Map(), (f) => f === file);
    const after = engine.diagnostics();
    expect(engine.runs.get('composed')! - composedBefore).toBe(1);
    expect(engine.runs.get('unitRules')! - rulesBefore).toBe(1);
    expect(after).toEqual(validateModel(await loadModel(dir)));
  });
});
