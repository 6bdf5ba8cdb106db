// What a finished answer of the Messages API says about refusals and fallbacks (docs/agents.md,
// "Refusals"). rr asks for the vendor's server-side fallback (`fallbacks: "default"` with the
// `server-side-fallback-2026-07-01` beta): when the requested model's safety classifier declines, the API
// retries the same request on the model the vendor recommends for the refusal's category, in the same
// response. The wire tells it in two places: a `fallback` content block at each model boundary (from, to,
// the trigger's category), and a `fallback_message` entry in `usage.iterations` naming the model that
// served the answer (the one signal present even when no block is).
import type {
  BetaContentBlock,
  BetaMessage,
  BetaUsage,
} from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { TokenCounts } from './model-catalog.js';

/** The beta that enables `fallbacks` on a request (and the fallback-credit fields of a refusal). */
export const SERVER_SIDE_FALLBACK_BETA = 'server-side-fallback-2026-07-01';

/** The beta that lets a retry redeem a refusal's credit token in its object form. */
export const FALLBACK_CREDIT_BETA = 'fallback-credit-2026-07-01';

/** What an answer says about a server-side fallback. */
export interface ServerFallback {
  /** the model that produced the content after the last boundary (null: no boundary block was sent) */
  to: string | null;
  /** the category of the first decline, when the API named one */
  category: string | null;
}

/** The refusal details of an answer that stopped with `refusal`, normalised. */
export interface RefusalDetails {
  category: string | null;
  explanation: string | null;
  /** set when the API's fallback attempt could not be made (rate limit, overload): retry it there */
  recommended_model: string | null;
  fallback_credit_token: string | null;
}

/** Token use of one call, split by the model that used the tokens. */
export interface ModelTokens {
  model: string;
  tokens: TokenCounts;
}

/** The server-side fallback an answer records, or null when the requested model served it. */
export function serverFallbackOf(message: BetaMessage): ServerFallback | null {
  const blocks = fallbackBlocks(message.content);
  const served = (message.usage.iterations ?? []).some((i) => i.type === 'fallback_message');
  if (blocks.length === 0 && !served) return null;
  return {
    to: blocks.at(-1)?.to.model ?? null,
    category: blocks[0]?.trigger.category ?? null,
  };
}

/** The model that answered: the `fallback_message` iteration's, else the last boundary's, else the one asked. */
export function answeringModel(message: BetaMessage, requested: string): string {
  const served = (message.usage.iterations ?? []).find((i) => i.type === 'fallback_message');
  return served?.model ?? fallbackBlocks(message.content).at(-1)?.to.model ?? requested;
}

/** The answer's text: only what came after the last fallback boundary (a declined model's partial text is not the answer). */
export function answerText(message: BetaMessage): string {
  const lastBoundary = message.content.findLastIndex((b) => b.type === 'fallback');
  return message.content
    .slice(lastBoundary + 1)
    .flatMap((b) => (b.type === 'text' ? [b.text] : []))
    .join('');
}

/** The refusal's details (all null when the API sent none). */
export function refusalDetails(message: BetaMessage): RefusalDetails {
  const details = message.stop_details?.type === 'refusal' ? message.stop_details : null;
  return {
    category: details?.category ?? null,
    explanation: details?.explanation ?? null,
    recommended_model: details?.recommended_model ?? null,
    fallback_credit_token: details?.fallback_credit_token ?? null,
  };
}

/**
 * The call's tokens by model: each sampling iteration at its own model when the API lists them (a
 * declined model and the fallback are priced apart), else the whole usage at the model asked.
 */
export function tokensByModel(usage: BetaUsage, requested: string): ModelTokens[] {
  const iterations = (usage.iterations ?? []).filter(
    (i) => i.type === 'message' || i.type === 'fallback_message',
  );
  if (iterations.length === 0) return [{ model: requested, tokens: countsOf(usage) }];
  return iterations.map((i) => ({ model: ('model' in i && i.model) || requested, tokens: countsOf(i) }));
}

/** What became of a presented credit token: `redeemed`, `not_applied (reason)`, or null when none was shown. */
export function creditOutcome(usage: BetaUsage): string | null {
  const status = usage.fallback_credit?.status;
  if (!status) return null;
  return status.type === 'redeemed' ? 'redeemed' : `not_applied (${status.reason})`;
}

function fallbackBlocks(content: BetaContentBlock[]) {
  return content.flatMap((b) => (b.type === 'fallback' ? [b] : []));
}

function countsOf(usage: {
  input_tokens: number | null;
  output_tokens: number | null;
  cache_creation_input_tokens: number | null;
  cache_read_input_tokens: number | null;
}): TokenCounts {
  return {
    input_tokens: usage.input_tokens ?? 0,
    output_tokens: usage.output_tokens ?? 0,
    cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
  };
}
