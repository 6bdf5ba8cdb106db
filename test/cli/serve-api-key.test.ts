// The API key never reaches the terminal: a real `rr serve` with LLM workflows against the fake Messages
// API, through answers, retries, a refused request, a failed call and a refusal that stands, prints
// nothing that holds ANTHROPIC_API_KEY on stdout or stderr, even with the SDK's own log turned up.
import { afterEach, describe, expect, it } from 'vitest';
import { send } from '../editor/editor-fixture.js';
import { startFakeMessagesApi, type FakeMessagesApi } from '../agents/fake-messages-api.js';
import { startEditor, type EditorUnderTest } from '../e2e/editor-server.js';

const KEY = 'sk-ant-api03-NEVER-PRINT-THIS-0123456789abcdef';

describe('rr serve and the API key', { timeout: 120_000 }, () => {
  let fake: FakeMessagesApi | undefined;
  let editor: EditorUnderTest | undefined;

  afterEach(async () => {
    await editor?.stop();
    await fake?.close();
  });

  it('prints neither the key nor part of it, whatever the calls answer', async () => {
    fake = await startFakeMessagesApi(KEY);
    editor = await startEditor({
      llm: true,
      env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_LOG: 'debug' },
    });
    const origin = new URL(editor.origin);
    const auth = { authorization: `Bearer ${editor.token}` };
    const run = async (body: Record<string, unknown>) => {
      const started = await send(origin, 'POST', '/api/agents/run', body, { ...auth, 'x-rr-request': '1' });
      expect(started.status).toBe(202);
      const id = (started.body as { id: string }).id;
      for (;;) {
        const job = (await send(origin, 'GET', `/api/agents/jobs/${id}`, undefined, auth)).body as {
          state: string;
        };
        if (!['queued', 'running'].includes(job.state)) return job;
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const hazards = { summary: '', findings: [] };
    fake.script.push(
      { kind: 'http-error', status: 529, type: 'overloaded_error', message: 'Overloaded' },
      { kind: 'answer', json: hazards, thinking: 'Thinking about hazards.' },
      {
        kind: 'refusal',
        category: 'cyber',
        explanation: 'Declined.',
        serverFallback: { model: 'claude-opus-4-8', reply: { kind: 'answer', json: hazards } },
      },
      { kind: 'refusal', category: 'reasoning_extraction', explanation: 'Declined.' },
      { kind: 'http-error', status: 400, type: 'invalid_request_error', message: 'bad request' },
    );
    expect(await run({ workflow: 'hazard-discovery' })).toMatchObject({ state: 'done' });
    expect(await run({ workflow: 'hazard-discovery' })).toMatchObject({ state: 'done' });
    expect(await run({ workflow: 'hazard-discovery' })).toMatchObject({ state: 'failed' });
    expect(await run({ workflow: 'hazard-discovery' })).toMatchObject({ state: 'failed' });
    expect(fake.requests.length).toBeGreaterThanOrEqual(5);
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    await editor.stop();
    const { stdout, stderr } = editor.output();
    editor = undefined;
    expect(stdout).toContain('rr editor:');
    for (const printed of [stdout, stderr]) {
      expect(printed).not.toContain(KEY);
      expect(printed).not.toContain('NEVER-PRINT-THIS');
    }
  });
});
