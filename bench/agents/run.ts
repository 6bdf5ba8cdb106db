// Prints what the agentic workflows cost rr itself, and how large their prompts are, on a large
// workspace (bench/report's generator: 5,000 entities, 20,000 cases). No vendor is called: a recording
// caller keeps each prompt and answers an empty, schema-valid answer, so the figures are rr's own time
// (analysis, prompt building, answer checks) and the input size each review would send, with its input
// cost at the default model's list price ($4 per million input tokens, about 4 characters a token).
// Sizes: RR_BENCH_ENTITIES, RR_BENCH_CASES, RR_BENCH_TARGETS.
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobBoard } from '../../tools/agents/jobs/job-board.js';
import type { JobRequest } from '../../tools/agents/jobs/job.js';
import { llmOff } from '../../tools/agents/llm/llm-availability.js';
import type { StructuredCaller, StructuredRequest } from '../../tools/agents/llm/structured-caller.js';
import { ModelSession } from '../../tools/app/model-session.js';
import { agentRunInputs } from '../../tools/app/agent-run-inputs.js';
import { generateWorkspace } from '../report/generate-workspace.js';

const ENTITIES = Number(process.env.RR_BENCH_ENTITIES ?? 5000);
const CASES = Number(process.env.RR_BENCH_CASES ?? 20_000);
const TARGETS = Number(process.env.RR_BENCH_TARGETS ?? 400);
const INPUT_DOLLARS_PER_TOKEN = 4 / 1e6;

/** Empty answers that match each workflow's schema. */
const EMPTY: Record<string, unknown> = {
  completeness: { summary: '', findings: [] },
  'test-adequacy': { summary: '', cases: [], missing_checks: [], findings: [] },
  'implementation-review': { summary: '', verdict: 'cannot-tell', gaps: [], findings: [] },
  'mitigation-adequacy': {
    summary: '',
    control: 'cannot-tell',
    residual: 'cannot-tell',
    residual_reason: '',
    findings: [],
  },
  'hazard-discovery': { summary: '', findings: [] },
  assistant: { summary: '', findings: [] },
  'assign-test-cases': { assignments: [] },
};

function recordingCaller(prompts: StructuredRequest[], workflow: () => string): StructuredCaller {
  return {
    model: 'claude-opus-5-5',
    effort: 'high',
    call: (request) => {
      prompts.push(request);
      return Promise.resolve(EMPTY[workflow()]);
    },
  };
}

async function main(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'rr-bench-agents-'));
  try {
    console.log(
      `machine: ${availableParallelism()} cores, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const ws = await generateWorkspace(root, { entities: ENTITIES, cases: CASES, targets: TARGETS });
    console.log(
      `workspace: ${ws.stats.entities} entities, ${ws.stats.cases} cases in ${ws.stats.targets} targets`,
    );
    const session = await ModelSession.open({
      modelPath: ws.modelDir,
      evidenceDir: ws.evidenceDir,
      root,
      targetGroups: new Map(),
    });
    const t0 = performance.now();
    session.analysis();
    console.log(`analysis: ${(performance.now() - t0).toFixed(0)} ms`);
    const prompts: StructuredRequest[] = [];
    let current = '';
    const available = {
      ...llmOff('disabled', 'bench').availability,
      available: true,
      reason: null,
      code: null,
    };
    const board = new JobBoard({
      llm: { availability: available, caller: () => recordingCaller(prompts, () => current) },
      inputs: () => agentRunInputs(session),
    });
    const runs: JobRequest[] = [
      { workflow: 'completeness', entity: null, description: null, worksheet: null, llm: false },
      { workflow: 'completeness', entity: null, description: null, worksheet: null, llm: true },
      { workflow: 'test-adequacy', entity: null, description: null, worksheet: null, llm: true },
      { workflow: 'mitigation-adequacy', entity: null, description: null, worksheet: null, llm: true },
      { workflow: 'hazard-discovery', entity: null, description: null, worksheet: null, llm: true },
      { workflow: 'assistant', entity: null, description: 'Add a bolus limit.', worksheet: null, llm: true },
      { workflow: 'assign-test-cases', entity: null, description: null, worksheet: null, llm: true },
    ];
    for (const request of runs) {
      current = request.workflow;
      prompts.length = 0;
      const start = performance.now();
      const job = await board.finished(board.start(request).id);
      const ms = performance.now() - start;
      const chars = prompts.map((p) => p.prompt.length + p.system.length);
      const total = chars.reduce((a, b) => a + b, 0);
      const largest = Math.max(0, ...chars);
      const cost = (total / 4) * INPUT_DOLLARS_PER_TOKEN;
      console.log(
        `${request.workflow}${request.llm ? '' : ' (no LLM pass)'}: ${job.state}, ${ms.toFixed(0)} ms in rr, ` +
          `${job.findings.length} findings, ${prompts.length} call(s), prompts ${(total / 1000).toFixed(0)}k chars ` +
          `(largest ${(largest / 1000).toFixed(0)}k), input about $${cost.toFixed(3)}`,
      );
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

await main();
