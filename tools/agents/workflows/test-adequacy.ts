// Test adequacy (docs/agents.md): per requirement, whether each test of its verification set asserts what
// the requirement states, judged proves, partially, does not prove or cannot tell, with the checks no test
// makes. The tests come from the verification set (verification-tests.ts), never from tags; the prompt
// quotes bounded excerpts of their source files and of test code annotated as verifying the entity.
import type { Entity } from '../../model/entity.js';
import type { CaseJudgement, FindingSeverity } from '../findings/finding.js';
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
import { ExcerptBudget } from './untrusted-excerpt.js';
import { verificationTests, type VerificationTests } from './verification-tests.js';
import type { Workflow, WorkflowRun } from './workflow.js';

/** Entities one model-wide job reviews at most. */
export const REVIEW_LIMIT = 25;

const JUDGEMENT_SEVERITY: Record<CaseJudgement, FindingSeverity> = {
  proves: 'info',
  partially: 'warning',
  'does-not-prove': 'error',
  'cannot-tell': 'warning',
};

const JUDGEMENT_WORDS: Record<CaseJudgement, string> = {
  proves: 'proves',
  partially: 'partially proves',
  'does-not-prove': 'does not prove',
  'cannot-tell': 'cannot tell whether it proves',
};

interface AnswerCase {
  target: string;
  path: string;
  judgement: CaseJudgement;
  reason: string;
  missing_checks: string[];
}

export const testAdequacy: Workflow = {
  info: {
    id: 'test-adequacy',
    title: 'Test adequacy',
    question:
      "whether the cases of a requirement's verification set assert what it states: each proves, partially, does not prove or cannot tell; missing checks listed",
    needs_llm: true,
    llm_pass: false,
    scope: 'either',
    entity_kinds: ['requirement', 'user_need', 'mitigation'],
    options: { description: 'none', worksheet: false, llm_pass: false },
  },
  async run(run) {
    const candidates = run.entity
      ? [run.entity]
      : run.model.entities.filter(
          (e) => e.kind === 'requirement' && verificationTests(e.id, run.analysis).tests.length > 0,
        );
    const { items: entities, more } = firstOf(candidates, REVIEW_LIMIT);
    await reviewEach(
      run,
      entities,
      (entity) => `Reviewing the tests of ${entity.id}`,
      (entity) => reviewEntity(run, entity),
    );
    reportMore(run, more, REVIEW_LIMIT, 'requirements with tests');
  },
};

async function reviewEntity(run: WorkflowRun, entity: Entity): Promise<void> {
  const set = verificationTests(entity.id, run.analysis);
  if (set.tests.length === 0) {
    run.report({
      severity: 'warning',
      category: 'no-tests',
      entity: entity.id,
      detail: `${entity.id} has no test in its verification set to judge${leftOutText(set)}`,
      proposal: null,
    });
    return;
  }
  const prompt = await testAdequacyPrompt(run, entity, set);
  const answer = await askModel(
    run,
    'test-adequacy',
    entity.id,
    systemPrompt(
      'Task: judge, for each test listed, whether it asserts what the entity states: "proves" (checks all of ' +
        'it), "partially", "does-not-prove" or "cannot-tell" (the code is not shown or unclear). List the ' +
        'checks the entity states that no listed test makes. Judge only the tests listed.',
    ),
    prompt,
  );
  const listed = new Set(set.tests.map((t) => `${t.target}\u0000${t.path}`));
  for (const c of answer.cases as AnswerCase[]) {
    if (!listed.has(`${c.target}\u0000${c.path}`)) {
      run.report({
        severity: 'info',
        category: 'answer-checked',
        entity: entity.id,
        detail: `the answer judged ${c.target} ${c.path}, which is not a test of ${entity.id}; left out`,
        proposal: null,
      });
      continue;
    }
    run.report({
      severity: JUDGEMENT_SEVERITY[c.judgement],
      category: 'test-adequacy',
      entity: entity.id,
      detail: `${c.target} ${c.path} ${JUDGEMENT_WORDS[c.judgement]} ${entity.id}: ${c.reason}`,
      case: { target: c.target, path: c.path },
      judgement: c.judgement,
      ...(c.missing_checks.length > 0 ? { missing_checks: c.missing_checks } : {}),
      proposal: null,
    });
  }
  const missing = answer.missing_checks as string[];
  if (missing.length > 0)
    run.report({
      severity: 'warning',
      category: 'missing-checks',
      entity: entity.id,
      detail: `no test of ${entity.id} checks: ${missing.join('; ')}`,
      missing_checks: missing,
      proposal: null,
    });
  const scope = { create: [] as const, update: new Set([entity.id]), note: new Set([entity.id]) };
  reportAnswerFindings(run, answer.findings as AnswerFinding[], scope, entity);
}

/** The prompt of one entity: its digest, its tests and excerpts of their code. */
export async function testAdequacyPrompt(
  run: WorkflowRun,
  entity: Entity,
  set: VerificationTests,
): Promise<string> {
  const budget = new ExcerptBudget(run.read);
  const tests: string[] = [];
  const excerpts: string[] = [];
  for (const t of set.tests) {
    tests.push(
      JSON.stringify({
        target: t.target,
        path: t.path,
        state: t.state,
        level: t.level,
        ...(t.selector ? { selector: t.selector } : {}),
        ...(t.file ? { file: t.file, line: t.line } : {}),
        ...(t.message ? { message: t.message } : {}),
      }),
    );
    if (t.file) {
      const text = await budget.excerpt(
        testFilePath(run, t.file),
        t.line,
        `the code of ${t.target} ${t.path}`,
      );
      if (text) excerpts.push(text);
    }
  }
  for (const a of run.analysis.annotations.get(entity.id) ?? []) {
    if (a.verb !== 'verifies') continue;
    const text = await budget.excerpt(
      run.repoPath(a.file),
      a.line,
      `test code annotated "verifies ${entity.id}"`,
    );
    if (text) excerpts.push(text);
  }
  return [
    section('Entity', JSON.stringify(entityDigest(entity, run.model, run.analysis))),
    section(`Its tests (its verification set${leftOutText(set)})`, tests.join('\n')),
    section('Test code', excerpts.join('\n\n') + skippedText(budget)),
  ].join('\n\n');
}

/** A test file as the runner named it: relative to the sources root, or to the checkout. */
export function testFilePath(run: WorkflowRun, file: string): string {
  if (run.sourcesRoot && !file.startsWith('/')) return run.repoPath(`${run.sourcesRoot}/${file}`);
  return run.repoPath(file);
}

function leftOutText(set: VerificationTests): string {
  const parts: string[] = [];
  if (set.left_out.owned_elsewhere) parts.push(`${set.left_out.owned_elsewhere} owned by another entity`);
  if (set.left_out.quarantined) parts.push(`${set.left_out.quarantined} quarantined`);
  if (set.left_out.owned_by_tag) parts.push(`${set.left_out.owned_by_tag} owned only through a tag`);
  return parts.length > 0 ? `; left out as no tests of it: ${parts.join(', ')}` : '';
}

/** The files an excerpt budget could not quote. */
export function skippedText(budget: ExcerptBudget): string {
  return budget.skipped.length > 0 ? `\n(not quoted: ${budget.skipped.join('; ')})` : '';
}
