// Whether the LLM workflows can run here, and why not (docs/agents.md, "Availability"): the SDK must load,
// ANTHROPIC_API_KEY must be set, and --no-llm must not be given. The key is read from the environment
// only, handed to the SDK, and never logged or sent to the browser.
import { agentSettings, type AgentSettings } from './agent-settings.js';
import { createStructuredCaller, type CallerOptions, type StructuredCaller } from './structured-caller.js';
import { loadVendorSdk, type VendorSdkLoader } from './vendor-sdk.js';

/** Whether LLM workflows can run, and with what. Never carries the API key. */
export interface LlmAvailability {
  available: boolean;
  /** why not: no SDK, no ANTHROPIC_API_KEY, or --no-llm */
  reason: string | null;
  /** `sdk-missing`, `no-api-key`, `disabled`; null when available */
  code: 'sdk-missing' | 'no-api-key' | 'disabled' | null;
  model: string;
  effort: string;
  /** where model and effort came from: a flag, the environment or rr's default */
  model_from: AgentSettings['model_from'];
  effort_from: AgentSettings['effort_from'];
  /** whether calls ask for the vendor's server-side refusal fallback (EDITOR_AGENT_FALLBACKS) */
  fallbacks: AgentSettings['fallbacks'];
  /** the SDK's version when it is installed */
  sdk_version: string | null;
}

/** The LLM side of a server or a review run: its availability and, when available, a caller factory. */
export interface LlmSetup {
  availability: LlmAvailability;
  /** a new caller (one per job); null when unavailable */
  caller: (() => StructuredCaller) | null;
}

/** How to set the LLM side up. */
export interface LlmSetupOptions {
  flags: { model?: string; effort?: string };
  /** false with --no-llm */
  enabled: boolean;
  env: Record<string, string | undefined>;
  loader?: VendorSdkLoader;
  /** test hooks: retry counts and backoff */
  tuning?: Pick<CallerOptions, 'maxRetries' | 'streamRetries' | 'streamBackoffMs' | 'maxTokens'>;
}

/** A setup with LLM workflows off, for a reason (a server or test that sets none up). */
export function llmOff(code: Exclude<LlmAvailability['code'], null>, reason: string): LlmSetup {
  const settings = agentSettings({}, {});
  return {
    availability: {
      available: false,
      reason,
      code,
      ...settings,
      sdk_version: null,
    },
    caller: null,
  };
}

/** Loads the SDK (unless disabled), reads the key and settings; AgentSettingError for a bad setting. */
export async function setUpLlm(options: LlmSetupOptions): Promise<LlmSetup> {
  const settings = agentSettings(options.flags, options.env);
  const off = (code: LlmAvailability['code'], reason: string, sdkVersion: string | null): LlmSetup => ({
    availability: { available: false, reason, code, ...settings, sdk_version: sdkVersion },
    caller: null,
  });
  if (!options.enabled)
    return off('disabled', 'LLM workflows are disabled (--no-llm); only the completeness check runs', null);
  const loaded = await loadVendorSdk(options.loader);
  if ('missing' in loaded)
    return off(
      'sdk-missing',
      'the vendor SDK @anthropic-ai/sdk is not installed (an optional dependency; install it with ' +
        `npm install @anthropic-ai/sdk); only the completeness check runs. (${loaded.missing})`,
      null,
    );
  const apiKey = options.env.ANTHROPIC_API_KEY?.trim();
  if (!apiKey)
    return off(
      'no-api-key',
      'ANTHROPIC_API_KEY is not set in the environment rr was started in; set it and restart to run the ' +
        'LLM workflows; only the completeness check runs',
      loaded.sdk.version,
    );
  const baseURL = options.env.ANTHROPIC_BASE_URL?.trim() || undefined;
  return {
    availability: { available: true, reason: null, code: null, ...settings, sdk_version: loaded.sdk.version },
    caller: () =>
      createStructuredCaller({
        sdk: loaded.sdk,
        settings,
        apiKey,
        ...(baseURL ? { baseURL } : {}),
        ...options.tuning,
      }),
  };
}
