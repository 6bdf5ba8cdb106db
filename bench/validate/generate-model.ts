import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** How a generated model is spread: entities per sections file. */
const PER_FILE = 250;

/**
 * Writes a realistic valid model of about `n` entities into `dir`: 10% user needs, 60% requirements
 * (half refining a parent, all with per-case claims on shared test targets), 10% risks, 10%
 * mitigations, the rest test methods; comments and block scalars as people write them.
 */
export async function generateModel(dir: string, n: number): Promise<{ files: number; entities: number }> {
  const needs = Math.max(1, Math.floor(n * 0.1));
  const risks = Math.max(1, Math.floor(n * 0.1));
  const mitigations = risks;
  const methods = Math.max(1, Math.floor(n * 0.02));
  const requirements = n - needs - risks - mitigations - methods;
  await mkdir(dir, { recursive: true });
  const pad = (i: number) => String(i).padStart(6, '0');
  let files = 0;
  const write = async (name: string, header: string, items: string[]) => {
    for (let start = 0; start < items.length; start += PER_FILE) {
      const body = items.slice(start, start + PER_FILE).join('\n');
      await writeFile(
        join(dir, `${name}-${pad(start / PER_FILE)}.yaml`),
        `# ${name}: generated for bench\n${header}:\n${body}`,
      );
      files++;
    }
  };
  await writeFile(
    join(dir, 'rr.yaml'),
    'schema_version: 1\nproject:\n  name: bench\nconfig:\n  id_pattern: "^{prefix}[0-9]{6}$"\n  acceptable_risk_score: 6\n',
  );
  files++;
  const needItems = Array.from({ length: needs }, (_, i) =>
    entity(`UN-${pad(i)}`, `User need ${i}`, [
      'status: approved',
      `validated_by:\n      - target: record:usability_${i % 50}\n        cases: ["Session/need_${i}"]`,
    ]),
  );
  // Requirements 0..mitigations-1 implement one mitigation each; of the rest, even ones refine an
  // earlier requirement and odd ones satisfy a need. Only leaves claim cases (parent-with-claims).
  const parentOf = (i: number): number | undefined => {
    if (i < mitigations || i % 2 !== 0) return undefined;
    const parent = i - Math.floor((i - mitigations) / 2) - 1;
    return parent >= mitigations && parent !== i ? parent : undefined;
  };
  const parents = new Set<number>();
  for (let i = 0; i < requirements; i++) {
    const p = parentOf(i);
    if (p !== undefined) parents.add(p);
  }
  const reqItems = Array.from({ length: requirements }, (_, i) => {
    const fields = ['status: implemented', `method: ${i % 3 === 0 ? `TM-${pad(i % methods)}` : 'unit'}`];
    const parent = parentOf(i);
    if (parent !== undefined) fields.push(`refines: REQ-${pad(parent)}`);
    else if (i >= mitigations) fields.push(`satisfies: [UN-${pad(Math.floor(i / 2) % needs)}]`);
    if (!parents.has(i)) {
      fields.push(
        `verified_by:\n      - target: //pkg${i % 97}/sub:test_${i % 13}\n        cases:\n          - "Suite${i}/case_a"\n          - "Suite${i}/case_b"\n        level: unit`,
      );
    }
    return entity(`REQ-${pad(i)}`, `Requirement ${i}`, fields);
  });
  const riskItems = Array.from({ length: risks }, (_, i) =>
    entity(`RISK-${pad(i)}`, `Risk ${i}`, [
      'hazard: Excess flow',
      'severity: serious',
      'likelihood: occasional',
      'residual_likelihood: remote',
      `mitigated_by: MIT-${pad(i)}`,
    ]),
  );
  const mitItems = Array.from({ length: mitigations }, (_, i) =>
    entity(`MIT-${pad(i)}`, `Mitigation ${i}`, [
      'type: protective',
      `implemented_by: [REQ-${pad(i)}]`,
      `verified_by:\n      - target: //mit${i % 31}:effect_test\n        cases: ["Effect/mit_${i}"]`,
    ]),
  );
  const methodItems = Array.from({ length: methods }, (_, i) =>
    entity(`TM-${pad(i)}`, `Method ${i}`, [
      'level: system',
      'procedure: |\n      1. Set up the bench.\n      2. Run.',
    ]),
  );
  await write('user-needs', 'user_needs', needItems);
  await write('requirements', 'requirements', reqItems);
  await write('risks', 'risks', riskItems);
  await write('mitigations', 'mitigations', mitItems);
  await write('test-methods', 'test_methods', methodItems);
  return { files, entities: needs + requirements + risks + mitigations + methods };
}

function entity(id: string, title: string, fields: string[]): string {
  return [
    `  # ---- ${id} ----`,
    `  - id: ${id}`,
    `    title: ${title}`,
    `    description: >-\n      ${title} described over\n      two folded lines.`,
    ...fields.map((f) => `    ${f}`),
    '',
  ].join('\n');
}
