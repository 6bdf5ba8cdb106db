// The LLM client through the real vendor SDK against the fake Messages API on loopback: what each call
// sends (streaming, adaptive thinking, effort, the JSON Schema), retries of 429/529 and of an overload
// event mid-stream, the refusal fallback, malformed answers, cancellation.
import { afterEach, beforeEach, expect, test } from 'vitest';
import { setUpLlm } from '../../tools/agents/llm/llm-availability.js';
import { LlmCallError } from '../../tools/agents/llm/llm-call-error.js';
import type {
  CallObserver,
  FallbackUse,
  StructuredCaller,
} from '../../tools/agents/llm/structured-caller.js';
import { startFakeMessagesApi, type FakeMessagesApi } from './fake-messages-api.js';

let fake: FakeMessagesApi;
beforeEach(async () => {
  fake = await startFakeMessagesApi();
});
afterEach(() => fake.close());

const SCHEMA = {
  type: 'object',
  properties: { findings: { type: 'array', items: { type: 'string' } } },
  required: ['findings'],
  additionalProperties: false,
};

async function caller(env: Record<string, string> = {}): Promise<StructuredCaller> {
  const setup = await setUpLlm({
    flags: {},
    enabled: true,
    env: { ANTHROPIC_API_KEY: fake.apiKey, ANTHROPIC_BASE_URL: fake.url, ...env },
    tuning: { maxRetries: 3, streamRetries: 2, streamBackoffMs: 10 },
  });
  expect(setup.availability).toMatchObject({ available: true, code: null });
  return setup.caller!();
}

function observer() {
  const seen = {
    progress: '',
    retries: 0,
    fallbacks: [] as FallbackUse[],
    tokens: [] as [string, number, number][],
  };
  const o: CallObserver = {
    progress: (t) => (seen.progress += t),
    usage: (model, t) => seen.tokens.push([model, t.input_tokens, t.output_tokens]),
    retried: () => seen.retries++,
    fellBack: (f) => seen.fallbacks.push(f),
  };
  return { o, seen };
}

const REQUEST = {
  entity: 'REQ-001',
  system: 'You review requirements.',
  prompt: 'Review REQ-001.',
  schema: SCHEMA,
};

test('a call streams with adaptive thinking, the effort and the JSON Schema, and returns the parsed answer', async () => {
  fake.script.push({
    kind: 'answer',
    json: { findings: ['a', 'b'] },
    thinking: 'Looking at the cases of REQ-001.',
  });
  const { o, seen } = observer();
  const answer = await (await caller()).call(REQUEST, o, new AbortController().signal);
  expect(answer).toEqual({ findings: ['a', 'b'] });
  const sent = fake.requests[0]!;
  expect(sent.body).toMatchObject({
    model: 'claude-opus-5-5',
    stream: true,
    thinking: { type: 'adaptive' },
    output_config: { effort: 'high', format: { type: 'json_schema', schema: SCHEMA } },
    system: 'You review requirements.',
    messages: [{ role: 'user', content: 'Review REQ-001.' }],
  });
  expect(sent.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
  expect(seen.progress).toContain('Looking at the cases of REQ-001.');
  expect(seen.tokens).toHaveLength(1);
  expect(seen.tokens[0]![0]).toBe('claude-opus-5-5');
  expect(seen.tokens[0]![1]).toBeGreaterThan(0);
});

test('429 and 529 answers are retried with backoff and counted; the answer after them is used', async () => {
  fake.script.push(
    {
      kind: 'http-error',
      status: 429,
      type: 'rate_limit_error',
      message: 'Number of requests exceeded',
      retryAfter: '0',
    },
    { kind: 'http-error', status: 529, type: 'overloaded_error', message: 'Overloaded' },
    { kind: 'answer', json: { findings: [] } },
  );
  const { o, seen } = observer();
  expect(await (await caller()).call(REQUEST, o, new AbortController().signal)).toEqual({ findings: [] });
  expect(fake.requests).toHaveLength(3);
  expect(seen.retries).toBe(2);
});

test('an overload error event in the middle of a stream is retried', async () => {
  fake.script.push(
    { kind: 'stream-error', type: 'overloaded_error', message: 'Overloaded', afterText: '{"find' },
    { kind: 'answer', json: { findings: ['x'] } },
  );
  const { o, seen } = observer();
  expect(await (await caller()).call(REQUEST, o, new AbortController().signal)).toEqual({ findings: ['x'] });
  expect(seen.retries).toBe(1);
  expect(seen.progress).toContain('overloaded_error');
});

test('overload that does not end fails with code overloaded and the vendor message', async () => {
  fake.fallback = () => ({
    kind: 'http-error',
    status: 529,
    type: 'overloaded_error',
    message: 'Overloaded right now',
  });
  const { o } = observer();
  const error = await (
    await caller()
  )
    .call(REQUEST, o, new AbortController().signal)
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(LlmCallError);
  expect(error).toMatchObject({ code: 'overloaded' });
  expect((error as Error).message).toContain('Overloaded right now');
  expect(fake.requests).toHaveLength(4);
});

test('a refusal is retried once on the recommended fallback model and recorded', async () => {
  fake.fallback = (r) =>
    r.body.model === 'claude-opus-5-5'
      ? { kind: 'refusal', category: 'cyber', explanation: 'This request was declined.' }
      : { kind: 'answer', json: { findings: ['from the fallback'] } };
  const { o, seen } = observer();
  expect(await (await caller()).call(REQUEST, o, new AbortController().signal)).toEqual({
    findings: ['from the fallback'],
  });
  expect(fake.requests.map((r) => r.body.model)).toEqual(['claude-opus-5-5', 'claude-opus-4-8']);
  expect(fake.requests[1]!.prompt).toBe(fake.requests[0]!.prompt);
  expect(seen.fallbacks).toEqual([
    {
      from: 'claude-opus-5-5',
      to: 'claude-opus-4-8',
      category: 'cyber',
      explanation: 'This request was declined.',
      entity: 'REQ-001',
      answered: true,
    },
  ]);
  expect(seen.tokens.map((t) => t[0])).toEqual(['claude-opus-5-5', 'claude-opus-4-8']);
});

test('a refusal on the fallback too fails with code refused, retried only once', async () => {
  fake.fallback = () => ({ kind: 'refusal', category: null, explanation: null });
  const { o, seen } = observer();
  const error = await (
    await caller()
  )
    .call(REQUEST, o, new AbortController().signal)
    .catch((e: unknown) => e);
  expect(error).toMatchObject({ code: 'refused' });
  expect(fake.requests).toHaveLength(2);
  expect(seen.fallbacks[0]).toMatchObject({ answered: false });
});

test('malformed JSON is a bad-answer error that quotes the start of the answer', async () => {
  fake.script.push({ kind: 'answer', json: '{"findings": [oops' });
  const { o } = observer();
  const error = await (
    await caller()
  )
    .call(REQUEST, o, new AbortController().signal)
    .catch((e: unknown) => e);
  expect(error).toMatchObject({ code: 'bad-answer' });
  expect((error as Error).message).toMatch(/not valid JSON.*began: \{"findings": \[oops/);
});

test('an answer cut at max_tokens is a bad answer', async () => {
  fake.script.push({ kind: 'answer', json: '{"findings": ["a"', stopReason: 'max_tokens' });
  const { o } = observer();
  const error = await (
    await caller()
  )
    .call(REQUEST, o, new AbortController().signal)
    .catch((e: unknown) => e);
  expect(error).toMatchObject({ code: 'bad-answer' });
  expect((error as Error).message).toContain('cut short');
});

test('aborting the signal mid-stream cancels the request and the server sees the client go', async () => {
  fake.script.push({ kind: 'hang', tickMs: 10 });
  const { o, seen } = observer();
  const abort = new AbortController();
  const pending = (await caller()).call(REQUEST, o, abort.signal).catch((e: unknown) => e);
  await expect.poll(() => seen.progress).toContain('still thinking');
  abort.abort();
  expect(await pending).toMatchObject({ code: 'cancelled' });
  await expect.poll(() => fake.clientsGone).toBe(1);
});

test('a connection the server drops mid-stream is an llm-error, not a crash', async () => {
  fake.fallback = () => ({ kind: 'drop', afterText: '{"findings":' });
  const { o } = observer();
  const error = await (
    await caller()
  )
    .call(REQUEST, o, new AbortController().signal)
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(LlmCallError);
  expect(['llm-error', 'bad-answer']).toContain((error as LlmCallError).code);
});

test('a wrong key is a clear error naming ANTHROPIC_API_KEY', async () => {
  const setup = await setUpLlm({
    flags: {},
    enabled: true,
    env: { ANTHROPIC_API_KEY: 'sk-wrong', ANTHROPIC_BASE_URL: fake.url },
  });
  const { o } = observer();
  const error = await setup.caller!()
    .call(REQUEST, o, new AbortController().signal)
    .catch((e: unknown) => e);
  expect(error).toMatchObject({ code: 'llm-error' });
  expect((error as Error).message).toContain('ANTHROPIC_API_KEY');
  expect((error as Error).message).not.toContain('sk-wrong');
});
