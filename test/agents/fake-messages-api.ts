// A fake of the vendor's Messages API on loopback, for driving the real SDK in tests. It speaks the real
// wire protocol: POST /v1/messages with `stream: true` answers server-sent events (message_start,
// content_block_start/delta/stop with thinking_delta, signature_delta and text_delta, ping, message_delta
// with stop_reason, stop_details and usage, message_stop, and `event: error`); HTTP errors carry the
// vendor's error JSON ({type: "error", error: {type, message}}) and a request-id header. Each request is
// recorded so tests can read the prompts rr sent.
//
// Refusals follow the vendor's documented server-side fallback (the beta SDK's types and the refusals
// and fallback guide): with `fallbacks: "default"` and the `server-side-fallback-2026-07-01` beta header,
// a declined request goes on in the same stream on the category's fallback model, marked by a `fallback`
// content block (from, to, trigger) and a `fallback_message` entry in `usage.iterations`; a category with
// no fallback model ends with `stop_reason: "refusal"`; a fallback attempt that cannot be made names its
// `recommended_model` with a `fallback_credit_token`. A retry presenting that token is checked as the
// API documents: never beside `fallbacks`, the object form only with the fallback-credit beta, the same
// body on the recommended model, its outcome in `usage.fallback_credit`.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted reply. */
export type FakeReply =
  /** a finished answer: `json` is sent as the answer's text (a string is sent as it is: malformed JSON) */
  | {
      kind: 'answer';
      json: unknown;
      thinking?: string;
      /** characters per text_delta (default 40) */
      chunk?: number;
      /** pause between events in ms (a slow stream) */
      delayMs?: number;
      stopReason?: 'end_turn' | 'max_tokens';
    }
  /** the safety classifier declines: stop_reason "refusal" with stop_details */
  | FakeRefusal
  /** an HTTP error before any event (429 rate limit, 529 overloaded, 401, 500) */
  | { kind: 'http-error'; status: number; type: string; message: string; retryAfter?: string }
  /** an `event: error` after some text (e.g. overloaded_error mid-stream) */
  | { kind: 'stream-error'; type: string; message: string; afterText?: string }
  /** sends thinking slowly and never finishes until the client goes away */
  | { kind: 'hang'; tickMs?: number }
  /** starts a stream, then the server drops the connection (no message_stop) */
  | { kind: 'drop'; afterText?: string }
  /**
   * the model calls a tool (as an agent's model does): optional text, then a `tool_use` block whose input
   * streams as `input_json_delta` pieces, `stop_reason: "tool_use"`
   */
  | { kind: 'tool-use'; name: string; input: unknown; text?: string; outputTokens?: number }
  /** a text answer with this many input tokens reported (a costly call, to pass a budget) */
  | { kind: 'text'; text: string; inputTokens?: number };

/** A finished answer, as the model that serves it sends it. */
export type FakeAnswer = Extract<FakeReply, { kind: 'answer' }>;

/** What the API does with a declined request when the request asked for the server-side fallback. */
export type FakeServerFallback =
  /** the category's fallback model takes it: its reply follows in the same stream */
  | {
      model: string;
      reply: FakeAnswer | FakeRefusal;
      /** false: the first model was declined before it produced anything (no boundary block is sent) */
      boundary?: boolean;
    }
  /** the fallback attempt could not be made (its rate limit or overload): the refusal recommends it */
  | { model: string; unavailable: true };

/** A decline by the safety classifier. */
export interface FakeRefusal {
  kind: 'refusal';
  category: string | null;
  explanation: string | null;
  partialText?: string;
  /** what the API does with `fallbacks: "default"` (absent: the category has no fallback model) */
  serverFallback?: FakeServerFallback;
}

/** The betas a request named in its `anthropic-beta` header. */
export function betasOf(request: RecordedRequest): string[] {
  const header = request.headers['anthropic-beta'];
  return (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
}

const SERVER_SIDE_FALLBACK = 'server-side-fallback-2026-07-01';
const FALLBACK_CREDIT = 'fallback-credit-2026-07-01';

/** A request as the fake saw it. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** the user message's text */
  prompt: string;
  system: string;
}

/** A running fake. */
export interface FakeMessagesApi {
  url: string;
  apiKey: string;
  requests: RecordedRequest[];
  /** replies still to come, in order; a function decides per request */
  script: (FakeReply | ((request: RecordedRequest) => FakeReply))[];
  /** the reply once the script is used up */
  fallback: (request: RecordedRequest) => FakeReply;
  /** whether a hanging or slow stream saw its client go away */
  clientsGone: number;
  /** credit tokens issued with refusals: the refused body and the model the token may be redeemed on */
  credits: Map<string, { body: Record<string, unknown>; model: string }>;
  close(): Promise<void>;
}

/** Starts the fake on a free loopback port. */
export async function startFakeMessagesApi(apiKey = 'sk-test-fake-key-0001'): Promise<FakeMessagesApi> {
  const fake: FakeMessagesApi = {
    url: '',
    apiKey,
    requests: [],
    script: [],
    fallback: () => ({
      kind: 'http-error',
      status: 500,
      type: 'api_error',
      message: 'the fake has no reply scripted',
    }),
    clientsGone: 0,
    credits: new Map(),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
  const server: Server = createServer((req, res) => {
    void handle(fake, req, res).catch(() => res.destroy());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = fake.close;
  fake.close = () => {
    server.closeAllConnections();
    return close();
  };
  return fake;
}

async function handle(fake: FakeMessagesApi, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (req.method !== 'POST' || !req.url?.startsWith('/v1/messages'))
    return httpError(
      res,
      404,
      'not_found_error',
      `the fake serves POST /v1/messages, not ${req.method} ${req.url}`,
    );
  // The SDK sends the key as `Authorization: Bearer` (older ones as `x-api-key`); the API takes both.
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  if ((bearer ?? req.headers['x-api-key']) !== fake.apiKey)
    return httpError(res, 401, 'authentication_error', 'invalid x-api-key');
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return httpError(res, 400, 'invalid_request_error', 'the body is not JSON');
  }
  const messages = (body.messages ?? []) as { content: unknown }[];
  const content = messages[0]?.content;
  const prompt = typeof content === 'string' ? content : JSON.stringify(content ?? '');
  const recorded: RecordedRequest = {
    method: req.method,
    path: req.url,
    headers: req.headers,
    body,
    prompt,
    system: typeof body.system === 'string' ? body.system : JSON.stringify(body.system ?? ''),
  };
  fake.requests.push(recorded);
  const refused = fallbackRequestError(fake, recorded);
  if (refused) return httpError(res, 400, 'invalid_request_error', refused);
  const next = fake.script.shift();
  const reply =
    next === undefined ? fake.fallback(recorded) : typeof next === 'function' ? next(recorded) : next;
  if (reply.kind === 'http-error') {
    const headers: Record<string, string> = {};
    if (reply.retryAfter !== undefined) headers['retry-after'] = reply.retryAfter;
    return httpError(res, reply.status, reply.type, reply.message, headers);
  }
  if (body.stream !== true)
    return httpError(res, 400, 'invalid_request_error', 'the fake answers streamed requests only');
  await stream(fake, recorded, reply, req, res);
}

/** A request the API answers 400 for its fallback fields, or null. */
function fallbackRequestError(fake: FakeMessagesApi, request: RecordedRequest): string | null {
  const betas = betasOf(request);
  const { fallbacks, fallback_credit_token: token } = request.body as Record<string, unknown>;
  if (fallbacks !== undefined && fallbacks !== null && !betas.includes(SERVER_SIDE_FALLBACK))
    return `fallbacks: requires the anthropic-beta header ${SERVER_SIDE_FALLBACK}`;
  if (token === undefined || token === null) return null;
  if (fallbacks !== undefined && fallbacks !== null)
    return 'fallback_credit_token: cannot be combined with fallbacks';
  if (typeof token === 'object' && !betas.includes(FALLBACK_CREDIT))
    return `fallback_credit_token: the object form requires the anthropic-beta header ${FALLBACK_CREDIT}`;
  const value = typeof token === 'string' ? token : (token as { token?: unknown }).token;
  if (typeof value !== 'string' || !fake.credits.has(value)) return 'fallback_credit_token: malformed token';
  const strict = typeof token === 'string' || (token as { mode?: string }).mode !== 'best_effort';
  const outcome = creditOf(fake, request) as { status: { type: string; reason?: string } };
  if (strict && outcome.status.type !== 'redeemed')
    return `fallback_credit_token: not redeemable (${outcome.status.reason})`;
  return null;
}

/** The outcome of a credit token a request presents (null: it presents none). */
function creditOf(fake: FakeMessagesApi, request: RecordedRequest): unknown {
  const token = request.body.fallback_credit_token as string | { token: string } | undefined;
  if (token === undefined || token === null) return null;
  const issued = fake.credits.get(typeof token === 'string' ? token : token.token)!;
  const renderShaping = (body: Record<string, unknown>) =>
    JSON.stringify(['system', 'messages', 'thinking', 'output_config', 'max_tokens'].map((k) => body[k]));
  const reason =
    request.body.model !== issued.model
      ? 'invalid_target_model'
      : renderShaping(request.body) !== renderShaping(issued.body)
        ? 'body_mismatch'
        : null;
  return { status: reason ? { type: 'not_applied', reason } : { type: 'redeemed' } };
}

function httpError(
  res: ServerResponse,
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${randomUUID().replace(/-/g, '')}`,
    ...headers,
  });
  res.end(JSON.stringify({ type: 'error', error: { type, message }, request_id: 'req_fake' }));
}

async function stream(
  fake: FakeMessagesApi,
  request: RecordedRequest,
  reply: Exclude<FakeReply, { kind: 'http-error' }>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  let gone = false;
  res.on('close', () => {
    if (!res.writableEnded) {
      gone = true;
      fake.clientsGone++;
    }
  });
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'request-id': `req_${randomUUID().replace(/-/g, '')}`,
  });
  const delay = reply.kind === 'answer' ? (reply.delayMs ?? 0) : 0;
  const send = async (event: string, data: unknown) => {
    if (gone) return;
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    if (delay > 0) await sleep(delay);
  };
  const model = String(request.body.model);
  const inputTokens =
    reply.kind === 'text' && reply.inputTokens !== undefined
      ? reply.inputTokens
      : Math.ceil((request.prompt.length + request.system.length) / 4);
  await send('message_start', {
    type: 'message_start',
    message: {
      id: `msg_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      stop_details: null,
      usage: {
        input_tokens: inputTokens,
        output_tokens: 1,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      },
    },
  });
  await send('ping', { type: 'ping' });
  let index = 0;
  let outputTokens = 1;
  const textBlock = async (text: string, chunk = 40) => {
    await send('content_block_start', {
      type: 'content_block_start',
      index,
      content_block: { type: 'text', text: '' },
    });
    for (let at = 0; at < text.length; at += chunk) {
      await send('content_block_delta', {
        type: 'content_block_delta',
        index,
        delta: { type: 'text_delta', text: text.slice(at, at + chunk) },
      });
    }
    await send('content_block_stop', { type: 'content_block_stop', index });
    outputTokens += Math.ceil(text.length / 4);
    index++;
  };
  const thinkingBlock = async (thinking: string) => {
    await send('content_block_start', {
      type: 'content_block_start',
      index,
      content_block: { type: 'thinking', thinking: '', signature: '' },
    });
    for (const part of thinking.match(/[\s\S]{1,30}/g) ?? [])
      await send('content_block_delta', {
        type: 'content_block_delta',
        index,
        delta: { type: 'thinking_delta', thinking: part },
      });
    await send('content_block_delta', {
      type: 'content_block_delta',
      index,
      delta: { type: 'signature_delta', signature: 'EqQBCkYIBRgCKkBfakeSignature' },
    });
    await send('content_block_stop', { type: 'content_block_stop', index });
    outputTokens += Math.ceil(thinking.length / 4);
    index++;
  };
  const finish = async (stopReason: string, stopDetails: unknown, usage: Record<string, unknown> = {}) => {
    await send('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: stopReason, stop_sequence: null, stop_details: stopDetails },
      usage: { output_tokens: outputTokens, ...usage },
    });
    await send('message_stop', { type: 'message_stop' });
    res.end();
  };
  const betas = betasOf(request);
  const serverFallback = request.body.fallbacks === 'default' && betas.includes(SERVER_SIDE_FALLBACK);
  // The refusal fields the fallback betas grant; without them a refusal carries category and explanation.
  const refusalDetails = (refusal: FakeRefusal, hopModel: string, recommended: string | null) => {
    const details = { type: 'refusal', category: refusal.category, explanation: refusal.explanation };
    if (!betas.includes(SERVER_SIDE_FALLBACK) && !betas.includes(FALLBACK_CREDIT)) return details;
    const token = recommended ? `fct_${randomUUID().replace(/-/g, '')}` : null;
    if (token) fake.credits.set(token, { body: { ...request.body, model: hopModel }, model: recommended! });
    return {
      ...details,
      fallback_credit_token: token,
      fallback_has_prefill_claim: token ? false : null,
      recommended_model: recommended,
    };
  };
  const iteration = (type: string, hopModel: string, input: number, output: number) => ({
    type,
    model: hopModel,
    input_tokens: input,
    output_tokens: output,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation: null,
  });
  const credit = creditOf(fake, request);
  const extraUsage = credit ? { fallback_credit: credit } : {};
  switch (reply.kind) {
    case 'answer': {
      if (reply.thinking) await thinkingBlock(reply.thinking);
      const text = typeof reply.json === 'string' ? reply.json : JSON.stringify(reply.json, null, 1);
      await textBlock(text, reply.chunk);
      return finish(reply.stopReason ?? 'end_turn', null, extraUsage);
    }
    case 'refusal': {
      if (reply.partialText) await textBlock(reply.partialText);
      const hop = reply.serverFallback;
      if (!serverFallback || !hop) return finish('refusal', refusalDetails(reply, model, null), extraUsage);
      if ('unavailable' in hop) return finish('refusal', refusalDetails(reply, model, hop.model), extraUsage);
      // The API goes on with the fallback model in the same stream.
      const declinedOutput = outputTokens;
      if (hop.boundary !== false) {
        await send('content_block_start', {
          type: 'content_block_start',
          index,
          content_block: {
            type: 'fallback',
            from: { model },
            to: { model: hop.model },
            trigger: { type: 'refusal', category: reply.category },
          },
        });
        await send('content_block_stop', { type: 'content_block_stop', index });
        index++;
      }
      const next = hop.reply;
      let stop: string;
      let details: unknown = null;
      if (next.kind === 'answer') {
        if (next.thinking) await thinkingBlock(next.thinking);
        await textBlock(typeof next.json === 'string' ? next.json : JSON.stringify(next.json, null, 1));
        stop = next.stopReason ?? 'end_turn';
      } else {
        if (next.partialText) await textBlock(next.partialText);
        stop = 'refusal';
        details = refusalDetails(next, hop.model, null);
      }
      const iterations = [
        iteration('message', model, inputTokens, declinedOutput),
        iteration(
          stop === 'refusal' ? 'message' : 'fallback_message',
          hop.model,
          inputTokens,
          outputTokens - declinedOutput,
        ),
      ];
      return finish(stop, details, { input_tokens: inputTokens * 2, iterations });
    }
    case 'text': {
      await textBlock(reply.text);
      return finish('end_turn', null);
    }
    case 'tool-use': {
      if (reply.text) await textBlock(reply.text);
      const id = `toolu_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
      await send('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id, name: reply.name, input: {} },
      });
      const json = JSON.stringify(reply.input);
      for (let at = 0; at < json.length; at += 12)
        await send('content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json: json.slice(at, at + 12) },
        });
      await send('content_block_stop', { type: 'content_block_stop', index });
      outputTokens += reply.outputTokens ?? Math.ceil(json.length / 4);
      index++;
      return finish('tool_use', null);
    }
    case 'stream-error': {
      if (reply.afterText) await textBlock(reply.afterText);
      await send('error', { type: 'error', error: { type: reply.type, message: reply.message } });
      res.end();
      return;
    }
    case 'drop': {
      if (reply.afterText) await textBlock(reply.afterText);
      res.destroy();
      return;
    }
    case 'hang': {
      await send('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'thinking', thinking: '', signature: '' },
      });
      // Thinking trickles until the client goes away (a cancelled job aborts the request).
      for (let tick = 0; !gone && tick < 6000; tick++) {
        await send('content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'thinking_delta', thinking: `still thinking ${tick}. ` },
        });
        await sleep(reply.tickMs ?? 20);
      }
      if (!gone) res.destroy();
      void req;
      return;
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}
