// `rr review` as a pipeline runs it (the built bin/rr.js in a child process) against the fake Messages
// API: exit 0 when no finding is at or above --fail-on, 1 when one is, 2 for usage, unavailable LLM
// workflows or a failed job; text, JSON and SARIF output.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { writeWorkspace } from '../agents/agents-fixture.js';
import { startFakeMessagesApi, type FakeMessagesApi } from '../agents/fake-messages-api.js';
import { tempDir } from '../edit/edit-fixture.js';
import { rr } from './run-cli.js';

let fake: FakeMessagesApi;
let root: string;
let env: NodeJS.ProcessEnv;

beforeEach(async () => {
  fake = await startFakeMessagesApi();
  root = await tempDir();
  await writeWorkspace(root);
  // A Bazel workspace, as rr's users have: paths read from its root, not from the model's folder.
  await writeFile(join(root, 'MODULE.bazel'), '');
  env = { ...process.env, ANTHROPIC_API_KEY: fake.apiKey, ANTHROPIC_BASE_URL: fake.url };
  delete env.EDITOR_AGENT_MODEL;
  delete env.EDITOR_AGENT_EFFORT;
});
afterEach(() => fake.close());

const review = (args: string[], environment = env) =>
  rr(['review', '--model', 'model', '--evidence', 'testlogs', ...args], root, environment);

function adequacy(judgement: string) {
  return {
    summary: '',
    cases: [
      { target: '//pump:rate_test', path: 'RateTest/accepts', judgement, reason: 'r', missing_checks: [] },
    ],
    missing_checks: [],
    findings: [],
  };
}

test('exit 0 when no finding reaches --fail-on, 1 when one does; text lines name the place', async () => {
  fake.script.push(
    { kind: 'answer', json: adequacy('partially') },
    { kind: 'answer', json: adequacy('partially') },
  );
  const passing = await review(['--workflow', 'test-adequacy', '--entity', 'REQ-001']);
  expect(passing.stderr).toBe('');
  expect(passing.code).toBe(0);
  expect(passing.stdout).toMatch(
    /^model\/model\.yaml:\d+:\d+: warning test-adequacy: \/\/pump:rate_test RateTest\/accepts partially proves REQ-001: r$/m,
  );
  expect(passing.stdout).toMatch(
    /test-adequacy: 1 finding\(s\): 0 error\(s\), 1 warning\(s\), 0 info; claude-opus-5-5, 1 call\(s\), \d+ input and \d+ output tokens, \$\d+\.\d{4}/,
  );
  const failing = await review([
    '--workflow',
    'test-adequacy',
    '--entity',
    'REQ-001',
    '--fail-on',
    'warning',
  ]);
  expect(failing.code).toBe(1);
});

test('SARIF: one result per finding at its place, with the workflow, entity and judgement', async () => {
  fake.script.push({ kind: 'answer', json: adequacy('does-not-prove') });
  const run = await review(['--workflow', 'test-adequacy', '--entity', 'REQ-001', '--format', 'sarif']);
  expect(run.code).toBe(1);
  const log = JSON.parse(run.stdout);
  expect(log.version).toBe('2.1.0');
  const sarifRun = log.runs[0];
  expect(sarifRun.tool.driver.name).toBe('rr review');
  expect(sarifRun.results).toHaveLength(1);
  expect(sarifRun.results[0]).toMatchObject({
    ruleId: 'test-adequacy',
    level: 'error',
    properties: { entity: 'REQ-001', judgement: 'does-not-prove', workflow: 'test-adequacy' },
    locations: [
      { physicalLocation: { artifactLocation: { uri: 'model/model.yaml', uriBaseId: '%SRCROOT%' } } },
    ],
  });
  expect(sarifRun.properties).toMatchObject({ state: 'done', model: 'claude-opus-5-5' });
});

test('the deterministic completeness check runs with --no-llm; JSON is the job', async () => {
  const run = await review([
    '--workflow',
    'completeness',
    '--no-llm',
    '--format',
    'json',
    '--fail-on',
    'info',
  ]);
  expect(run.code).toBe(1);
  const job = JSON.parse(run.stdout);
  expect(job).toMatchObject({ workflow: 'completeness', state: 'done', llm: false, model: null });
  expect(job.findings.some((f: { category: string }) => f.category === 'shared-case')).toBe(true);
  expect(fake.requests).toHaveLength(0);
});

test('exit 2: an LLM workflow without a key, an unknown entity, a failed job, a bad effort', async () => {
  const noKey = { ...env };
  delete noKey.ANTHROPIC_API_KEY;
  const unavailable = await review(['--workflow', 'hazard-discovery'], noKey);
  expect(unavailable.code).toBe(2);
  expect(unavailable.stderr).toContain('ANTHROPIC_API_KEY is not set');
  const unknown = await review(['--workflow', 'test-adequacy', '--entity', 'REQ-404']);
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain('no entity has the id "REQ-404"');
  fake.script.push({ kind: 'answer', json: 'not json at all' });
  const failed = await review(['--workflow', 'test-adequacy', '--entity', 'REQ-001']);
  expect(failed.code).toBe(2);
  expect(failed.stderr).toContain("job failed: the model's answer is not valid JSON");
  const effort = await review(['--workflow', 'completeness', '--agent-effort', 'extreme']);
  expect(effort.code).toBe(2);
  expect(effort.stderr).toContain('--agent-effort "extreme" is not an effort');
  const workflow = await review(['--workflow', 'nope']);
  expect(workflow.code).toBe(2);
});

test('assign test cases writes its proposals to a worksheet with --worksheet', async () => {
  fake.script.push({
    kind: 'answer',
    json: {
      assignments: [
        { target: '//pump:rate_test', path: 'RateTest/orphan', proposed: 'REQ-001', reason: 'r' },
      ],
    },
  });
  const run = await review(['--workflow', 'assign-test-cases', '--worksheet', 'cases.rrplan']);
  expect(run.code).toBe(0);
  const { readFile } = await import('node:fs/promises');
  expect(await readFile(join(root, 'cases.rrplan'), 'utf8')).toContain('proposed: REQ-001');
});
