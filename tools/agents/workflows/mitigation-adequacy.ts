// Mitigation adequacy (docs/agents.md): whether the requirements behind a risk's mitigations control it,
// and whether its residual estimate is plausible. The prompt carries the risk with its scores on the
// project's scales, each mitigation, each requirement behind one (implementing it, or refining such a
// requirement) with its verdict, and bounded excerpts of the code annotated as implementing those
// mitigations and requirements.
import type { Entity } from '../../model/entity.js';
import { traceIndex } from '../../trace/trace-index.js';
import { initialScore, residualScore, riskAcceptability } from '../../validate/risk-score.js';
import type { FindingSeverity } from '../findings/finding.js';
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
import { REVIEW_LIMIT, skippedText } from './test-adequacy.js';
import { ExcerptBudget } from './untrusted-excerpt.js';
import type { Workflow, WorkflowRun } from './workflow.js';

const CONTROL_SEVERITY: Record<string, FindingSeverity> = {
  adequate: 'info',
  partial: 'warning',
  inadequate: 'error',
  'cannot-tell': 'warning',
};

export const mitigationAdequacy: Workflow = {
  info: {
    id: 'mitigation-adequacy',
    title: 'Mitigation adequacy',
    question:
      "whether the requirements behind a risk's mitigations control it, and whether the residual estimate is plausible",
    needs_llm: true,
    llm_pass: false,
    scope: 'either',
    entity_kinds: ['risk'],
    options: { description: 'none', worksheet: false, llm_pass: false },
  },
  async run(run) {
    const risks = run.entity ? [run.entity] : run.model.entities.filter((e) => e.kind === 'risk');
    const { items, more } = firstOf(risks, REVIEW_LIMIT);
    await reviewEach(
      run,
      items,
      (risk) => `Reviewing the controls of ${risk.id}`,
      (risk) => reviewRisk(run, risk),
    );
    reportMore(run, more, REVIEW_LIMIT, 'risks');
  },
};

async function reviewRisk(run: WorkflowRun, risk: Entity): Promise<void> {
  // The risk's chain of controls: its mitigations, from either side, and the requirements behind them
  // (implementing one, or refining such a requirement), none obsolete.
  const { mitigations, requirements } = traceIndex(run.model).riskChain(risk.id);
  const config = run.model.config;
  const scores = {
    severities: config.severities,
    likelihoods: config.likelihoods,
    acceptable_risk_score: config.acceptable_risk_score,
    initial_score: initialScore(config, risk)?.score ?? null,
    residual_score: residualScore(config, risk)?.score ?? null,
    acceptability: riskAcceptability(config, risk),
  };
  const controls = [...mitigations, ...requirements];
  const budget = new ExcerptBudget(run.read);
  const excerpts = await implementingExcerpts(run, controls, budget);
  const places = controls.flatMap((c) =>
    implementingAnnotations(run, c).map((a) => `${run.repoPath(a.file)}:${a.line}: ${a.verb} ${c.id}`),
  );
  const prompt = [
    section('Risk', JSON.stringify(entityDigest(risk, run.model, run.analysis))),
    section('Scoring (severity rank × likelihood rank, 1-based, on these scales)', JSON.stringify(scores)),
    section(
      'Its mitigations',
      mitigations.map((m) => JSON.stringify(entityDigest(m, run.model, run.analysis))).join('\n'),
    ),
    section(
      'Requirements implementing them, and those refining these',
      requirements.map((r) => JSON.stringify(entityDigest(r, run.model, run.analysis))).join('\n'),
    ),
    section('Code annotated as implementing them', places.join('\n')),
    section('Code', excerpts.join('\n\n') + skippedText(budget)),
  ].join('\n\n');
  const answer = await askModel(
    run,
    'mitigation-adequacy',
    risk.id,
    systemPrompt(
      'Task: judge whether the mitigations and the requirements implementing them, as the code shown ' +
        'implements them, control the risk (control: adequate, partial, inadequate or cannot-tell), and whether the residual severity and ' +
        'likelihood are plausible given them (residual: plausible, implausible or cannot-tell). Propose ' +
        'missing mitigations or requirements, or a changed residual estimate, where one is needed.',
    ),
    prompt,
  );
  const control = String(answer.control);
  run.report({
    severity: CONTROL_SEVERITY[control] ?? 'warning',
    category: `control:${control}`,
    entity: risk.id,
    detail: `${risk.id}: ${String(answer.summary)}`,
    proposal: null,
  });
  if (answer.residual !== 'plausible')
    run.report({
      severity: answer.residual === 'implausible' ? 'error' : 'warning',
      category: `residual:${String(answer.residual)}`,
      entity: risk.id,
      detail: String(answer.residual_reason),
      proposal: null,
    });
  const touched = new Set([risk.id, ...mitigations.map((m) => m.id)]);
  const notable = new Set([...touched, ...requirements.map((r) => r.id)]);
  reportAnswerFindings(
    run,
    answer.findings as AnswerFinding[],
    { create: ['requirement', 'mitigation'], update: touched, note: notable },
    risk,
  );
}
