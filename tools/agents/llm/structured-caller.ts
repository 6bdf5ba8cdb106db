// One structured call of the vendor's Messages API, as every LLM workflow makes it (docs/agents.md,
// "How rr calls the model"): streamed (`messages.stream`), with adaptive thinking, the configured effort
// and the workflow's JSON Schema as the structured output format. Rate-limit (429) and overload (529)
// answers are retried with backoff by the SDK (its `maxRetries`, honouring `retry-after`); an overload
// error event in the middle of a stream is retried here. A request the safety classifier declines
// (`stop_reason: "refusal"`) is retried once on the recommended fallback model and recorded.
import type * as Sdk from '@anthropic-ai/sdk';
import type { Message, TextBlock, Usage } from '@anthropic-ai/sdk/resources/messages';
import type { AgentSettings } from './agent-settings.js';
import { LlmCallError } from './llm-call-error.js';
import { fallbackModelFor, type TokenCounts } from './model-catalog.js';
import type { VendorSdk } from './vendor-sdk.js';

/** What a workflow asks of the model. */
export interface StructuredRequest {
  /** the entity the call is about (null: the whole model), for the job's records */
  entity: string | null;
  system: string;
  prompt: string;
  /** the workflow's answer schema (schemas/agent-*.schema.json) */
  schema: Record<string, unknown>;
}

/** A request the safety classifier declined, retried once on the fallback model. */
export interface FallbackUse {
  /** the model that declined */
  from: string;
  /** the model the request was retried on */
  to: string;
  /** the vendor's refusal category (e.g. "cyber"), null when it names none */
  category: string | null;
  explanation: string | null;
  /** the entity the call was about, null for the whole model */
  entity: string | null;
  /** whether the fallback model answered (false: it declined too, the job failed) */
  answered: boolean;
}

/** What a call reports while it runs: progress text, tokens used, retries, fallbacks. */
export interface CallObserver {
  progress(text: string): void;
  usage(model: string, tokens: TokenCounts): void;
  retried(): void;
  fellBack(use: FallbackUse): void;
}

/** Makes structured calls; one per job, so its retry count is the job's. */
export interface StructuredCaller {
  readonly model: string;
  readonly effort: string;
  /** the parsed JSON answer (not yet checked against the schema) */
  call(request: StructuredRequest, observer: CallObserver, signal: AbortSignal): Promise<unknown>;
}

/** How the client is built. */
export interface CallerOptions {
  sdk: VendorSdk;
  settings: AgentSettings;
  apiKey: string;
  /** default: the SDK's (ANTHROPIC_BASE_URL, else the vendor's) */
  baseURL?: string;
  env: Record<string, string | undefined>;
  /** the SDK's retries of 429/529/5xx answers (default 4) */
  maxRetries?: number;
  /** retries of an overload error event in a stream (default 2) */
  streamRetries?: number;
  /** the first backoff of a stream retry in ms (default 1000; doubles) */
  streamBackoffMs?: number;
  /** output tokens per call, thinking included */
  maxTokens?: number;
}

const RETRIED_STATUSES = new Set([408, 429, 500, 502, 503, 504, 529]);
const RETRIED_STREAM_ERRORS = new Set(['overloaded_error', 'rate_limit_error', 'api_error']);

/** A caller over the vendor SDK. */
export function createStructuredCaller(options: CallerOptions): StructuredCaller {
  return new SdkCaller(options);
}

class SdkCaller implements StructuredCaller {
  readonly model: string;
  readonly effort: string;
  private observer: CallObserver | undefined;
  private retryPending = false;
  private readonly client: Sdk.Anthropic;

  constructor(private readonly options: CallerOptions) {
    this.model = options.settings.model;
    this.effort = options.settings.effort;
    // Every HTTP request passes here: an answer the SDK will retry (429, 529, 5xx) marks the next
    // request as a retry, so the job can count them.
    const countingFetch: typeof fetch = async (input, init) => {
      if (this.retryPending) {
        this.retryPending = false;
        this.observer?.retried();
      }
      const response = await fetch(input, init);
      if (RETRIED_STATUSES.has(response.status)) this.retryPending = true;
      return response;
    };
    this.client = new options.sdk.Anthropic({
      apiKey: options.apiKey,
      ...(options.baseURL ? { baseURL: options.baseURL } : {}),
      maxRetries: options.maxRetries ?? 4,
      fetch: countingFetch,
      // The SDK logs nothing of rr's: warnings would carry request details to the terminal.
      logLevel: 'off',
    });
  }

  async call(request: StructuredRequest, observer: CallObserver, signal: AbortSignal): Promise<unknown> {
    this.observer = observer;
    this.retryPending = false;
    const first = await this.streamWithRetries(this.model, request, observer, signal);
    if (first.stop_reason !== 'refusal') return answerJson(first);
    const to = fallbackModelFor(this.model, this.options.env);
    const category = first.stop_details?.category ?? null;
    const explanation = first.stop_details?.explanation ?? null;
    const declined = `${this.model} declined the request (refusal${category ? `, category ${category}` : ''})`;
    if (!to) {
      observer.fellBack({
        from: this.model,
        to: this.model,
        category,
        explanation,
        entity: request.entity,
        answered: false,
      });
      throw new LlmCallError('refused', `${declined}; there is no other model to retry it on`);
    }
    observer.progress(`\n${declined}; retrying once on ${to}\n`);
    const second = await this.streamWithRetries(to, request, observer, signal);
    const answered = second.stop_reason !== 'refusal';
    observer.fellBack({ from: this.model, to, category, explanation, entity: request.entity, answered });
    if (!answered)
      throw new LlmCallError('refused', `${declined}, and the fallback model ${to} declined it too`);
    return answerJson(second);
  }

  /** One streamed call, retried after an overload or rate-limit error event in the stream. */
  private async streamWithRetries(
    model: string,
    request: StructuredRequest,
    observer: CallObserver,
    signal: AbortSignal,
  ): Promise<Message> {
    const retries = this.options.streamRetries ?? 2;
    let backoff = this.options.streamBackoffMs ?? 1000;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.streamOnce(model, request, observer, signal);
      } catch (error) {
        const failure = this.failure(error, signal);
        const type = streamErrorType(error, this.options.sdk);
        if (attempt >= retries || !type || !RETRIED_STREAM_ERRORS.has(type)) throw failure;
        observer.progress(`\nthe stream ended with ${type}; retrying in ${Math.round(backoff / 1000)} s\n`);
        observer.retried();
        await abortableDelay(backoff, signal).catch(() => {
          throw new LlmCallError('cancelled', 'the job was cancelled');
        });
        backoff *= 2;
      }
    }
  }

  private async streamOnce(
    model: string,
    request: StructuredRequest,
    observer: CallObserver,
    signal: AbortSignal,
  ): Promise<Message> {
    const stream = this.client.messages.stream(
      {
        model,
        max_tokens: this.options.maxTokens ?? 32_000,
        system: request.system,
        messages: [{ role: 'user', content: request.prompt }],
        thinking: { type: 'adaptive', display: 'summarized' },
        output_config: {
          effort: this.options.settings.effort,
          format: { type: 'json_schema', schema: request.schema },
        },
      },
      { signal },
    );
    stream.on('thinking', (delta) => observer.progress(delta));
    let received = 0;
    stream.on('text', (delta) => {
      // The answer is JSON; progress shows how much has come, not the JSON itself.
      const before = Math.floor(received / 2000);
      received += delta.length;
      if (Math.floor(received / 2000) > before)
        observer.progress(`\n… ${received} characters of the answer\n`);
    });
    const message = await stream.finalMessage();
    observer.usage(message.model || model, tokensOf(message.usage));
    return message;
  }

  /** The error a failed stream becomes. */
  private failure(error: unknown, signal: AbortSignal): LlmCallError {
    const { APIError, APIUserAbortError } = this.options.sdk;
    if (error instanceof LlmCallError) return error;
    if (signal.aborted || error instanceof APIUserAbortError)
      return new LlmCallError('cancelled', 'the job was cancelled');
    if (error instanceof APIError) {
      const type = errorType(error);
      const vendorMessage = errorMessage(error);
      if (error.status === 429 || type === 'rate_limit_error')
        return new LlmCallError(
          'rate-limited',
          `the vendor's rate limit was reached and retries did not help: ${vendorMessage}`,
        );
      if (error.status === 529 || type === 'overloaded_error')
        return new LlmCallError(
          'overloaded',
          `the vendor's API is overloaded and retries did not help: ${vendorMessage}`,
        );
      if (error.status === 401)
        return new LlmCallError('llm-error', `the vendor refused the API key (401): check ANTHROPIC_API_KEY`);
      return new LlmCallError(
        'llm-error',
        `the Messages API answered ${error.status ?? 'an error event'}${type ? ` (${type})` : ''}: ${vendorMessage}`,
      );
    }
    return new LlmCallError(
      'llm-error',
      `the Messages API could not be reached: ${(error as Error).message}`,
    );
  }
}

/** The JSON of a finished answer; bad-answer when it is cut short or does not parse. */
function answerJson(message: Message): unknown {
  const text = message.content
    .filter((b): b is TextBlock => b.type === 'text')
    .map((b) => b.text)
    .join('');
  if (message.stop_reason === 'max_tokens')
    throw new LlmCallError(
      'bad-answer',
      `the answer was cut short at the output limit (${text.length} characters came)`,
    );
  if (message.stop_reason === 'model_context_window_exceeded')
    throw new LlmCallError('bad-answer', "the prompt and answer exceed the model's context window");
  try {
    return JSON.parse(text);
  } catch (error) {
    const start = text.slice(0, 120).replace(/\s+/g, ' ');
    throw new LlmCallError(
      'bad-answer',
      `the model's answer is not valid JSON (${(error as Error).message}); it began: ${start || '(empty)'}`,
    );
  }
}

function tokensOf(usage: Usage): TokenCounts {
  return {
    input_tokens: usage.input_tokens ?? 0,
    output_tokens: usage.output_tokens ?? 0,
    cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
  };
}

/** The `error.type` of a vendor error body ({type: "error", error: {type, message}}). */
function errorType(error: { error: unknown }): string | undefined {
  const body = error.error as { error?: { type?: unknown } } | undefined;
  return typeof body?.error?.type === 'string' ? body.error.type : undefined;
}

function errorMessage(error: { error: unknown; message: string }): string {
  const body = error.error as { error?: { message?: unknown } } | undefined;
  return typeof body?.error?.message === 'string' ? body.error.message : error.message;
}

/** The error type of an `event: error` in a stream (no HTTP status), else undefined. */
function streamErrorType(error: unknown, sdk: VendorSdk): string | undefined {
  if (!(error instanceof sdk.APIError) || error.status !== undefined) return undefined;
  return errorType(error);
}

function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('aborted'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
