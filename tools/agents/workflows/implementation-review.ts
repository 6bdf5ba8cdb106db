// Implementation review (docs/agents.md): whether the code annotated as implementing a requirement
// implements all of it. The prompt quotes bounded excerpts of each annotated place.
import type { Entity } from '../../model/entity.js';
import type { FindingLocation, FindingSeverity } from '../findings/finding.js';
import { implementingAnnotations, implementingExcerpts } from './annotated-code.js';
import { entityDigest } from './entity-digest.js';
import {
  askModel,
  firstOf,
  reportAnswerFindings,
  reportMore,
  section,
  systemPrompt,
  reviewEach,
  type AnswerFinding,
} from './model-review.js';
import { skippedText, REVIEW_LIMIT } from './test-adequacy.js';
import { ExcerptBudget } from './untrusted-excerpt.js';
import type { Workflow, WorkflowRun } from './workflow.js';

type Verdict = 'complete' | 'partial' | 'not-implemented' | 'cannot-tell';

const VERDICT_SEVERITY: Record<Verdict, FindingSeverity> = {
  complete: 'info',
  partial: 'warning',
  'not-implemented': 'error',
  'cannot-tell': 'warning',
};

export const implementationReview: Workflow = {
  info: {
    id: 'implementation-review',
    title: 'Implementation review',
    question: 'whether code annotated as implementing a requirement implements it completely',
    needs_llm: true,
    llm_pass: false,
    scope: 'either',
    entity_kinds: ['requirement', 'mitigation'],
    options: { description: 'none', worksheet: false, llm_pass: false },
  },
  async run(run) {
    const candidates = run.entity
      ? [run.entity]
      : run.model.entities.filter(
          (e) => e.kind === 'requirement' && implementingAnnotations(run, e).length > 0,
        );
    const { items, more } = firstOf(candidates, REVIEW_LIMIT);
    await reviewEach(
      run,
      items,
      (entity) => `Reviewing the implementation of ${entity.id}`,
      (entity) => reviewEntity(run, entity),
    );
    reportMore(run, more, REVIEW_LIMIT, 'requirements with annotated code');
  },
};

async function reviewEntity(run: WorkflowRun, entity: Entity): Promise<void> {
  const annotations = implementingAnnotations(run, entity);
  if (annotations.length === 0) {
    run.report({
      severity: 'warning',
      category: 'no-implementation',
      entity: entity.id,
      detail: `no source is annotated as implementing ${entity.id}; nothing to review`,
      proposal: null,
    });
    return;
  }
  const budget = new ExcerptBudget(run.read);
  const excerpts = await implementingExcerpts(run, [entity], budget);
  const prompt = [
    section('Entity', JSON.stringify(entityDigest(entity, run.model, run.analysis))),
    section(
      'Annotated places',
      annotations.map((a) => `${run.repoPath(a.file)}:${a.line}: ${a.verb}`).join('\n'),
    ),
    section('Code', excerpts.join('\n\n') + skippedText(budget)),
  ].join('\n\n');
  const answer = await askModel(
    run,
    'implementation-review',
    entity.id,
    systemPrompt(
      'Task: judge whether the code shown implements everything the entity states: "complete", "partial", ' +
        '"not-implemented" or "cannot-tell" (the code shown is not enough). List each gap with its file and ' +
        'line when you can point at one.',
    ),
    prompt,
  );
  const gaps = answer.gaps as { detail: string; file: string | null; line: number | null }[];
  const verdict = answer.verdict as Verdict;
  const locations: FindingLocation[] = gaps
    .filter((g) => g.file)
    .map((g) => ({ file: g.file!, line: g.line }));
  run.report({
    severity: VERDICT_SEVERITY[verdict],
    category: `implementation:${verdict}`,
    entity: entity.id,
    detail: `${entity.id}: ${String(answer.summary)}`,
    ...(locations.length > 0 ? { locations } : {}),
    proposal: null,
  });
  for (const gap of gaps)
    run.report({
      severity: verdict === 'complete' ? 'info' : 'warning',
      category: 'implementation-gap',
      entity: entity.id,
      detail: gap.detail,
      ...(gap.file ? { locations: [{ file: gap.file, line: gap.line }] } : {}),
      proposal: null,
    });
  reportAnswerFindings(
    run,
    answer.findings as AnswerFinding[],
    { create: [], update: new Set(), note: new Set([entity.id]) },
    entity,
  );
}
