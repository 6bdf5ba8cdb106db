// POST /api/agents/run's body (and `rr review`'s flags) checked against the workflow: its scope, the
// entity's kind, the assistant's description, the worksheet path, and whether an LLM is there.
import { KIND_WORDS } from '../../model/entity.js';
import { lexicalRefusal } from '../../sources/repository-file.js';
import type { Model } from '../../model/model.js';
import type { LlmAvailability } from '../llm/llm-availability.js';
import { workflowById, WORKFLOWS } from '../workflows/workflow-catalog.js';
import { AgentError } from './agent-error.js';
import type { JobRequest } from './job.js';

/** The raw request. */
export interface RunBody {
  workflow?: unknown;
  entity?: unknown;
  description?: unknown;
  worksheet?: unknown;
  llm?: unknown;
}

/** A run request checked; AgentError says what is wrong. */
export function checkRunRequest(body: RunBody, model: Model, llm: LlmAvailability): JobRequest {
  const id = body.workflow;
  if (typeof id !== 'string' || id === '') throw new AgentError('bad-request', '"workflow" is required');
  const workflow = workflowById(id);
  if (!workflow)
    throw new AgentError(
      'unknown-workflow',
      `no workflow "${id}"; the workflows are ${WORKFLOWS.map((w) => w.info.id).join(', ')}`,
    );
  const { info } = workflow;
  const entityId = optionalString(body.entity, 'entity');
  if (entityId !== null) {
    if (info.scope === 'model')
      throw new AgentError('bad-request', `${info.title} runs on the whole model; leave "entity" out`);
    const entity = model.byId.get(entityId);
    if (!entity) throw new AgentError('unknown-entity', `no entity has the id "${entityId}"`);
    if (info.entity_kinds.length > 0 && !info.entity_kinds.includes(entity.kind))
      throw new AgentError(
        'bad-request',
        `${info.title} reviews a ${info.entity_kinds.map((k) => KIND_WORDS[k]).join(' or ')}; ${entityId} is a ${KIND_WORDS[entity.kind]}`,
      );
  } else if (info.scope === 'entity') throw new AgentError('bad-request', `${info.title} needs an "entity"`);
  const description = optionalString(body.description, 'description');
  if (info.options.description === 'required' && (description === null || description.trim() === ''))
    throw new AgentError(
      'bad-request',
      `${info.title} needs a "description" of the change, in plain language`,
    );
  const worksheet = optionalString(body.worksheet, 'worksheet');
  if (worksheet !== null) {
    if (!info.options.worksheet) throw new AgentError('bad-request', `${info.title} takes no worksheet`);
    checkWorksheetPath(worksheet);
  }
  if (body.llm !== undefined && typeof body.llm !== 'boolean')
    throw new AgentError('bad-request', '"llm" must be true or false');
  if (info.needs_llm && !llm.available)
    throw new AgentError('llm-unavailable', `${info.title} needs an LLM: ${llm.reason ?? 'unavailable'}`, {
      reason: llm.reason,
    });
  return {
    workflow: info.id,
    entity: entityId,
    description: info.options.description === 'none' ? null : description,
    worksheet,
    // An optional LLM pass is paid: it runs only when asked for (docs/agents.md, "The workflows").
    llm: info.llm_pass ? body.llm === true && llm.available : info.needs_llm,
  };
}

/** A worksheet path: relative to the checkout, inside it and outside `.git`, ending in .rrplan. */
export function checkWorksheetPath(path: string): void {
  if (!path.endsWith('.rrplan'))
    throw new AgentError('bad-request', `a worksheet is a .rrplan file; "${path}" is not`);
  const refused = lexicalRefusal(path);
  if (refused)
    throw new AgentError(
      'bad-request',
      `give the worksheet as a path inside the checkout, outside .git; "${path}" is not (${refused})`,
    );
}

function optionalString(value: unknown, name: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new AgentError('bad-request', `"${name}" must be a string`);
  return value;
}
