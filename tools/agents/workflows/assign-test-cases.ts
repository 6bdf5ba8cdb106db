// Assign test cases (docs/agents.md): for each unowned or quarantined case, the one entity it verifies,
// or none. A proposal is only ever a worksheet row (proposed, reason, proposed_by), never an owner: the
// owner is decided by attribution once a person accepts the row and it is applied as a checked case move.
import type { Entity } from '../../model/entity.js';
import type { CaseOwnerProposal } from '../findings/finding.js';
import { boundedDigest } from './entity-digest.js';
import { askModel, firstOf, section, systemPrompt } from './model-review.js';
import { skippedText, testFilePath } from './test-adequacy.js';
import { ExcerptBudget } from './untrusted-excerpt.js';
import type { Workflow } from './workflow.js';

/** Cases one job proposes owners for at most. */
export const CASE_LIMIT = 200;

const OWNER_KINDS = new Set<Entity['kind']>(['requirement', 'user_need', 'mitigation']);

interface Assignment {
  target: string;
  path: string;
  proposed: string | null;
  reason: string;
}

export const assignTestCases: Workflow = {
  info: {
    id: 'assign-test-cases',
    title: 'Assign test cases',
    question:
      'which one entity each unowned or quarantined case verifies, or none; with the worksheet option the proposals go to an attribution worksheet (.rrplan)',
    needs_llm: true,
    llm_pass: false,
    scope: 'model',
    entity_kinds: [],
    options: { description: 'none', worksheet: true, llm_pass: false },
  },
  async run(run) {
    const open = run.analysis.cases.filter((c) => c.owner === null);
    if (open.length === 0) {
      run.report({
        severity: 'info',
        category: 'no-open-cases',
        entity: null,
        detail: 'every case has an owner; nothing to assign',
        proposal: null,
      });
      return;
    }
    const { items: cases, more } = firstOf(open, CASE_LIMIT);
    const budget = new ExcerptBudget(run.read);
    const lines: string[] = [];
    const excerpts: string[] = [];
    for (const c of cases) {
      lines.push(
        JSON.stringify({
          target: c.case.target,
          path: c.case.path,
          result: c.case.result,
          ...(c.quarantine ? { quarantine: c.quarantine, claimed_by: c.claimedBy } : {}),
          ...(c.case.file ? { file: c.case.file, line: c.case.line ?? null } : {}),
        }),
      );
      if (c.case.file) {
        const text = await budget.excerpt(
          testFilePath(run, c.case.file),
          c.case.line ?? null,
          `the code of ${c.case.target} ${c.case.path}`,
        );
        if (text) excerpts.push(text);
      }
    }
    const candidates = run.model.entities.filter((e) => OWNER_KINDS.has(e.kind));
    const prompt = [
      section(
        'Cases without an owner',
        lines.join('\n') + (more > 0 ? `\n(${more} more cases not shown)` : ''),
      ),
      section('Entities a case may verify', boundedDigest(candidates, run.model, run.analysis)),
      section('Test code', excerpts.join('\n\n') + skippedText(budget)),
    ].join('\n\n');
    const answer = await askModel(
      run,
      'assign-test-cases',
      null,
      systemPrompt(
        'Task: for each case listed, name the one entity it verifies (proposed), or null when it verifies ' +
          'none or you cannot tell, with a one-sentence reason. One entity per case, never two.',
      ),
      prompt,
    );
    const listed = new Set(cases.map((c) => `${c.case.target}\u0000${c.case.path}`));
    const proposedBy = `assign-test-cases (${run.caller?.model ?? 'no model'})`;
    for (const a of answer.assignments as Assignment[]) {
      const where = `${a.target} ${a.path}`;
      if (!listed.has(`${a.target}\u0000${a.path}`)) {
        run.report({
          severity: 'info',
          category: 'answer-checked',
          entity: null,
          detail: `the answer named ${where}, which is not a case without an owner; left out`,
          proposal: null,
        });
        continue;
      }
      const target = a.proposed === null ? null : run.model.byId.get(a.proposed);
      const proposal: CaseOwnerProposal = {
        type: 'case-owner',
        target: a.target,
        path: a.path,
        proposed: a.proposed,
        reason: a.reason,
        proposed_by: proposedBy,
      };
      if (a.proposed !== null && (!target || !OWNER_KINDS.has(target.kind))) {
        run.report({
          severity: 'info',
          category: 'case-owner',
          entity: null,
          detail: `${where}: ${a.reason}`,
          proposal: null,
          dropped: target
            ? `${a.proposed} is a ${target.kind.replace('_', ' ')}; a case verifies a requirement, user need or mitigation`
            : `it names ${a.proposed}, which the model does not have`,
        });
        continue;
      }
      run.report({
        severity: 'info',
        category: 'case-owner',
        entity: a.proposed,
        detail: `${where}: ${a.proposed === null ? 'verifies no entity' : `verifies ${a.proposed}`}: ${a.reason}`,
        case: { target: a.target, path: a.path },
        proposal,
      });
    }
  },
};
