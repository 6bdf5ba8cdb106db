// The LLM client through the real vendor SDK against the fake Messages API on loopback: what each call
// sends (streaming, adaptive thinking, effort, the JSON Schema, the server-side fallback), retries of
// 429/529 and of an overload event mid-stream, refusals (answered by the API's fallback model, standing,
// or retried once by rr on the model the refusal recommends), malformed answers, cancellation.
import { afterEach, beforeEach, expect, test } from 'vitest';
import { setUpLlm } from '../../tools/agents/llm/llm-availability.js';
import { LlmCallError } from '../../tools/agents/llm/llm-call-error.js';
import type { CallObserver, Refusal, StructuredCaller } from '../../tools/agents/llm/structured-caller.js';
import { betasOf, startFakeMessagesApi, type FakeMessagesApi } from './fake-messages-api.js';

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
    calls: 0,
    refusals: [] as Refusal[],
    tokens: [] as [string, number, number][],
  };
  const o: CallObserver = {
    progress: (t) => (seen.progress += t),
    usage: (parts) => {
      seen.calls++;
      for (const { model, tokens: t } of parts) seen.tokens.push([model, t.input_tokens, t.output_tokens]);
    },
    retried: () => seen.retries++,
    refused: (r) => seen.refusals.push(r),
  };
  return { o, seen };
}

const REQUEST = {
  entity: 'REQ-001',
  system: 'You review requirements.',
  prompt: 'Review REQ-001.',
  schema: SCHEMA,
};

test('a model that takes neither adaptive thinking nor effort (Claude Haiku 4.5) is called without them, and answers', async () => {
  fake.script.push({ kind: 'answer', json: { findings: ['a'] } });
  const { o } = observer();
  const answer = await (
    await caller({ EDITOR_AGENT_MODEL: 'claude-haiku-4-5-20251001' })
  ).call(REQUEST, o, new AbortController().signal);
  expect(answer).toEqual({ findings: ['a'] });
  const sent = fake.requests[0]!.body;
  expect(sent).toMatchObject({
    model: 'claude-haiku-4-5-20251001',
    output_config: { format: { type: 'json_schema', schema: SCHEMA } },
  });
  // The API answers 400 to either on this model.
  expect(sent.thinking).toBeUndefined();
  expect((sent.output_config as { effort?: string }).effort).toBeUndefined();
});

test('a call streams with adaptive thinking, the effort, the JSON Schema and the server-side fallback, and returns the parsed answer', async () => {
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
    fallbacks: 'default',
  });
  expect(betasOf(sent)).toContain('server-side-fallback-2026-07-01');
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

const DECLINED = 'This request triggered restrictions on violative cyber content.';

test("a refusal is answered by the API's fallback model in the same stream; rr records who answered", async () => {
  fake.script.push({
    kind: 'refusal',
    category: 'cyber',
    explanation: DECLINED,
    partialText: '{"findings": ["half',
    serverFallback: {
      model: 'claude-opus-4-8',
      reply: { kind: 'answer', json: { findings: ['from the fallback'] }, thinking: 'Fallback thinking.' },
    },
  });
  const { o, seen } = observer();
  expect(await (await caller()).call(REQUEST, o, new AbortController().signal)).toEqual({
    findings: ['from the fallback'],
  });
  // One request: the API, not rr, retried it.
  expect(fake.requests).toHaveLength(1);
  expect(seen.refusals).toEqual([
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
  expect(seen.progress).toContain(
    'claude-opus-5-5 declined (refusal, category cyber); the API goes on with claude-opus-4-8',
  );
  expect(seen.progress).toContain('Fallback thinking.');
  // One call, its tokens priced by the model that used them.
  expect(seen.calls).toBe(1);
  expect(seen.tokens.map((t) => t[0])).toEqual(['claude-opus-5-5', 'claude-opus-4-8']);
});

test('a fallback with no boundary block (declined before any output) is known from usage.iterations', async () => {
  fake.script.push({
    kind: 'refusal',
    category: 'bio',
    explanation: null,
    serverFallback: {
      model: 'claude-opus-4-8',
      boundary: false,
      reply: { kind: 'answer', json: { findings: [] } },
    },
  });
  const { o, seen } = observer();
  expect(await (await caller()).call(REQUEST, o, new AbortController().signal)).toEqual({ findings: [] });
  expect(seen.refusals).toEqual([
    expect.objectContaining({ fallback: 'server', answered_by: 'claude-opus-4-8', category: null }),
  ]);
});

test('a refusal of a category with no fallback model stands: refused, saying so, after one request', async () => {
  fake.script.push({ kind: 'refusal', category: 'reasoning_extraction', explanation: 'Declined.' });
  const { o, seen } = observer();
  const error = await (
    await caller()
  )
    .call(REQUEST, o, new AbortController().signal)
    .catch((e: unknown) => e);
  expect(error).toMatchObject({ code: 'refused' });
  expect((error as Error).message).toContain(
    'claude-opus-5-5 declined the request about REQ-001 (refusal, category reasoning_extraction: Declined.)',
  );
  expect((error as Error).message).toContain('the API has no fallback model for this refusal');
  expect((error as Error).message).toContain('The refusal stands');
  expect(fake.requests).toHaveLength(1);
  expect(seen.refusals).toEqual([
    expect.objectContaining({ fallback: null, answered_by: null, category: 'reasoning_extraction' }),
  ]);
});

test('when the fallback model declines too, the refusal stands and the failure names it', async () => {
  fake.script.push({
    kind: 'refusal',
    category: 'cyber',
    explanation: DECLINED,
    serverFallback: {
      model: 'claude-opus-4-8',
      reply: { kind: 'refusal', category: 'cyber', explanation: 'Declined again.' },
    },
  });
  const { o, seen } = observer();
  const error = await (
    await caller()
  )
    .call(REQUEST, o, new AbortController().signal)
    .catch((e: unknown) => e);
  expect(error).toMatchObject({ code: 'refused' });
  expect((error as Error).message).toContain('the API retried it on claude-opus-4-8, which declined it too');
  expect(fake.requests).toHaveLength(1);
  expect(seen.refusals[0]).toMatchObject({ fallback: 'server', answered_by: null });
});

test('a fallback the API could not make is retried once by rr on the recommended model, with the credit token', async () => {
  fake.script.push(
    {
      kind: 'refusal',
      category: 'cyber',
      explanation: DECLINED,
      serverFallback: { model: 'claude-opus-4-8', unavailable: true },
    },
    { kind: 'answer', json: { findings: ['after the credit retry'] } },
  );
  const { o, seen } = observer();
  expect(await (await caller()).call(REQUEST, o, new AbortController().signal)).toEqual({
    findings: ['after the credit retry'],
  });
  const [first, retry] = fake.requests;
  const [token] = [...fake.credits.keys()];
  expect(retry!.body.model).toBe('claude-opus-4-8');
  expect(retry!.body).not.toHaveProperty('fallbacks');
  expect(retry!.body.fallback_credit_token).toEqual({ token, mode: 'best_effort' });
  expect(betasOf(retry!)).toEqual(['fallback-credit-2026-07-01']);
  for (const field of ['system', 'messages', 'thinking', 'output_config', 'max_tokens'])
    expect(retry!.body[field]).toEqual(first!.body[field]);
  expect(seen.refusals).toEqual([
    {
      entity: 'REQ-001',
      model: 'claude-opus-5-5',
      category: 'cyber',
      explanation: DECLINED,
      fallback: 'client',
      answered_by: 'claude-opus-4-8',
      credit: 'redeemed',
    },
  ]);
  expect(seen.progress).toContain(
    'the API could not make its fallback attempt: retrying once on claude-opus-4-8',
  );
});

test('EDITOR_AGENT_FALLBACKS=off sends no fallback; a refusal then stands and says why', async () => {
  fake.script.push({
    kind: 'refusal',
    category: 'cyber',
    explanation: null,
    serverFallback: { model: 'claude-opus-4-8', reply: { kind: 'answer', json: { findings: [] } } },
  });
  const { o } = observer();
  const error = await (
    await caller({ EDITOR_AGENT_FALLBACKS: 'off' })
  )
    .call(REQUEST, o, new AbortController().signal)
    .catch((e: unknown) => e);
  expect(fake.requests[0]!.body).not.toHaveProperty('fallbacks');
  expect(betasOf(fake.requests[0]!)).toEqual([]);
  expect((error as Error).message).toContain('the server-side fallback is off (EDITOR_AGENT_FALLBACKS=off)');
});

test('an endpoint that rejects the fallback beta fails with the vendor message and how to turn it off', async () => {
  fake.script.push({
    kind: 'http-error',
    status: 400,
    type: 'invalid_request_error',
    message: 'Unexpected value(s) `server-side-fallback-2026-07-01` for the `anthropic-beta` header.',
  });
  const { o } = observer();
  const error = await (
    await caller()
  )
    .call(REQUEST, o, new AbortController().signal)
    .catch((e: unknown) => e);
  expect(error).toMatchObject({ code: 'llm-error' });
  expect((error as Error).message).toContain('Unexpected value(s)');
  expect((error as Error).message).toContain('set EDITOR_AGENT_FALLBACKS=off');
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

test('an unreachable API fails saying it could not be reached and what to check, not "Connection error."', async () => {
  const url = fake.url;
  await fake.close();
  const setup = await setUpLlm({
    flags: {},
    enabled: true,
    env: { ANTHROPIC_API_KEY: fake.apiKey, ANTHROPIC_BASE_URL: url },
    tuning: { maxRetries: 1, streamRetries: 0, streamBackoffMs: 10 },
  });
  const { o } = observer();
  const error = await setup.caller!()
    .call(REQUEST, o, new AbortController().signal)
    .catch((e: unknown) => e);
  expect(error).toMatchObject({ code: 'llm-error' });
  const message = (error as Error).message;
  expect(message).toContain('the Messages API could not be reached');
  expect(message).toContain('check the network connection');
  expect(message).not.toContain('Connection error.');
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
