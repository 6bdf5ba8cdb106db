// Assistant (docs/agents.md): a plain-language change description becomes proposed creates, updates and
// notes. The description is the person's request; the model's entities are its context.
import { boundedDigest, traceNeighbours } from './entity-digest.js';
import { askModel, reportAnswerFindings, section, systemPrompt, type AnswerFinding } from './model-review.js';
import type { Workflow } from './workflow.js';

export const assistant: Workflow = {
  info: {
    id: 'assistant',
    title: 'Assistant',
    question: 'turns a plain-language change description into proposed creates, updates and notes',
    needs_llm: true,
    llm_pass: false,
    scope: 'either',
    entity_kinds: [],
    options: { description: 'required', worksheet: false, llm_pass: false },
  },
  async run(run) {
    let entities = run.model.entities;
    if (run.entity) {
      // The entity and its neighbours come first, so they are in the prompt however large the model.
      const near = traceNeighbours(run.model, run.entity.id);
      entities = [...entities.filter((e) => near.has(e.id)), ...entities.filter((e) => !near.has(e.id))];
    }
    const prompt = [
      section('The change requested', run.description ?? ''),
      ...(run.entity ? [section('About', run.entity.id)] : []),
      section('The model', boundedDigest(entities, run.model, run.analysis)),
    ].join('\n\n');
    const answer = await askModel(
      run,
      'assistant',
      run.entity?.id ?? null,
      systemPrompt(
        'Task: turn the requested change into proposals, one finding each: new user needs, requirements, ' +
          'risks or mitigations (create, linked by id to existing entities), changed fields of existing ' +
          'entities (update, changed fields only), and notes (gap, todo or question) where the request ' +
          'leaves something open. Category "change".',
      ),
      prompt,
    );
    reportAnswerFindings(
      run,
      answer.findings as AnswerFinding[],
      { create: ['user_need', 'requirement', 'risk', 'mitigation'], update: 'any', note: 'any' },
      run.entity,
    );
  },
};
