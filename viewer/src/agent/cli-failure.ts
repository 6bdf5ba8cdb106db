// SPDX-License-Identifier: AGPL-3.0-or-later
// Why a run of the assistant CLI failed, in the CLI's own terms, and what the user can do about it. The
// real CLI reports most failures as a `result` with `is_error: true` (under subtype `success` when the
// API could not be used at all: not logged in, a refused key, no connection), after a `<synthetic>`
// assistant message whose `error` says which (`SDKAssistantMessageError` of the Agent SDK's
// declarations); a failed request it retries first shows as `api_retry` lines. A cause that every other
// call would meet as well (`shared`) stops net labelling after the first chunk that met it.

import type { CliMessage } from './cli-stream-messages.js';

/** What went wrong, in groups that call for the same remedy. */
export type CliFailureCause =
  | 'authentication'
  | 'billing'
  | 'network'
  | 'rate-limit'
  | 'overloaded'
  | 'model'
  | 'invalid-request'
  | 'server'
  | 'output-limit'
  | 'budget'
  | 'max-turns'
  | 'execution'
  | 'unknown';

/** A failed run: the cause, the CLI's words, what to do, and whether every other call would fail too. */
export interface CliFailure {
  cause: CliFailureCause;
  /** One sentence: what failed, with the CLI's own words. */
  message: string;
  /** What to do about it. */
  fix: string;
  /** Whether any other call would fail the same way (authentication, network, billing, the model). */
  shared: boolean;
}

type Result = Extract<CliMessage, { kind: 'result' }>;
type Retry = Extract<CliMessage, { kind: 'api-retry' }>;

/** What the run saw that bears on a failure: the result, the last synthetic error and the last retry. */
export interface FailureEvidence {
  result?: Result;
  /** `error` of the last assistant message that carried one, and its text. */
  assistantError?: { error: string; text: string };
  lastRetry?: Retry;
  /** The model the run asked for (--agent-model). */
  model: string;
}

const SIGN_IN =
  "sign in as the user that runs rr view (claude auth login), or set ANTHROPIC_API_KEY in the environment rr view starts in; rr loads none of Claude Code's settings files, so a key or helper set there is not used";
const NETWORK =
  'check the network connection of this machine, a proxy it needs (HTTPS_PROXY) and ANTHROPIC_BASE_URL when it is set; then ask again';

const CONNECTION =
  /unable to connect|connection ?(refused|error|reset)|econnrefused|enotfound|eai_again|etimedout|timed? ?out|fetch failed|network|socket/i;

/** Why a run that ended with `is_error` (or a synthetic error) failed; undefined when it did not. */
export function cliFailure(e: FailureEvidence): CliFailure | undefined {
  const r = e.result;
  if (r ? !r.isError : !e.assistantError) return undefined;
  const said = (r?.text || e.assistantError?.text || r?.errors.join('; ') || '').trim();
  const words = said ? ` (the CLI said: "${said}")` : '';
  if (r?.subtype === 'error_max_budget_usd')
    return {
      cause: 'budget',
      message: 'the call reached its budget before it finished',
      fix: 'ask a narrower question, or raise the budget of a call',
      shared: false,
    };
  if (r?.subtype === 'error_max_turns')
    return {
      cause: 'max-turns',
      message: `the call reached the CLI's limit of turns${words}`,
      fix: 'ask a narrower question',
      shared: false,
    };
  const error = e.assistantError?.error ?? e.lastRetry?.error;
  const status = r?.apiErrorStatus ?? e.lastRetry?.errorStatus ?? null;
  switch (error) {
    case 'authentication_failed':
      return {
        cause: 'authentication',
        message: `the assistant CLI is not signed in, or its API key was refused${words}`,
        fix: SIGN_IN,
        shared: true,
      };
    case 'oauth_org_not_allowed':
      return {
        cause: 'authentication',
        message: `the signed-in account's organisation may not use the assistant CLI${words}`,
        fix: `sign in with another account, or set ANTHROPIC_API_KEY (${SIGN_IN})`,
        shared: true,
      };
    case 'billing_error':
      return {
        cause: 'billing',
        message: `the API account cannot be billed${words}`,
        fix: "check the account's credit and billing settings in the vendor's console",
        shared: true,
      };
    case 'rate_limit':
      return {
        cause: 'rate-limit',
        message: `the API's rate limit was reached and the CLI's retries did not help${words}`,
        fix: 'wait a few minutes and ask again',
        shared: true,
      };
    case 'overloaded':
      return {
        cause: 'overloaded',
        message: `the API is overloaded and the CLI's retries did not help${words}`,
        fix: 'ask again later',
        shared: true,
      };
    case 'model_not_found':
      return {
        cause: 'model',
        message: `the model ${e.model} is not available to this account${words}`,
        fix: 'choose another model with --agent-model (opus, sonnet, haiku or a full model name)',
        shared: true,
      };
    case 'invalid_request':
      return {
        cause: 'invalid-request',
        message: `the API refused the request${words}`,
        fix: 'if it names the model or a setting, choose another model with --agent-model; otherwise report it with the CLI version',
        shared: true,
      };
    case 'max_output_tokens':
      return {
        cause: 'output-limit',
        message: `the answer reached the model's output limit${words}`,
        fix: 'ask a narrower question',
        shared: false,
      };
    default:
      break;
  }
  // server_error and unknown: a connection that failed has no HTTP status.
  if ((error !== undefined && status === null && e.lastRetry) || CONNECTION.test(said))
    return { cause: 'network', message: `the API could not be reached${words}`, fix: NETWORK, shared: true };
  if (error === 'server_error')
    return {
      cause: 'server',
      message: `the API failed${status ? ` (HTTP ${status})` : ''}${words}`,
      fix: 'ask again later',
      shared: true,
    };
  if (r?.subtype === 'error_during_execution')
    return {
      cause: 'execution',
      message: `the assistant CLI failed while it ran${r.errors.length ? `: ${r.errors.join('; ')}` : words}`,
      fix: 'ask again; if it fails again, report it with the CLI version',
      shared: false,
    };
  return {
    cause: 'unknown',
    message: `the assistant CLI ended with an error${r && r.subtype !== 'success' ? ` (${r.subtype})` : ''}${words}`,
    fix: 'ask again; if it fails again, report it with the CLI version',
    shared: false,
  };
}

const RETRY_WORDS: Record<string, string> = {
  authentication_failed: 'the API refused the credentials',
  oauth_org_not_allowed: "the account's organisation is not allowed",
  billing_error: 'a billing error',
  rate_limit: 'rate limited',
  overloaded: 'the API is overloaded',
  invalid_request: 'the API refused the request',
  model_not_found: 'no such model',
  server_error: 'a server error',
  max_output_tokens: 'the output limit',
};

/** A retry as progress: "retrying 3/10 in 8 s: connection refused". */
export function retryProgress(retry: Retry): string {
  const why =
    retry.errorStatus === null && (retry.error === 'unknown' || retry.error === 'server_error')
      ? 'the API could not be reached'
      : `${RETRY_WORDS[retry.error] ?? retry.error}${retry.errorStatus !== null ? ` (HTTP ${retry.errorStatus})` : ''}`;
  return `retrying ${retry.attempt}/${retry.maxRetries} in ${Math.max(1, Math.round(retry.delayMs / 1000))} s: ${why}`;
}
