// Hazard discovery (docs/agents.md): hazards and hazardous situations the risk analysis lacks, from the
// product's user needs and requirements against its risks. Proposes new risks and notes only.
import { boundedDigest, traceNeighbours } from './entity-digest.js';
import { askModel, reportAnswerFindings, section, systemPrompt, type AnswerFinding } from './model-review.js';
import type { Workflow } from './workflow.js';

export const hazardDiscovery: Workflow = {
  info: {
    id: 'hazard-discovery',
    title: 'Hazard discovery',
    question: 'which hazards and hazardous situations the risk analysis lacks',
    needs_llm: true,
    llm_pass: false,
    scope: 'either',
    entity_kinds: ['user_need', 'requirement', 'risk', 'mitigation'],
    options: { description: 'none', worksheet: false, llm_pass: false },
  },
  async run(run) {
    let entities = run.model.entities.filter((e) => e.kind !== 'test_method');
    if (run.entity) {
      // An entity focuses the review on its neighbourhood; all risks stay in view, so none is repeated.
      const near = traceNeighbours(run.model, run.entity.id);
      entities = entities.filter((e) => near.has(e.id) || e.kind === 'risk');
    }
    const config = run.model.config;
    const prompt = [
      section('Project', JSON.stringify(run.model.project)),
      section(
        'Risk scales',
        JSON.stringify({ severities: config.severities, likelihoods: config.likelihoods }),
      ),
      section(
        run.entity ? `Entities around ${run.entity.id}, and every risk` : 'The model',
        boundedDigest(entities, run.model, run.analysis),
      ),
    ].join('\n\n');
    const answer = await askModel(
      run,
      'hazard-discovery',
      run.entity?.id ?? null,
      systemPrompt(
        'Task: find hazards (missing-hazard) and hazardous situations (missing-hazardous-situation) of this ' +
          'product that no risk of the model covers. For each, propose a new risk with its hazard, hazardous ' +
          'situation, harm, severity and likelihood on the scales given, linked to nothing else.',
      ),
      prompt,
    );
    reportAnswerFindings(
      run,
      answer.findings as AnswerFinding[],
      { create: ['risk'], update: new Set(), note: 'any' },
      run.entity,
    );
  },
};
