// Jobs over HTTP against a real editor and the fake Messages API: refusals recorded on the job (answered
// by the API's fallback model, or standing), retries of 429/529 counted, a malformed answer failing the job with a clear message, cancellation
// mid-stream, one LLM job at a time, token use and cost; and why LLM workflows are unavailable (--no-llm,
// no key, no SDK), with the key never shown.
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { AgentSettingError } from '../../tools/agents/llm/agent-settings.js';
import { setUpLlm } from '../../tools/agents/llm/llm-availability.js';
import { tempDir } from '../edit/edit-fixture.js';
import { startEditor } from '../editor/editor-fixture.js';
import { runJob, startAgents, writeWorkspace } from './agents-fixture.js';

const ADEQUATE = {
  summary: 'fine',
  cases: [
    {
      target: '//pump:rate_test',
      path: 'RateTest/accepts',
      judgement: 'proves',
      reason: 'asserts the limit',
      missing_checks: [],
    },
  ],
  missing_checks: [],
  findings: [],
};

test("a refusal answered by the API's fallback model is recorded on the job, each model's tokens costed at its price", async () => {
  const { editor, fake } = await startAgents();
  fake.script.push({
    kind: 'refusal',
    category: 'cyber',
    explanation: 'This request was declined because it could enable cyber harm.',
    partialText: 'not the answer',
    serverFallback: { model: 'claude-opus-4-8', reply: { kind: 'answer', json: ADEQUATE } },
  });
  const job = await runJob(editor, { workflow: 'test-adequacy', entity: 'REQ-001' });
  expect(job.state).toBe('done');
  expect(job.refusals).toEqual([
    {
      entity: 'REQ-001',
      model: 'claude-opus-5-5',
      category: 'cyber',
      explanation: null,
      fallback: 'server',
      answered_by: 'claude-opus-4-8',
      credit: null,
    },
  ]);
  expect(fake.requests).toHaveLength(1);
  expect(fake.requests[0]!.body.fallbacks).toBe('default');
  expect(job.progress).toContain('the API goes on with claude-opus-4-8');
  expect(job.usage.calls).toBe(1);
  expect(job.findings[0]).toMatchObject({ category: 'test-adequacy', judgement: 'proves' });
  // The fake reports each hop's input; the declined hop is priced at claude-opus-5-5 ($4/$20), the
  // answer at claude-opus-4-8 ($5/$25).
  const input = Math.ceil((fake.requests[0]!.prompt.length + fake.requests[0]!.system.length) / 4);
  expect(job.usage.input_tokens).toBe(input * 2);
  expect(job.cost_usd).toBeGreaterThan((input * 4 + input * 5) / 1e6);
  expect(job.cost_usd).toBeLessThan(
    (input * 4 + input * 5) / 1e6 + (job.usage.output_tokens * 25) / 1e6 + 1e-6,
  );
});

test('a refusal that stands fails the job saying so, with the refusal on the job', async () => {
  const { editor, fake } = await startAgents();
  fake.script.push({ kind: 'refusal', category: 'reasoning_extraction', explanation: null });
  const job = await runJob(editor, { workflow: 'implementation-review', entity: 'REQ-001' });
  expect(job.state).toBe('failed');
  expect(job.error.code).toBe('refused');
  expect(job.error.message).toContain('no fallback model for this refusal');
  expect(job.error.message).toContain('The refusal stands');
  expect(job.refusals).toEqual([expect.objectContaining({ fallback: null, answered_by: null })]);
  const page = await editor.call('GET', `/api/agents/jobs/${job.id}`);
  expect(page.body.progress).toContain('The refusal stands');
});

test('429 and 529 are retried with backoff and counted on the job', async () => {
  const { editor, fake } = await startAgents();
  fake.script.push(
    { kind: 'http-error', status: 429, type: 'rate_limit_error', message: 'rate limited', retryAfter: '0' },
    { kind: 'stream-error', type: 'overloaded_error', message: 'Overloaded' },
    { kind: 'answer', json: ADEQUATE },
  );
  const job = await runJob(editor, { workflow: 'test-adequacy', entity: 'REQ-001' });
  expect(job.state).toBe('done');
  expect(job.retries).toBe(2);
  expect(fake.requests).toHaveLength(3);
});

test('an overload that outlasts the retries fails the job with code overloaded', async () => {
  const { editor, fake } = await startAgents();
  fake.fallback = () => ({
    kind: 'http-error',
    status: 529,
    type: 'overloaded_error',
    message: 'Overloaded',
  });
  const job = await runJob(editor, { workflow: 'test-adequacy', entity: 'REQ-001' });
  expect(job.state).toBe('failed');
  expect(job.error.code).toBe('overloaded');
  expect(job.error.message).toContain('retries did not help');
});

test('malformed JSON fails the job with a message that says so; the server goes on', async () => {
  const { editor, fake } = await startAgents();
  fake.script.push({ kind: 'answer', json: '{"summary": "x", "cases": [' });
  const job = await runJob(editor, { workflow: 'test-adequacy', entity: 'REQ-001' });
  expect(job.state).toBe('failed');
  expect(job.error.code).toBe('bad-answer');
  expect(job.error.message).toMatch(/not valid JSON.*began: \{"summary": "x", "cases": \[/);
  expect(job.findings).toEqual([]);
  fake.script.push({
    kind: 'answer',
    json: { summary: 'x', cases: 'not a list', missing_checks: [], findings: [] },
  });
  const wrongShape = await runJob(editor, { workflow: 'test-adequacy', entity: 'REQ-001' });
  expect(wrongShape.error).toMatchObject({ code: 'bad-answer' });
  expect(wrongShape.error.message).toContain('/cases');
  expect((await editor.call('GET', '/api/state')).status).toBe(200);
});

test('cancelling a job mid-stream aborts the request; a second LLM job waits queued and then runs', async () => {
  const { editor, fake } = await startAgents();
  fake.script.push({ kind: 'hang', tickMs: 15 }, { kind: 'answer', json: ADEQUATE });
  const first = (
    await editor.call('POST', '/api/agents/run', { workflow: 'test-adequacy', entity: 'REQ-001' })
  ).body;
  const second = (
    await editor.call('POST', '/api/agents/run', { workflow: 'test-adequacy', entity: 'REQ-001' })
  ).body;
  expect(second.state).toBe('queued');
  await expect
    .poll(async () => (await editor.call('GET', `/api/agents/jobs/${first.id}`)).body.progress, {
      timeout: 10_000,
    })
    .toContain('still thinking');
  expect((await editor.call('GET', `/api/agents/jobs/${second.id}`)).body.state).toBe('queued');
  const cancelled = await editor.call('POST', `/api/agents/jobs/${first.id}/cancel`);
  expect(cancelled.status).toBe(200);
  expect(cancelled.body.state).toBe('cancelled');
  await expect.poll(() => fake.clientsGone, { timeout: 10_000 }).toBe(1);
  await expect
    .poll(async () => (await editor.call('GET', `/api/agents/jobs/${second.id}`)).body.state, {
      timeout: 10_000,
    })
    .toBe('done');
  // A finished job is answered as it is.
  expect((await editor.call('POST', `/api/agents/jobs/${first.id}/cancel`)).body.state).toBe('cancelled');
  const list = (await editor.call('GET', '/api/agents/jobs')).body.jobs;
  expect(list.map((j: { id: string; state: string }) => [j.id, j.state])).toEqual([
    [second.id, 'done'],
    [first.id, 'cancelled'],
  ]);
  expect(list[0].finding_count).toBe(1);
  expect(list[0]).not.toHaveProperty('findings');
  expect((await editor.call('POST', '/api/agents/jobs/j999/cancel')).status).toBe(404);
});

test('--no-llm: LLM workflows are unavailable and say why; the completeness check still runs', async () => {
  const { editor, fake } = await startAgents({ enabled: false });
  const agents = (await editor.call('GET', '/api/agents')).body;
  expect(agents.llm).toMatchObject({ available: false, code: 'disabled' });
  expect(agents.llm.reason).toContain('--no-llm');
  expect(agents.workflows.find((w: { id: string }) => w.id === 'assistant')).toMatchObject({
    available: false,
    reason: agents.llm.reason,
  });
  expect((await editor.call('GET', '/api/state')).body.llm.code).toBe('disabled');
  const refused = await editor.call('POST', '/api/agents/run', { workflow: 'hazard-discovery' });
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({ code: 'llm-unavailable' });
  const job = await editor.call('POST', '/api/agents/run', { workflow: 'completeness' });
  expect(job.body).toMatchObject({ state: 'done', llm: false, model: null, cost_usd: null });
  expect(fake.requests).toHaveLength(0);
});

test('no ANTHROPIC_API_KEY: unavailable, and the reason names the variable', async () => {
  const llm = await setUpLlm({ flags: {}, enabled: true, env: {} });
  expect(llm.availability).toMatchObject({
    available: false,
    code: 'no-api-key',
    sdk_version: expect.any(String),
  });
  expect(llm.availability.reason).toContain('ANTHROPIC_API_KEY is not set');
  expect(llm.caller).toBeNull();
});

test('the API key is never in what the editor answers', async () => {
  const { editor, fake } = await startAgents();
  fake.script.push({ kind: 'answer', json: ADEQUATE });
  const job = await runJob(editor, { workflow: 'test-adequacy', entity: 'REQ-001' });
  for (const path of ['/api/state', '/api/agents', '/api/agents/jobs', `/api/agents/jobs/${job.id}`])
    expect((await editor.call('GET', path)).text).not.toContain(fake.apiKey);
});

test('without the SDK (its import fails) only the completeness check runs, and /api/state says why', async () => {
  const root = await tempDir();
  await writeWorkspace(root);
  const llm = await setUpLlm({
    flags: {},
    enabled: true,
    env: { ANTHROPIC_API_KEY: 'sk-present' },
    loader: () => Promise.reject(new Error("Cannot find package '@anthropic-ai/sdk' imported from rr")),
  });
  expect(llm.availability).toMatchObject({ available: false, code: 'sdk-missing', sdk_version: null });
  const editor = await startEditor(join(root, 'model'), { evidence: join(root, 'testlogs'), root, llm });
  const state = (await editor.call('GET', '/api/state')).body;
  expect(state.llm.reason).toContain('@anthropic-ai/sdk is not installed');
  expect(state.llm.reason).toContain('npm install @anthropic-ai/sdk');
  const agents = (await editor.call('GET', '/api/agents')).body;
  expect(
    agents.workflows.filter((w: { available: boolean }) => w.available).map((w: { id: string }) => w.id),
  ).toEqual(['completeness']);
  expect((await editor.call('POST', '/api/agents/run', { workflow: 'completeness' })).body.state).toBe(
    'done',
  );
});

test('model and effort: flag, then environment, then default; a bad effort or fallback setting is refused by name', async () => {
  const env = {
    ANTHROPIC_API_KEY: 'k',
    EDITOR_AGENT_MODEL: 'claude-sonnet-5-5',
    EDITOR_AGENT_EFFORT: 'medium',
  };
  const fromEnv = await setUpLlm({ flags: {}, enabled: true, env });
  expect(fromEnv.availability).toMatchObject({
    model: 'claude-sonnet-5-5',
    model_from: 'env',
    effort: 'medium',
    effort_from: 'env',
  });
  const fromFlags = await setUpLlm({
    flags: { model: 'claude-fable-5-1', effort: 'max' },
    enabled: true,
    env,
  });
  expect(fromFlags.availability).toMatchObject({
    model: 'claude-fable-5-1',
    model_from: 'flag',
    effort: 'max',
    effort_from: 'flag',
  });
  const defaults = await setUpLlm({ flags: {}, enabled: true, env: { ANTHROPIC_API_KEY: 'k' } });
  expect(defaults.availability).toMatchObject({
    model: 'claude-opus-5-5',
    model_from: 'default',
    effort: 'high',
  });
  await expect(setUpLlm({ flags: { effort: 'extreme' }, enabled: true, env })).rejects.toThrow(
    AgentSettingError,
  );
  await expect(setUpLlm({ flags: {}, enabled: true, env: { EDITOR_AGENT_EFFORT: 'turbo' } })).rejects.toThrow(
    /EDITOR_AGENT_EFFORT "turbo" is not an effort: use one of low, medium, high, xhigh, max/,
  );
  expect(defaults.availability.fallbacks).toBe('default');
  await expect(
    setUpLlm({ flags: {}, enabled: true, env: { EDITOR_AGENT_FALLBACKS: 'opus' } }),
  ).rejects.toThrow(/EDITOR_AGENT_FALLBACKS "opus" is not a fallback setting: use default or off/);
});

test('a model whose price rr does not know gives a job cost of null, with its tokens counted', async () => {
  const { editor, fake } = await startAgents({ env: { EDITOR_AGENT_MODEL: 'claude-future-9' } });
  fake.script.push({ kind: 'answer', json: ADEQUATE });
  const job = await runJob(editor, { workflow: 'test-adequacy', entity: 'REQ-001' });
  expect(fake.requests[0]!.body.model).toBe('claude-future-9');
  expect(job).toMatchObject({ state: 'done', model: 'claude-future-9', cost_usd: null });
  expect(job.usage.input_tokens).toBeGreaterThan(0);
});
