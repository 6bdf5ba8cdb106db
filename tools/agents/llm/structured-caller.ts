// One structured call of the vendor's Messages API, as every LLM workflow makes it (docs/agents.md,
// "How rr calls the model"): streamed, with adaptive thinking, the configured effort and the workflow's
// JSON Schema as the structured output format. Rate-limit (429) and overload (529) answers are retried
// with backoff by the SDK (its `maxRetries`, honouring `retry-after`); an overload error event in the
// middle of a stream is retried here. A request the safety classifier declines is retried by the API
// itself on the model the vendor recommends (`fallbacks: "default"`, refusal-fallback.ts); rr records
// which model answered. Only when the API says its fallback attempt could not be made (the refusal names
// a `recommended_model`) does rr retry once itself, there, echoing the refusal's credit token.
import type * as Sdk from '@anthropic-ai/sdk';
import type {
  BetaMessage,
  BetaMessageStreamParams,
} from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { AgentSettings } from './agent-settings.js';
import { LlmCallError } from './llm-call-error.js';
import { takesAdaptiveThinking } from './model-catalog.js';
import {
  answeringModel,
  answerText,
  creditOutcome,
  FALLBACK_CREDIT_BETA,
  refusalDetails,
  SERVER_SIDE_FALLBACK_BETA,
  serverFallbackOf,
  tokensByModel,
  type ModelTokens,
} from './refusal-fallback.js';
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

/** A request the vendor's safety classifier declined (`stop_reason: "refusal"`), and what became of it. */
export interface Refusal {
  /** the entity the call was about, null for the whole model */
  entity: string | null;
  /** the model asked, which declined */
  model: string;
  /** the vendor's refusal category (e.g. "cyber"), null when it names none */
  category: string | null;
  explanation: string | null;
  /**
   * how it was retried: `server` (the API's own fallback, in the same response), `client` (rr, once, on
   * the model the refusal recommended when the API could not make its attempt), null (not retried)
   */
  fallback: 'server' | 'client' | null;
  /** the model that answered in the end; null when the refusal stood */
  answered_by: string | null;
  /** a client retry's fallback credit: `redeemed`, `not_applied (reason)`, or null (no token) */
  credit: string | null;
}

/** What a call reports while it runs: progress text, tokens used, retries, refusals. */
export interface CallObserver {
  progress(text: string): void;
  /** one HTTP call's tokens, by the model that used them */
  usage(tokens: ModelTokens[]): void;
  retried(): void;
  refused(refusal: Refusal): void;
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
  /** the SDK's retries of 429/529/5xx answers (default 4) */
  maxRetries?: number;
  /** retries of an overload error event in a stream (default 2) */
  streamRetries?: number;
  /** the first backoff of a stream retry in ms (default 1000; doubles) */
  streamBackoffMs?: number;
  /** output tokens per call, thinking included */
  maxTokens?: number;
}

/** What a failure says when a refusal stands. */
const STANDS =
  "The refusal stands: nothing was reviewed for it. Rephrase the entity's text, or choose another model (--agent-model).";

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
    const first = await this.streamWithRetries(this.params(request), observer, signal);
    const server = serverFallbackOf(first);
    if (first.stop_reason !== 'refusal') {
      if (server)
        observer.refused({
          entity: request.entity,
          model: this.model,
          category: server.category,
          explanation: null,
          fallback: 'server',
          answered_by: answeringModel(first, this.model),
          credit: null,
        });
      return answerJson(first);
    }
    const details = refusalDetails(first);
    const refusal: Refusal = {
      entity: request.entity,
      model: this.model,
      category: server?.category ?? details.category,
      explanation: details.explanation,
      fallback: server ? 'server' : null,
      answered_by: null,
      credit: null,
    };
    const declined =
      `${this.model} declined the request about ${request.entity ?? 'the model'} (refusal` +
      `${refusal.category ? `, category ${refusal.category}` : ''}` +
      `${details.explanation ? `: ${details.explanation}` : ''})`;
    const recommended = details.recommended_model;
    if (recommended) {
      // The API wanted to fall back but could not (the fallback model was rate-limited or overloaded):
      // the one retry rr makes itself, on the model it names, with the refusal's credit token.
      observer.progress(
        `\n${declined}; the API could not make its fallback attempt: retrying once on ${recommended}\n`,
      );
      const second = await this.streamWithRetries(
        this.creditRetryParams(request, recommended, details.fallback_credit_token),
        observer,
        signal,
      );
      const answered = second.stop_reason !== 'refusal';
      observer.refused({
        ...refusal,
        fallback: 'client',
        answered_by: answered ? answeringModel(second, recommended) : null,
        credit: creditOutcome(second.usage),
      });
      if (answered) return answerJson(second);
      throw new LlmCallError(
        'refused',
        `${declined}; retried on ${recommended}, which declined it too. ${STANDS}`,
      );
    }
    observer.refused(refusal);
    const why = server
      ? `the API retried it on ${server.to ?? 'its fallback model'}, which declined it too`
      : this.options.settings.fallbacks === 'off'
        ? 'the server-side fallback is off (EDITOR_AGENT_FALLBACKS=off)'
        : `the API has no fallback model for this refusal (none is recommended for its category, or ${this.model} takes none)`;
    throw new LlmCallError('refused', `${declined}; ${why}. ${STANDS}`);
  }

  /** The request: streamed, adaptive thinking, effort, schema, and the server-side fallback unless off. */
  private params(
    request: StructuredRequest,
    serverFallback = this.options.settings.fallbacks === 'default',
  ): BetaMessageStreamParams {
    return {
      model: this.model,
      max_tokens: this.options.maxTokens ?? 32_000,
      system: request.system,
      messages: [{ role: 'user', content: request.prompt }],
      ...this.thinkingFor(this.model, request),
      ...(serverFallback ? { betas: [SERVER_SIDE_FALLBACK_BETA], fallbacks: 'default' as const } : {}),
    };
  }

  /** Adaptive thinking and the effort for a model that takes them (model-catalog.ts); the schema always. */
  private thinkingFor(
    model: string,
    request: StructuredRequest,
  ): Pick<BetaMessageStreamParams, 'thinking' | 'output_config'> {
    const format = { type: 'json_schema' as const, schema: request.schema };
    if (!takesAdaptiveThinking(model)) return { output_config: { format } };
    return {
      thinking: { type: 'adaptive', display: 'summarized' },
      output_config: { effort: this.options.settings.effort, format },
    };
  }

  /**
   * The documented client-side retry of a refusal: the same body on the recommended model, without
   * `fallbacks` (the API refuses a credit token beside them), with the token in its best-effort form so a
   * token the API will not honour costs the credit, not the answer.
   */
  private creditRetryParams(
    request: StructuredRequest,
    model: string,
    token: string | null,
  ): BetaMessageStreamParams {
    return {
      ...this.params(request, false),
      model,
      ...this.thinkingFor(model, request),
      betas: [FALLBACK_CREDIT_BETA],
      ...(token ? { fallback_credit_token: { token, mode: 'best_effort' as const } } : {}),
    };
  }

  /** One streamed call, retried after an overload or rate-limit error event in the stream. */
  private async streamWithRetries(
    params: BetaMessageStreamParams,
    observer: CallObserver,
    signal: AbortSignal,
  ): Promise<BetaMessage> {
    const retries = this.options.streamRetries ?? 2;
    let backoff = this.options.streamBackoffMs ?? 1000;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.streamOnce(params, observer, signal);
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
    params: BetaMessageStreamParams,
    observer: CallObserver,
    signal: AbortSignal,
  ): Promise<BetaMessage> {
    const stream = this.client.beta.messages.stream(params, { signal });
    stream.on('thinking', (delta) => observer.progress(delta));
    let received = 0;
    stream.on('text', (delta) => {
      // The answer is JSON; progress shows how much has come, not the JSON itself.
      const before = Math.floor(received / 2000);
      received += delta.length;
      if (Math.floor(received / 2000) > before)
        observer.progress(`\n… ${received} characters of the answer\n`);
    });
    stream.on('streamEvent', (event) => {
      // A model boundary of the server-side fallback: what follows comes from another model.
      if (event.type !== 'content_block_start' || event.content_block.type !== 'fallback') return;
      const { from, to, trigger } = event.content_block;
      received = 0;
      observer.progress(
        `\n${from.model} declined (refusal${trigger.category ? `, category ${trigger.category}` : ''}); ` +
          `the API goes on with ${to.model}\n`,
      );
    });
    const message = await stream.finalMessage();
    observer.usage(tokensByModel(message.usage, params.model));
    return message;
  }

  /** The error a failed stream becomes. */
  private failure(error: unknown, signal: AbortSignal): LlmCallError {
    const { APIError, APIUserAbortError, APIConnectionError } = this.options.sdk;
    if (error instanceof LlmCallError) return error;
    if (signal.aborted || error instanceof APIUserAbortError)
      return new LlmCallError('cancelled', 'the job was cancelled');
    // The SDK's "Connection error." (after its retries) says nothing a person can act on.
    if (error instanceof APIConnectionError) return unreachable(error, this.options.baseURL);
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
      const fallbackHint =
        error.status === 400 &&
        this.options.settings.fallbacks === 'default' &&
        /fallback|anthropic-beta/i.test(vendorMessage)
          ? '; if this endpoint does not take the server-side fallback beta, set EDITOR_AGENT_FALLBACKS=off'
          : '';
      return new LlmCallError(
        'llm-error',
        `the Messages API answered ${error.status ?? 'an error event'}${type ? ` (${type})` : ''}: ${vendorMessage}${fallbackHint}`,
      );
    }
    return new LlmCallError(
      'llm-error',
      `the Messages API could not be reached: ${(error as Error).message}`,
    );
  }
}

/** The failure of a request that never reached the API, naming what to check. */
function unreachable(error: Error, baseURL: string | undefined): LlmCallError {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const why =
    typeof cause?.code === 'string'
      ? ` (${cause.code})`
      : typeof cause?.message === 'string'
        ? ` (${cause.message})`
        : '';
  return new LlmCallError(
    'llm-error',
    `the Messages API could not be reached${why}, after retries: check the network connection, a proxy ` +
      `(HTTPS_PROXY) and ${baseURL ? `ANTHROPIC_BASE_URL (${baseURL})` : 'that the vendor API is reachable from this machine'}`,
  );
}

/** The JSON of a finished answer; bad-answer when it is cut short or does not parse. */
function answerJson(message: BetaMessage): unknown {
  const text = answerText(message);
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
