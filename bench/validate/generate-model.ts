import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** How a generated model is spread: entities per sections file. */
const PER_FILE = 250;

/** A generated id's number, zero-padded to six digits (config.id_pattern of the generated model). */
export const padId = (i: number): string => String(i).padStart(6, '0');

/**
 * The shape of a generated model of about `n` entities: 10% user needs, 10% risks, 10% mitigations,
 * 2% test methods, the rest requirements. Requirements 0..mitigations-1 implement one mitigation
 * each; of the rest, even ones refine an earlier requirement and odd ones satisfy a need.
 */
export interface ModelPlan {
  needs: number;
  requirements: number;
  risks: number;
  mitigations: number;
  methods: number;
  parentOf: (i: number) => number | undefined;
  /** requirements refined by others: they claim no cases (parent-with-claims) */
  parents: Set<number>;
}

/** Plans the entities of a model of about `n` entities. */
export function planModel(n: number): ModelPlan {
  const needs = Math.max(1, Math.floor(n * 0.1));
  const risks = Math.max(1, Math.floor(n * 0.1));
  const mitigations = risks;
  const methods = Math.max(1, Math.floor(n * 0.02));
  const requirements = n - needs - risks - mitigations - methods;
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
  return { needs, requirements, risks, mitigations, methods, parentOf, parents };
}

/** What differs between generated models: the claims, and the records that validate the needs. */
export interface ModelClaims {
  /** the `verified_by` field (as YAML lines at field indentation) of a claiming entity, or none */
  verifiedBy: (kind: 'requirement' | 'mitigation', i: number) => string[];
  /** needs are validated by cases of `record:usability_<i % needRecords>` */
  needRecords: number;
  /** level of the needs' validation claims, when given */
  needLevel?: string;
}

/**
 * Writes a planned model into `dir` as sections files of 250 entities, with comments and block scalars
 * as people write them, plus `rr.yaml` holding the config.
 */
export async function writeModel(
  dir: string,
  plan: ModelPlan,
  claims: ModelClaims,
): Promise<{ files: number; entities: number; bytes: number }> {
  const { needs, requirements, risks, mitigations, methods, parentOf, parents } = plan;
  await mkdir(dir, { recursive: true });
  let files = 0;
  let bytes = 0;
  const put = async (name: string, text: string) => {
    await writeFile(join(dir, name), text);
    files++;
    bytes += Buffer.byteLength(text);
  };
  const write = async (name: string, header: string, items: string[]) => {
    for (let start = 0; start < items.length; start += PER_FILE) {
      const body = items.slice(start, start + PER_FILE).join('\n');
      await put(
        `${name}-${padId(start / PER_FILE)}.yaml`,
        `# ${name}: generated for bench\n${header}:\n${body}`,
      );
    }
  };
  await put(
    'rr.yaml',
    'schema_version: 1\nproject:\n  name: bench\nconfig:\n  id_pattern: "^{prefix}[0-9]{6}$"\n  acceptable_risk_score: 6\n',
  );
  const level = claims.needLevel ? `\n        level: ${claims.needLevel}` : '';
  const needItems = Array.from({ length: needs }, (_, i) =>
    entity(`UN-${padId(i)}`, `User need ${i}`, [
      'status: approved',
      `validated_by:\n      - target: record:usability_${i % claims.needRecords}\n        cases: ["Session/need_${i}"]${level}`,
    ]),
  );
  const reqItems = Array.from({ length: requirements }, (_, i) => {
    const fields = ['status: implemented', `method: ${i % 3 === 0 ? `TM-${padId(i % methods)}` : 'unit'}`];
    const parent = parentOf(i);
    if (parent !== undefined) fields.push(`refines: REQ-${padId(parent)}`);
    else if (i >= mitigations) fields.push(`satisfies: [UN-${padId(Math.floor(i / 2) % needs)}]`);
    if (!parents.has(i)) fields.push(...claims.verifiedBy('requirement', i));
    return entity(`REQ-${padId(i)}`, `Requirement ${i}`, fields);
  });
  const riskItems = Array.from({ length: risks }, (_, i) =>
    entity(`RISK-${padId(i)}`, `Risk ${i}`, [
      'hazard: Excess flow',
      'severity: serious',
      'likelihood: occasional',
      'residual_likelihood: remote',
      `mitigated_by: MIT-${padId(i)}`,
    ]),
  );
  const mitItems = Array.from({ length: mitigations }, (_, i) =>
    entity(`MIT-${padId(i)}`, `Mitigation ${i}`, [
      'type: protective',
      `implemented_by: [REQ-${padId(i)}]`,
      ...claims.verifiedBy('mitigation', i),
    ]),
  );
  const methodItems = Array.from({ length: methods }, (_, i) =>
    entity(`TM-${padId(i)}`, `Method ${i}`, [
      'level: system',
      'procedure: |\n      1. Set up the bench.\n      2. Run.',
    ]),
  );
  await write('user-needs', 'user_needs', needItems);
  await write('requirements', 'requirements', reqItems);
  await write('risks', 'risks', riskItems);
  await write('mitigations', 'mitigations', mitItems);
  await write('test-methods', 'test_methods', methodItems);
  return { files, entities: needs + requirements + risks + mitigations + methods, bytes };
}

/**
 * Writes a realistic valid model of about `n` entities into `dir` (see planModel), each leaf
 * requirement and mitigation claiming cases of shared test targets.
 */
export async function generateModel(dir: string, n: number): Promise<{ files: number; entities: number }> {
  const { files, entities } = await writeModel(dir, planModel(n), {
    needRecords: 50,
    verifiedBy: (kind, i) =>
      kind === 'requirement'
        ? [
            `verified_by:\n      - target: //pkg${i % 97}/sub:test_${i % 13}\n        cases:\n          - "Suite${i}/case_a"\n          - "Suite${i}/case_b"\n        level: unit`,
          ]
        : [`verified_by:\n      - target: //mit${i % 31}:effect_test\n        cases: ["Effect/mit_${i}"]`],
  });
  return { files, entities };
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
