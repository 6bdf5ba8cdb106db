import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** How a sections layout is spread: entities per sections file (42 files at 10,000 entities with the needs and config files). */
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

/** One claim of a generated verification set, as the model writes it. */
export interface GeneratedClaim {
  target: string;
  cases?: string[];
  whole?: true;
  reason?: string;
  level?: string;
}

/** What differs between generated models: the claims, and the records that validate the needs. */
export interface ModelClaims {
  /** the `verified_by` claims of a claiming entity (none: it claims nothing) */
  verifiedBy: (kind: 'requirement' | 'mitigation', i: number) => GeneratedClaim[];
  /** needs are validated by cases of `record:usability_<i % needRecords>` */
  needRecords: number;
  /** level of the needs' validation claims, when given */
  needLevel?: string;
}

/** How the entities are spread over files. */
export type ModelLayout = 'one-file' | 'sections' | 'per-entity';

/** How the files are written: YAML with or without comments and folded block scalars, or JSON. */
export type ModelFormat = 'yaml-comments' | 'yaml-plain' | 'yaml-folded' | 'yaml-comments-folded' | 'json';

/** Where and how a model is written. */
export interface ModelShape {
  layout: ModelLayout;
  format: ModelFormat;
}

/** The shape the validate and report benches have always used: sections files, comments, folded text. */
export const SECTIONS_COMMENTED: ModelShape = { layout: 'sections', format: 'yaml-comments-folded' };

type Section = 'user_needs' | 'requirements' | 'risks' | 'mitigations' | 'test_methods';

const KIND_OF: Record<Section, string> = {
  user_needs: 'user_need',
  requirements: 'requirement',
  risks: 'risk',
  mitigations: 'mitigation',
  test_methods: 'test_method',
};

/** One generated entity: its section, and its fields in the order they are written. */
interface GeneratedEntity {
  section: Section;
  fields: Record<string, unknown>;
}

const CONFIG = {
  schema_version: 1,
  project: { name: 'bench' },
  config: { id_pattern: '^{prefix}[0-9]{6}$', acceptable_risk_score: 6 },
};

/** The planned entities as data, in model order. */
function plannedEntities(plan: ModelPlan, claims: ModelClaims): GeneratedEntity[] {
  const { needs, requirements, risks, mitigations, methods, parentOf, parents } = plan;
  const out: GeneratedEntity[] = [];
  const described = (id: string, title: string) => ({
    id,
    title,
    description: `${title} described over two folded lines.`,
  });
  for (let i = 0; i < needs; i++) {
    const claim: GeneratedClaim = {
      target: `record:usability_${i % claims.needRecords}`,
      cases: [`Session/need_${i}`],
    };
    if (claims.needLevel) claim.level = claims.needLevel;
    out.push({
      section: 'user_needs',
      fields: { ...described(`UN-${padId(i)}`, `User need ${i}`), status: 'approved', validated_by: [claim] },
    });
  }
  for (let i = 0; i < requirements; i++) {
    const fields: Record<string, unknown> = {
      ...described(`REQ-${padId(i)}`, `Requirement ${i}`),
      status: 'implemented',
      method: i % 3 === 0 ? `TM-${padId(i % methods)}` : 'unit',
    };
    const parent = parentOf(i);
    if (parent !== undefined) fields.refines = `REQ-${padId(parent)}`;
    else if (i >= mitigations) fields.satisfies = [`UN-${padId(Math.floor(i / 2) % needs)}`];
    const verifiedBy = parents.has(i) ? [] : claims.verifiedBy('requirement', i);
    if (verifiedBy.length > 0) fields.verified_by = verifiedBy;
    out.push({ section: 'requirements', fields });
  }
  for (let i = 0; i < risks; i++) {
    out.push({
      section: 'risks',
      fields: {
        ...described(`RISK-${padId(i)}`, `Risk ${i}`),
        hazard: 'Excess flow',
        severity: 'serious',
        likelihood: 'occasional',
        residual_likelihood: 'remote',
        mitigated_by: `MIT-${padId(i)}`,
      },
    });
  }
  for (let i = 0; i < mitigations; i++) {
    const fields: Record<string, unknown> = {
      ...described(`MIT-${padId(i)}`, `Mitigation ${i}`),
      type: 'protective',
      implemented_by: [`REQ-${padId(i)}`],
    };
    const verifiedBy = claims.verifiedBy('mitigation', i);
    if (verifiedBy.length > 0) fields.verified_by = verifiedBy;
    out.push({ section: 'mitigations', fields });
  }
  for (let i = 0; i < methods; i++) {
    out.push({
      section: 'test_methods',
      fields: {
        ...described(`TM-${padId(i)}`, `Method ${i}`),
        level: 'system',
        procedure: '1. Set up the bench.\n2. Run.',
      },
    });
  }
  return out;
}

/** A YAML scalar: plain where the block reader and the yaml package read it as the same string. */
function yamlScalar(value: unknown): string {
  if (typeof value !== 'string') return String(value);
  return /^[A-Za-z][A-Za-z0-9 ._-]*$/.test(value) && !/^(true|false|null|yes|no)$/i.test(value)
    ? value
    : JSON.stringify(value);
}

/** The lines of one entity's fields at indentation `pad` (the first line's pad is the caller's). */
function yamlFields(entity: GeneratedEntity, pad: string, format: ModelFormat): string[] {
  const folded = format === 'yaml-folded' || format === 'yaml-comments-folded';
  const comments = format === 'yaml-comments' || format === 'yaml-comments-folded';
  const lines: string[] = [];
  for (const [key, value] of Object.entries(entity.fields)) {
    if ((key === 'description' || key === 'procedure') && folded) {
      const text = value as string;
      const body =
        key === 'procedure'
          ? text.split('\n')
          : [text.slice(0, text.indexOf(' over') + 5), text.slice(text.indexOf(' over') + 6)];
      lines.push(`${pad}${key}: ${key === 'procedure' ? '|' : '>-'}`, ...body.map((l) => `${pad}  ${l}`));
    } else if (key === 'verified_by' || key === 'validated_by') {
      lines.push(`${pad}${key}:`);
      for (const claim of value as GeneratedClaim[]) {
        const item = Object.entries(claim).flatMap(([k, v]) =>
          k === 'cases'
            ? (v as string[]).length > 1
              ? [`${k}:`, ...(v as string[]).map((c) => `  - ${JSON.stringify(c)}`)]
              : [`${k}: [${(v as string[]).map((c) => JSON.stringify(c)).join(', ')}]`]
            : [`${k}: ${yamlScalar(v)}`],
        );
        lines.push(...item.map((l, n) => `${pad}  ${n === 0 ? '- ' : '  '}${l}`));
      }
    } else if (Array.isArray(value)) {
      lines.push(`${pad}${key}: [${value.map(yamlScalar).join(', ')}]`);
    } else {
      const comment = comments && key === 'status' ? '  # reviewed' : '';
      lines.push(`${pad}${key}: ${yamlScalar(value)}${comment}`);
    }
  }
  return lines;
}

/** A sections document of some entities, in the given format. */
function sectionsDocument(entities: GeneratedEntity[], format: ModelFormat, head: object): string {
  if (format === 'json') {
    const doc: Record<string, unknown> = { ...head };
    for (const e of entities) ((doc[e.section] ??= []) as unknown[]).push(e.fields);
    return `${JSON.stringify(doc, null, 2)}\n`;
  }
  const comments = format === 'yaml-comments' || format === 'yaml-comments-folded';
  const lines: string[] = comments ? ['# generated for bench'] : [];
  if (Object.keys(head).length > 0) lines.push(...configYaml().trimEnd().split('\n'));
  let section: Section | undefined;
  for (const e of entities) {
    if (e.section !== section) lines.push(`${(section = e.section)}:`);
    if (comments) lines.push(`  # ---- ${e.fields.id as string} ----`);
    const fields = yamlFields(e, '    ', format);
    lines.push(`  - ${fields[0]!.trimStart()}`, ...fields.slice(1), ...(comments ? [''] : []));
  }
  return `${lines.join('\n')}\n`;
}

/** One entity as a single-object document. */
function singleObjectDocument(entity: GeneratedEntity, format: ModelFormat): string {
  const kind = KIND_OF[entity.section];
  if (format === 'json') return `${JSON.stringify({ kind, ...entity.fields }, null, 2)}\n`;
  const comments = format === 'yaml-comments' || format === 'yaml-comments-folded';
  const head = comments ? [`# ---- ${entity.fields.id as string} ----`] : [];
  return `${[...head, `kind: ${kind}`, ...yamlFields(entity, '', format)].join('\n')}\n`;
}

function configYaml(): string {
  return 'schema_version: 1\nproject:\n  name: bench\nconfig:\n  id_pattern: "^{prefix}[0-9]{6}$"\n  acceptable_risk_score: 6\n';
}

/** The files of a planned model: name → text, in writing order. */
export function modelFiles(plan: ModelPlan, claims: ModelClaims, shape: ModelShape): Map<string, string> {
  const { layout, format } = shape;
  const ext = format === 'json' ? 'json' : 'yaml';
  const entities = plannedEntities(plan, claims);
  const files = new Map<string, string>();
  if (layout === 'one-file') {
    files.set(`model.${ext}`, sectionsDocument(entities, format, CONFIG));
    return files;
  }
  files.set(`rr.${ext}`, format === 'json' ? `${JSON.stringify(CONFIG, null, 2)}\n` : configYaml());
  const bySection = new Map<Section, GeneratedEntity[]>();
  for (const e of entities) bySection.set(e.section, [...(bySection.get(e.section) ?? []), e]);
  for (const [section, list] of bySection) {
    const name = section.replace('_', '-');
    if (layout === 'per-entity') {
      for (const e of list)
        files.set(`${name}/${e.fields.id as string}.${ext}`, singleObjectDocument(e, format));
    } else {
      for (let start = 0; start < list.length; start += PER_FILE)
        files.set(
          `${name}-${padId(start / PER_FILE)}.${ext}`,
          sectionsDocument(list.slice(start, start + PER_FILE), format, {}),
        );
    }
  }
  return files;
}

/** Writes a planned model into `dir` in the given shape (by default sections files with comments). */
export async function writeModel(
  dir: string,
  plan: ModelPlan,
  claims: ModelClaims,
  shape: ModelShape = SECTIONS_COMMENTED,
): Promise<{ files: number; entities: number; bytes: number }> {
  let bytes = 0;
  const files = modelFiles(plan, claims, shape);
  for (const [name, text] of files) {
    const path = join(dir, name);
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, text);
    bytes += Buffer.byteLength(text);
  }
  const { needs, requirements, risks, mitigations, methods } = plan;
  return { files: files.size, entities: needs + requirements + risks + mitigations + methods, bytes };
}

/** The claims of bench/validate's models: each leaf requirement and mitigation claims shared targets. */
export const VALIDATE_CLAIMS: ModelClaims = {
  needRecords: 50,
  verifiedBy: (kind, i) =>
    kind === 'requirement'
      ? [
          {
            target: `//pkg${i % 97}/sub:test_${i % 13}`,
            cases: [`Suite${i}/case_a`, `Suite${i}/case_b`],
            level: 'unit',
          },
        ]
      : [{ target: `//mit${i % 31}:effect_test`, cases: [`Effect/mit_${i}`] }],
};

/**
 * Writes a realistic valid model of about `n` entities into `dir` (see planModel), each leaf
 * requirement and mitigation claiming cases of shared test targets.
 */
export async function generateModel(
  dir: string,
  n: number,
  shape: ModelShape = SECTIONS_COMMENTED,
): Promise<{ files: number; entities: number; bytes: number }> {
  return writeModel(dir, planModel(n), VALIDATE_CLAIMS, shape);
}
