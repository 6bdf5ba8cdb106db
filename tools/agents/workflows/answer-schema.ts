// A workflow's answer schema (schemas/agent-<workflow>.schema.json): sent to the model as the structured
// output format, and checked here again with Ajv, because rr takes nothing on trust. An item of a list
// that does not match is left out and said so; an answer whose shape is wrong as a whole fails the job.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { bundledSchema } from '../../model/bundled-schema.js';
import { LlmCallError } from '../llm/llm-call-error.js';

/** An answer checked against its schema, with the items left out and why. */
export interface CheckedAnswer {
  value: Record<string, unknown>;
  left_out: string[];
}

/** A workflow's answer schema. */
export interface AnswerSchema {
  /** the schema as sent to the Messages API (without $schema, $id and title) */
  vendor: Record<string, unknown>;
  check(answer: unknown): CheckedAnswer;
}

const loaded = new Map<string, AnswerSchema>();

/** The answer schema of a workflow, compiled once. */
export function answerSchema(workflow: string): AnswerSchema {
  let schema = loaded.get(workflow);
  if (!schema) {
    schema = compile(bundledSchema(`agent-${workflow}.schema.json`));
    loaded.set(workflow, schema);
  }
  return schema;
}

function compile(full: Record<string, unknown>): AnswerSchema {
  const ajv = new Ajv2020({ allErrors: false, strict: true, allowUnionTypes: true });
  const whole = ajv.compile(full);
  const id = String(full.$id);
  const vendor = { ...full };
  for (const key of ['$schema', '$id', 'title']) delete vendor[key];
  // Lists whose items are one $def: such an item can be left out alone.
  const lists = new Map<string, { def: string; check: ValidateFunction }>();
  for (const [name, prop] of Object.entries(
    (full.properties ?? {}) as Record<string, { items?: { $ref?: string } }>,
  )) {
    const ref = prop.items?.$ref;
    if (ref?.startsWith('#/$defs/'))
      lists.set(name, { def: ref.slice('#/$defs/'.length), check: ajv.getSchema(`${id}${ref}`)! });
  }
  return {
    vendor,
    check(answer) {
      if (whole(answer)) return { value: answer as Record<string, unknown>, left_out: [] };
      if (!answer || typeof answer !== 'object' || Array.isArray(answer))
        throw new LlmCallError('bad-answer', "the model's answer is not a JSON object");
      const value = { ...(answer as Record<string, unknown>) };
      const left_out: string[] = [];
      for (const [name, list] of lists) {
        const items = value[name];
        if (!Array.isArray(items)) continue;
        value[name] = items.filter((item, i) => {
          if (list.check(item)) return true;
          const field = protectedProposalField(item);
          left_out.push(
            field
              ? `${name}[${i}]: its proposal would change ${field}, and proposals may not change verification sets (verified_by, validated_by); a person edits them in the entity's form, where the one-owner checks apply`
              : `${name}[${i}] does not match the ${list.def} schema: ${errorText(list.check.errors)}`,
          );
          return false;
        });
      }
      if (!whole(value))
        throw new LlmCallError(
          'bad-answer',
          `the model's answer does not match its schema: ${errorText(whole.errors)}`,
        );
      return { value, left_out };
    },
  };
}

/**
 * verified_by or validated_by named by an item's proposal (as a changed field or a key), else undefined:
 * the schema refuses them, but Ajv's first error then names another branch of the proposal's anyOf.
 */
function protectedProposalField(item: unknown): string | undefined {
  const proposal = isObject(item) ? item.proposal : undefined;
  if (!isObject(proposal)) return undefined;
  const names = [
    ...Object.keys(proposal),
    ...(Array.isArray(proposal.fields)
      ? proposal.fields.map((f) => (isObject(f) ? f.field : undefined))
      : []),
  ];
  return names.find((n): n is string => n === 'verified_by' || n === 'validated_by');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorText(errors: ErrorObject[] | null | undefined): string {
  const e = errors?.[0];
  if (!e) return 'no detail';
  const where = e.instancePath === '' ? 'the answer' : e.instancePath;
  const extra = e.keyword === 'additionalProperties' ? ` (${String(e.params.additionalProperty)})` : '';
  return `${where} ${e.message ?? e.keyword}${extra}`;
}
