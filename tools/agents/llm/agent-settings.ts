// Which model and effort the LLM workflows use: `--agent-model`/`--agent-effort`, else
// EDITOR_AGENT_MODEL/EDITOR_AGENT_EFFORT, else rr's defaults (docs/agents.md, "Model and effort"); and
// whether calls ask for the vendor's server-side refusal fallback (EDITOR_AGENT_FALLBACKS).

/** The model used when neither the flag nor the environment names one (the vendor's general default). */
export const DEFAULT_AGENT_MODEL = 'claude-opus-5-5';

/** The effort used when neither the flag nor the environment names one. */
export const DEFAULT_AGENT_EFFORT = 'high';

/** The effort levels the Messages API takes (`output_config.effort`). */
export const AGENT_EFFORTS = ['low', 'medium', 'high', 'xhigh', 'max'] as const;

/** An effort level. */
export type AgentEffort = (typeof AGENT_EFFORTS)[number];

/** `default`: the API retries a declined request on its recommended model; `off`: it does not. */
export const AGENT_FALLBACKS = ['default', 'off'] as const;

/** Whether calls ask for the server-side fallback. */
export type AgentFallbacks = (typeof AGENT_FALLBACKS)[number];

/** Where a setting came from. */
export type SettingSource = 'flag' | 'env' | 'default';

/** The model and effort, and where each came from. */
export interface AgentSettings {
  model: string;
  effort: AgentEffort;
  model_from: SettingSource;
  effort_from: SettingSource;
  /** EDITOR_AGENT_FALLBACKS (default `default`); `off` for an endpoint that refuses the beta */
  fallbacks: AgentFallbacks;
}

/** A setting that cannot be used; the message names the flag or variable and what it takes. */
export class AgentSettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AgentSettingError';
  }
}

/** Resolves model and effort from flags, then the environment, then the defaults. */
export function agentSettings(
  flags: { model?: string; effort?: string },
  env: Record<string, string | undefined>,
): AgentSettings {
  const pick = (flag: string | undefined, variable: string, fallback: string) => {
    if (flag !== undefined && flag.trim() !== '') return { value: flag.trim(), from: 'flag' as const };
    const fromEnv = env[variable];
    if (fromEnv !== undefined && fromEnv.trim() !== '')
      return { value: fromEnv.trim(), from: 'env' as const };
    return { value: fallback, from: 'default' as const };
  };
  const model = pick(flags.model, 'EDITOR_AGENT_MODEL', DEFAULT_AGENT_MODEL);
  const effort = pick(flags.effort, 'EDITOR_AGENT_EFFORT', DEFAULT_AGENT_EFFORT);
  if (!/^[A-Za-z0-9][A-Za-z0-9._:@/-]*$/.test(model.value))
    throw new AgentSettingError(
      `${model.from === 'flag' ? '--agent-model' : 'EDITOR_AGENT_MODEL'} "${model.value}" is not a model id (e.g. ${DEFAULT_AGENT_MODEL})`,
    );
  if (!(AGENT_EFFORTS as readonly string[]).includes(effort.value))
    throw new AgentSettingError(
      `${effort.from === 'flag' ? '--agent-effort' : 'EDITOR_AGENT_EFFORT'} "${effort.value}" is not an effort: use one of ${AGENT_EFFORTS.join(', ')}`,
    );
  const fallbacks = env.EDITOR_AGENT_FALLBACKS?.trim() || 'default';
  if (!(AGENT_FALLBACKS as readonly string[]).includes(fallbacks))
    throw new AgentSettingError(
      `EDITOR_AGENT_FALLBACKS "${fallbacks}" is not a fallback setting: use ${AGENT_FALLBACKS.join(' or ')}`,
    );
  return {
    model: model.value,
    effort: effort.value as AgentEffort,
    model_from: model.from,
    effort_from: effort.from,
    fallbacks: fallbacks as AgentFallbacks,
  };
}
