// The bounds of what one job sends (docs/agents.md): model-wide runs review at most 25 entities and say
// how many more there were, assign test cases lists at most 200 cases, a model-wide prompt carries at most
// 400 entities, and one prompt quotes at most 40,000 characters of files. Model-wide runs of the
// per-entity reviews make one call per entity. A queued job can be cancelled before it calls anything;
// a job's progress keeps its last 64 KiB.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PROGRESS_LIMIT } from '../../tools/agents/jobs/job-board.js';
import { CASE_LIMIT } from '../../tools/agents/workflows/assign-test-cases.js';
import { MODEL_DIGEST_LIMIT } from '../../tools/agents/workflows/entity-digest.js';
import { REVIEW_LIMIT } from '../../tools/agents/workflows/test-adequacy.js';
import { PROMPT_EXCERPTS_MAX_CHARS } from '../../tools/agents/workflows/untrusted-excerpt.js';
import { writeModel } from '../editor/editor-fixture.js';
import { runJob, startAgents, writeSource } from './agents-fixture.js';
import type { RecordedRequest } from './fake-messages-api.js';

const REQUIREMENTS = REVIEW_LIMIT + 2;
const OPEN_CASES = CASE_LIMIT + 5;
const NEEDS = MODEL_DIGEST_LIMIT - REQUIREMENTS + 8;
const CODE_FILES = 12;
const id = (prefix: string, n: number) => `${prefix}-${String(n).padStart(3, '0')}`;

/** A generated workspace past every bound: 27 tested requirements, 205 cases without an owner, 408 entities, 12 long annotated files. */
async function writeLargeWorkspace(root: string): Promise<void> {
  await writeModel(join(root, 'model'), {
    'rr.yaml': { schema_version: 1, project: { name: 'Gen' }, config: { attribution: 'model' } },
    'model.yaml': {
      schema_version: 1,
      user_needs: Array.from({ length: NEEDS }, (_, i) => ({ id: id('UN', i + 1), title: `Need ${i + 1}` })),
      requirements: Array.from({ length: REQUIREMENTS }, (_, i) => ({
        id: id('REQ', i + 1),
        title: `Requirement ${i + 1}`,
        satisfies: 'UN-001',
        verified_by: [{ target: '//gen:t', cases: [`T/case_${i + 1}`] }],
      })),
    },
  });
  const cases = [
    ...Array.from({ length: REQUIREMENTS }, (_, i) => `<testcase classname="T" name="case_${i + 1}"/>`),
    ...Array.from(
      { length: OPEN_CASES },
      (_, i) => `<testcase classname="U" name="open_${String(i + 1).padStart(3, '0')}"/>`,
    ),
  ];
  const xml = join(root, 'testlogs', 'gen', 't', 'test.xml');
  await mkdir(dirname(xml), { recursive: true });
  await writeFile(xml, `<testsuites><testsuite name="t">${cases.join('')}</testsuite></testsuites>\n`);
  // Each file would give a full excerpt (6,000 characters): twelve of them are more than one prompt quotes.
  for (let n = 1; n <= CODE_FILES; n++) {
    const lines = Array.from({ length: 80 }, (_, i) => `/* part ${n} line ${i + 2} ${'x'.repeat(180)} */`);
    await writeSource(root, `gen/src/part_${n}.c`, `// @implements REQ-001\n${lines.join('\n')}\n`);
  }
}

const ANSWERS: Record<string, unknown> = {
  'test-adequacy': { summary: 'ok', cases: [], missing_checks: [], findings: [] },
  'implementation-review': { summary: 'ok', verdict: 'complete', gaps: [], findings: [] },
  'mitigation-adequacy': {
    summary: 'ok',
    control: 'adequate',
    residual: 'plausible',
    residual_reason: '',
    findings: [],
  },
  'assign-test-cases': { assignments: [] },
  assistant: { summary: '', findings: [] },
};

/** Answers every request with an empty answer of the workflow whose schema it carries. */
function answerAll(request: RecordedRequest) {
  const properties = Object.keys(request.body.output_config.format.schema.properties);
  const workflow = Object.keys(ANSWERS).find(
    (w) =>
      Object.keys(ANSWERS[w] as object)
        .sort()
        .join() === [...properties].sort().join(),
  )!;
  return { kind: 'answer' as const, json: ANSWERS[workflow] };
}

/** The entity digest lines of a prompt section (one JSON object a line). */
const digestLines = (prompt: string) => prompt.split('\n').filter((l) => l.startsWith('{"id":'));

/** The characters quoted from files: the bodies of the prompt's untrusted-file elements. */
function quoted(prompt: string): string[] {
  return [...prompt.matchAll(/<untrusted-file[^>]*>\n([\s\S]*?)<\/untrusted-file>/g)].map((m) => m[1]!);
}

describe('on a model past every bound', () => {
  test(`a model-wide test adequacy reviews the first ${REVIEW_LIMIT} requirements and says how many more there were`, async () => {
    const { editor, fake } = await startAgents({ workspace: writeLargeWorkspace });
    fake.fallback = answerAll;
    const job = await runJob(editor, { workflow: 'test-adequacy' });
    expect(job.state).toBe('done');
    expect(fake.requests).toHaveLength(REVIEW_LIMIT);
    fake.requests.forEach((r, i) => expect(r.prompt).toContain(`"id":"${id('REQ', i + 1)}"`));
    expect(fake.requests.some((r) => r.prompt.includes(`"id":"${id('REQ', REVIEW_LIMIT + 1)}"`))).toBe(false);
    expect(job.findings).toContainEqual(
      expect.objectContaining({
        category: 'not-reviewed',
        entity: null,
        detail: `2 more requirements with tests were not reviewed: one job reviews at most ${REVIEW_LIMIT}; run the workflow on each entity for the rest`,
      }),
    );
  });

  test(`assign test cases lists ${CASE_LIMIT} cases and ${MODEL_DIGEST_LIMIT} entities, saying how many more`, async () => {
    const { editor, fake } = await startAgents({ workspace: writeLargeWorkspace });
    fake.fallback = answerAll;
    const job = await runJob(editor, { workflow: 'assign-test-cases' });
    expect(job.state).toBe('done');
    const { prompt } = fake.requests[0]!;
    expect(prompt.match(/"path":"U\/open_\d+"/g)).toHaveLength(CASE_LIMIT);
    expect(prompt).toContain(`"path":"U/open_${CASE_LIMIT}"`); // open_001 … open_200, in order
    expect(prompt).not.toContain(`"path":"U/open_${CASE_LIMIT + 1}"`);
    expect(prompt).toContain('(5 more cases not shown)');
    expect(digestLines(prompt)).toHaveLength(MODEL_DIGEST_LIMIT);
    expect(prompt).toContain('(8 more entities not shown)');
  });

  test(`a model-wide prompt carries at most ${MODEL_DIGEST_LIMIT} entities and says how many more`, async () => {
    const { editor, fake } = await startAgents({ workspace: writeLargeWorkspace });
    fake.fallback = answerAll;
    const job = await runJob(editor, { workflow: 'assistant', description: 'Rename the needs.' });
    expect(job.state).toBe('done');
    const { prompt } = fake.requests[0]!;
    expect(digestLines(prompt)).toHaveLength(MODEL_DIGEST_LIMIT);
    expect(prompt).toContain('(8 more entities not shown)');
    const ids = [
      ...Array.from({ length: NEEDS }, (_, i) => id('UN', i + 1)),
      ...Array.from({ length: REQUIREMENTS }, (_, i) => id('REQ', i + 1)),
    ];
    expect(ids.filter((e) => !prompt.includes(`"id":"${e}"`))).toHaveLength(8);
  });

  test(`one prompt quotes at most ${PROMPT_EXCERPTS_MAX_CHARS} characters of files and names those it left out`, async () => {
    const { editor, fake } = await startAgents({ workspace: writeLargeWorkspace });
    fake.fallback = answerAll;
    const job = await runJob(editor, { workflow: 'implementation-review', entity: 'REQ-001' });
    expect(job.state).toBe('done');
    const { prompt } = fake.requests[0]!;
    for (let n = 1; n <= CODE_FILES; n++) expect(prompt).toContain(`gen/src/part_${n}.c:1: implements`);
    const bodies = quoted(prompt);
    const total = bodies.reduce((sum, b) => sum + b.length, 0);
    expect(total).toBeLessThanOrEqual(PROMPT_EXCERPTS_MAX_CHARS);
    expect(total).toBeGreaterThan(PROMPT_EXCERPTS_MAX_CHARS - 1000);
    // Every file is either quoted or named as left out, none silently dropped.
    const skipped = [
      ...prompt.matchAll(/(gen\/src\/part_\d+\.c):1 \(the prompt's excerpt budget is used up\)/g),
    ];
    expect(skipped.length).toBeGreaterThan(0);
    expect(bodies.length + skipped.length).toBe(CODE_FILES);
  });
});

describe('model-wide runs of the per-entity reviews, on the small workspace', () => {
  test('test adequacy reviews each requirement with tests of its own, one call each', async () => {
    const { editor, fake } = await startAgents();
    fake.fallback = answerAll;
    const job = await runJob(editor, { workflow: 'test-adequacy' });
    expect(job.state).toBe('done');
    // REQ-001 owns RateTest/accepts, REQ-002 RateTest/limits; REQ-003's only case is quarantined.
    expect(fake.requests.map((r) => /"id":"(REQ-\d+)"/.exec(r.prompt)![1])).toEqual(['REQ-001', 'REQ-002']);
    expect(fake.requests[1]!.prompt).toContain('"path":"RateTest/limits"');
    expect(job.progress).toContain('Reviewing the tests of REQ-002 (2 of 2)');
    expect(job.findings.some((f: { category: string }) => f.category === 'not-reviewed')).toBe(false);
  });

  test('a refusal that stands for one requirement is a declined finding on it; the others are reviewed', async () => {
    const { editor, fake } = await startAgents();
    fake.script.push({ kind: 'refusal', category: 'reasoning_extraction', explanation: null });
    fake.fallback = answerAll;
    const job = await runJob(editor, { workflow: 'test-adequacy' });
    expect(job.state).toBe('done');
    expect(fake.requests).toHaveLength(2);
    const declined = job.findings.filter((f: { category: string }) => f.category === 'declined');
    expect(declined).toEqual([
      expect.objectContaining({ entity: 'REQ-001', severity: 'warning', proposal: null }),
    ]);
    expect(declined[0].detail).toContain('The refusal stands');
    // The run went on to REQ-002 after REQ-001's refusal.
    expect(fake.requests[1]!.prompt).toContain('"id":"REQ-002"');
    expect(job.progress).toContain('Reviewing the tests of REQ-002 (2 of 2)');
    expect(job.refusals).toEqual([expect.objectContaining({ entity: 'REQ-001', answered_by: null })]);
  });

  test('implementation review reviews each requirement with annotated code', async () => {
    const { editor, fake } = await startAgents();
    fake.fallback = answerAll;
    const job = await runJob(editor, { workflow: 'implementation-review' });
    expect(job.state).toBe('done');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.prompt).toContain('IMPLEMENTATION_BODY');
    expect(job.findings[0]).toMatchObject({ entity: 'REQ-001', category: 'implementation:complete' });
  });

  test('mitigation adequacy reviews every risk', async () => {
    const { editor, fake } = await startAgents();
    fake.fallback = answerAll;
    const job = await runJob(editor, { workflow: 'mitigation-adequacy' });
    expect(job.state).toBe('done');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.prompt).toContain('"id":"RISK-001"');
    expect(job.findings[0]).toMatchObject({ entity: 'RISK-001', category: 'control:adequate' });
  });
});

test('a queued job can be cancelled: it never calls the model, and the running one goes on', async () => {
  const { editor, fake } = await startAgents();
  fake.script.push({ kind: 'hang', tickMs: 15 });
  fake.fallback = answerAll;
  const running = (await editor.call('POST', '/api/agents/run', { workflow: 'mitigation-adequacy' })).body;
  const queued = (await editor.call('POST', '/api/agents/run', { workflow: 'hazard-discovery' })).body;
  expect(queued.state).toBe('queued');
  await expect.poll(() => fake.requests.length).toBe(1);
  const cancelled = await editor.call('POST', `/api/agents/jobs/${queued.id}/cancel`);
  expect(cancelled.body).toMatchObject({ state: 'cancelled', started: null });
  expect((await editor.call('GET', `/api/agents/jobs/${running.id}`)).body.state).toBe('running');
  await editor.call('POST', `/api/agents/jobs/${running.id}/cancel`);
  await expect.poll(() => fake.clientsGone).toBe(1);
  // The queue moved past the cancelled job without running it.
  const third = await runJob(editor, { workflow: 'mitigation-adequacy' });
  expect(third.state).toBe('done');
  expect(fake.requests).toHaveLength(2);
  expect((await editor.call('GET', `/api/agents/jobs/${queued.id}`)).body.usage.calls).toBe(0);
});

test('a job keeps the last 64 KiB of its progress and says that earlier text was cut', async () => {
  const { editor, fake } = await startAgents();
  const thinking = Array.from({ length: 5000 }, (_, i) => `thought ${String(i).padStart(4, '0')}. `).join('');
  expect(thinking.length).toBeGreaterThan(PROGRESS_LIMIT);
  fake.script.push({ kind: 'answer', json: ANSWERS['mitigation-adequacy'], thinking });
  const job = await runJob(editor, { workflow: 'mitigation-adequacy', entity: 'RISK-001' });
  expect(job.state).toBe('done');
  expect(job.progress_truncated).toBe(true);
  expect(job.progress).toHaveLength(PROGRESS_LIMIT);
  expect(job.progress).toContain('thought 4999.');
  expect(job.progress).not.toContain('thought 0000.');
  const summary = (await editor.call('GET', '/api/agents/jobs')).body.jobs[0];
  expect(summary.progress_truncated).toBe(true);
});
