// Completeness check (docs/agents.md): every validation issue and traceability gap of the engine's
// analysis, deterministic and without an LLM; with one, an optional pass adds coverage of needs,
// verifiability and missing hazards.
import type { Entity } from '../../model/entity.js';
import { boundedDigest, traceNeighbours } from './entity-digest.js';
import { askModel, reportAnswerFindings, section, systemPrompt, type AnswerFinding } from './model-review.js';
import { tokenCost } from '../llm/model-catalog.js';
import type { LlmPassEstimate } from './workflow-info.js';
import type { Workflow, WorkflowRun } from './workflow.js';

export const completeness: Workflow = {
  info: {
    id: 'completeness',
    title: 'Completeness check',
    question:
      'validation issues and traceability gaps; with an LLM also coverage of needs, verifiability and missing hazards',
    needs_llm: false,
    llm_pass: true,
    scope: 'either',
    entity_kinds: [],
    options: { description: 'none', worksheet: false, llm_pass: true },
  },
  async run(run) {
    reportDeterministic(run);
    if (!run.llmPass || !run.caller) return;
    const answer = await askModel(
      run,
      'completeness',
      run.entity?.id ?? null,
      systemPrompt(COMPLETENESS_TASK),
      completenessPrompt(run),
    );
    const scope = run.entity
      ? {
          create: ['user_need', 'requirement', 'risk'] as const,
          update: new Set([run.entity.id]),
          note: new Set([run.entity.id]),
        }
      : {
          create: ['user_need', 'requirement', 'risk'] as const,
          update: 'any' as const,
          note: 'any' as const,
        };
    reportAnswerFindings(run, answer.findings as AnswerFinding[], scope, run.entity);
  },
};

const COMPLETENESS_TASK = 'Task: review the model for completeness.';

/** What the LLM pass reads: the model (or an entity and its neighbours) and an inventory of known gaps. */
type PromptInputs = Pick<WorkflowRun, 'model' | 'analysis' | 'entity'>;

/** The LLM pass's prompt. */
function completenessPrompt(run: PromptInputs): string {
  const entities = promptEntities(run);
  return [
    section('Project', JSON.stringify(run.model.project)),
    section(
      run.entity ? `The entity reviewed and its neighbours` : 'The model',
      boundedDigest(entities, run.model, run.analysis),
    ),
    section(
      'Gaps rr found already (do not repeat them)',
      run.analysis.gaps
        .filter((g) => !run.entity || g.entity === run.entity.id)
        .slice(0, 200)
        .map((g) => `${g.entity}: ${g.kind}`)
        .join('\n'),
    ),
    'Find what a careful reviewer would add: user needs no requirement covers (need-coverage), requirements ' +
      'stated so that no test could decide them (verifiability), hazards the risk analysis lacks ' +
      '(missing-hazard), and links that look wrong (traceability).',
  ].join('\n\n');
}

/**
 * The LLM pass's size on the whole model, for the choice on the Agents page: its prompt's tokens
 * (about four characters a token), an allowance of output tokens, and their cost at the model's list
 * price (null when rr does not know the price). An estimate: thinking and the answer's length vary.
 */
export function completenessPassEstimate(
  inputs: Pick<WorkflowRun, 'model' | 'analysis'>,
  model: string,
): LlmPassEstimate {
  const characters =
    systemPrompt(COMPLETENESS_TASK).length + completenessPrompt({ ...inputs, entity: null }).length;
  const input_tokens = Math.ceil(characters / 4);
  const output_tokens = ESTIMATED_OUTPUT_TOKENS;
  const usd = tokenCost(model, {
    input_tokens,
    output_tokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  });
  return { model, input_tokens, output_tokens, usd: usd === null ? null : Math.round(usd * 100) / 100 };
}

// Thinking and findings of a completeness answer on a mid-sized model (docs/agents.md, "Costs").
const ESTIMATED_OUTPUT_TOKENS = 8000;

/** Validation issues and gaps of the analysis (of one entity, for an entity run). */
function reportDeterministic(run: WorkflowRun): void {
  const mine = (entity: string | undefined | null) => !run.entity || entity === run.entity.id;
  for (const d of run.analysis.diagnostics) {
    if (!mine(d.entity)) continue;
    const file = d.file ? run.repoPath(d.file) : undefined;
    run.report({
      severity: d.severity,
      category: d.rule,
      entity: d.entity ?? null,
      detail: file ? `${file}:${d.line ?? 1}: ${d.message}` : d.message,
      ...(file ? { locations: [{ file, line: d.line ?? null }] } : {}),
      proposal: null,
    });
  }
  for (const g of run.analysis.gaps) {
    if (!mine(g.entity)) continue;
    run.report({
      severity: g.route === 'human-gate' ? 'warning' : 'info',
      category: `gap:${g.kind}`,
      entity: g.entity,
      detail: g.detail,
      proposal: null,
    });
  }
}

/** The entity and its trace neighbours, or the whole model. */
function promptEntities(run: PromptInputs): Entity[] {
  let all = run.model.entities.filter((e) => e.kind !== 'test_method');
  if (run.entity) {
    const near = traceNeighbours(run.model, run.entity.id);
    all = all.filter((e) => near.has(e.id));
  }
  return all;
}
