// What rr knows of the vendor's models: their list prices, for a job's cost (docs/agents.md, "Costs"),
// and whether each takes adaptive thinking and the effort setting (docs/agents.md, "Model and effort").
// Which model takes a declined request is the vendor's choice, made by the API (refusal-fallback.ts).

/** US dollars per million tokens. */
interface ModelPrice {
  input: number;
  output: number;
}

// The vendor's list prices (models overview and model pages). Prompt-cache writes cost 1.25 times the
// input price, cache reads a tenth of it, on every model listed.
const PRICES: Record<string, ModelPrice> = {
  'claude-fable-5-1': { input: 10, output: 50 },
  'claude-fable-5': { input: 10, output: 50 },
  'claude-opus-5-5': { input: 4, output: 20 },
  'claude-opus-5': { input: 5, output: 25 },
  'claude-opus-4-8': { input: 5, output: 25 },
  'claude-opus-4-7': { input: 5, output: 25 },
  'claude-sonnet-5-5': { input: 2, output: 10 },
  'claude-sonnet-5': { input: 2, output: 10 },
  'claude-haiku-4-5': { input: 1, output: 5 },
};

// The vendor's adaptive-thinking and effort pages: every model above takes both except Claude Haiku 4.5,
// which answers a request carrying either with a 400 (docs/decisions/0240-thinking-by-model-catalogue.md).
const WITHOUT_ADAPTIVE_THINKING = new Set(['claude-haiku-4-5']);

/** The catalogue's name of a model: a dated id (`claude-haiku-4-5-20251001`) is its model's. */
function catalogueName(model: string): string {
  return model.replace(/-\d{8}$/, '');
}

/**
 * Whether a model takes adaptive thinking and `output_config.effort`. A model the catalogue does not
 * know is assumed to (the vendor's newer models all do; an older one answers 400, naming the field).
 */
export function takesAdaptiveThinking(model: string): boolean {
  return !WITHOUT_ADAPTIVE_THINKING.has(catalogueName(model));
}

/** Tokens of one call, as the Messages API counts them. */
export interface TokenCounts {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

/** The cost of some tokens on a model in US dollars, or null when rr does not know the model's price. */
export function tokenCost(model: string, tokens: TokenCounts): number | null {
  const price = PRICES[model] ?? PRICES[catalogueName(model)];
  if (!price) return null;
  const perToken = (dollarsPerMillion: number) => dollarsPerMillion / 1_000_000;
  return (
    tokens.input_tokens * perToken(price.input) +
    tokens.cache_creation_input_tokens * perToken(price.input * 1.25) +
    tokens.cache_read_input_tokens * perToken(price.input * 0.1) +
    tokens.output_tokens * perToken(price.output)
  );
}
