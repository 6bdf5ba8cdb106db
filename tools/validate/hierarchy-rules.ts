import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { positionOf, type Entity } from '../model/entity.js';
import type { RuleContext } from './rule-context.js';

/**
 * multi-parent-refines, multi-parent-implements, parent-with-claims and refines-cycle. A requirement's
 * parents are the requirements it refines and the mitigations that list it in implemented_by; links
 * count as the trace index counts them (docs/verification.md, "Trace links"): a link to or from an
 * obsolete entity, or naming nothing of the right kind, makes no parent, child or cycle.
 */
export function hierarchyRules(ctx: RuleContext): Diagnostic[] {
  return [...parentRules(ctx), ...refinesCycles(ctx)];
}

/** multi-parent-refines, multi-parent-implements and parent-with-claims: each requirement on its own. */
export function parentRules(ctx: RuleContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  const { trace } = ctx;
  for (const req of ctx.model.entities) {
    if (req.kind !== 'requirement') continue;
    const refines = trace.up(req.id, 'refines').map((p) => p.id);
    const mitigations = trace.implemented(req.id);
    if (refines.length >= 2) {
      out.push(
        diagnostic(
          'multi-parent-refines',
          'error',
          `requirement ${req.id} refines ${refines.length} parents (${refines.join(', ')}); refines must form a tree, keep one parent`,
          positionOf(req, 'refines'),
          req.id,
        ),
      );
    }
    if (mitigations.length > 0 && refines.length + mitigations.length >= 2) {
      const parents = [
        ...refines.map((id) => `refines ${id}`),
        ...mitigations.map((m) => `implements ${m.id}`),
      ];
      out.push(
        diagnostic(
          'multi-parent-implements',
          'error',
          `requirement ${req.id} implements a mitigation and has another parent (${parents.join(', ')}); give it one parent`,
          positionOf(req),
          req.id,
        ),
      );
    }
    const kids = trace.children(req.id);
    if (kids.length > 0 && (ctx.claimsByEntity.get(req.id)?.length ?? 0) > 0) {
      out.push(
        diagnostic(
          'parent-with-claims',
          'warning',
          `requirement ${req.id} is refined by ${kids.map((k) => k.id).join(', ')} and also claims test cases itself; move the claims to the children`,
          positionOf(req, 'verified_by'),
          req.id,
        ),
      );
    }
  }
  return out;
}

/** refines-cycle: each cycle of refines links, reported once at its first member in load order. */
export function refinesCycles(ctx: RuleContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  const state = new Map<string, 'active' | 'done'>();
  const visit = (start: Entity) => {
    // Iterative DFS that keeps the active path, so deep chains cannot overflow the stack.
    const path: Entity[] = [];
    const stack: { entity: Entity; parents: Entity[]; next: number }[] = [];
    const enter = (e: Entity) => {
      state.set(e.id, 'active');
      path.push(e);
      stack.push({ entity: e, parents: ctx.trace.up(e.id, 'refines'), next: 0 });
    };
    enter(start);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (top.next >= top.parents.length) {
        state.set(top.entity.id, 'done');
        stack.pop();
        path.pop();
        continue;
      }
      const parent = top.parents[top.next++]!;
      const s = state.get(parent.id);
      if (s === 'active') {
        const cycle = path.slice(path.indexOf(parent));
        const ids = [...cycle.map((e) => e.id), parent.id].join(' → ');
        out.push(
          diagnostic(
            'refines-cycle',
            'error',
            `refines links form a cycle (${ids}); a requirement cannot refine its own descendant`,
            positionOf(top.entity, 'refines'),
            top.entity.id,
          ),
        );
      } else if (s === undefined) enter(parent);
    }
  };
  for (const e of ctx.model.entities) {
    if (e.kind !== 'requirement' || state.has(e.id)) continue;
    // A requirement that refines nothing closes no cycle through itself: no walk to start.
    if (ctx.trace.outgoing(e.id).length === 0) state.set(e.id, 'done');
    else visit(e);
  }
  return out;
}
