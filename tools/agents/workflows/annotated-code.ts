// The code a review quotes for an entity: the places annotated as implementing it (`@implements`, or a
// project's own verb; `@verifies` marks tests, not implementations), excerpted through the prompt's
// excerpt budget (untrusted-excerpt.ts) so the quoting and its bounds are those of every workflow.
import type { Entity } from '../../model/entity.js';
import type { ExcerptBudget } from './untrusted-excerpt.js';
import type { WorkflowRun } from './workflow.js';

/** Annotations of an entity that are not tests. */
export function implementingAnnotations(run: WorkflowRun, entity: Entity) {
  return (run.analysis.annotations.get(entity.id) ?? []).filter((a) => a.verb !== 'verifies');
}

/** Excerpts of the code annotated as implementing each entity, in order, within the budget. */
export async function implementingExcerpts(
  run: WorkflowRun,
  entities: readonly Entity[],
  budget: ExcerptBudget,
): Promise<string[]> {
  const excerpts: string[] = [];
  for (const entity of entities)
    for (const a of implementingAnnotations(run, entity)) {
      const text = await budget.excerpt(run.repoPath(a.file), a.line, `annotated "${a.verb} ${entity.id}"`);
      if (text) excerpts.push(text);
    }
  return excerpts;
}
