import type { SourcedObject } from './compose-document.js';
import { defaultConfig, type Config, type Level, type RuleSetting } from './config.js';
import { diagnostic, type Diagnostic } from './diagnostic.js';
import { ENTITY_KINDS, type EntityKind } from './entity.js';
import { CONFIGURABLE_RULES, configurableRule, HARD_RULES } from './rule-catalog.js';
import { closestName } from './spelling.js';

/** The resolved config, where each key came from, and problems found while merging. */
export interface ResolvedConfig {
  config: Config;
  /** file and position of each key that was set; '' for the first config block */
  sources: Record<string, { file: string; line: number; column: number }>;
  diagnostics: Diagnostic[];
}

/**
 * Merges the `config` blocks of all documents over the defaults. A key may be set in one place only;
 * values the schema rejected keep their default (the schema already reported them).
 */
export function resolveConfig(blocks: SourcedObject[]): ResolvedConfig {
  const config = defaultConfig();
  const sources: ResolvedConfig['sources'] = {};
  const diagnostics: Diagnostic[] = [];
  for (const block of blocks) {
    const at = (path: string) => {
      const lc = block.positions[path] ?? block.positions[''] ?? [1, 1];
      return { file: block.file, line: lc[0], column: lc[1] };
    };
    if (!sources['']) sources[''] = at('');
    for (const [key, value] of Object.entries(block.value)) {
      const earlier = sources[key];
      if (earlier) {
        diagnostics.push(
          diagnostic(
            'bad-config',
            'error',
            `config key "${key}" is already set at ${earlier.file}:${earlier.line}; set it in one place only`,
            at(key),
          ),
        );
        continue;
      }
      sources[key] = at(key);
      if (key === 'rules') {
        applyRules(config, value, at, diagnostics);
      } else {
        applyKey(config, key, value);
      }
    }
  }
  return { config, sources, diagnostics };
}

function applyRules(
  config: Config,
  value: unknown,
  at: (path: string) => { file: string; line: number; column: number },
  diagnostics: Diagnostic[],
): void {
  if (!isRecord(value)) return;
  for (const [name, setting] of Object.entries(value)) {
    const rule = configurableRule(name);
    if (!rule) {
      const why = HARD_RULES.has(name)
        ? `"${name}" is a hard error and cannot be configured`
        : `"${name}" is not a configurable rule`;
      const near = closestName(
        name,
        CONFIGURABLE_RULES.map((r) => r.name),
      );
      const hint = near ? `; did you mean "${near}"?` : '; see docs/config.md for the list';
      diagnostics.push(diagnostic('bad-config', 'error', `config.rules: ${why}${hint}`, at(`rules/${name}`)));
      continue;
    }
    const normalized: RuleSetting | undefined =
      setting === false || setting === 'off'
        ? 'off'
        : setting === 'error' || setting === 'warning'
          ? setting
          : undefined;
    if (normalized) config.rules[rule.name] = normalized;
  }
}

function applyKey(config: Config, key: string, value: unknown): void {
  const c = config as unknown as Record<string, unknown>;
  switch (key) {
    case 'prefixes':
      if (isRecord(value)) {
        for (const [kind, prefix] of Object.entries(value)) {
          if (ENTITY_KINDS.includes(kind as EntityKind) && typeof prefix === 'string') {
            config.prefixes[kind as EntityKind] = prefix;
          }
        }
      }
      return;
    case 'levels':
      if (Array.isArray(value)) config.levels = value.map(toLevel).filter((l): l is Level => l !== undefined);
      return;
    case 'acceptable_risk_score':
      if (value === null || Number.isInteger(value)) config.acceptable_risk_score = value as number | null;
      return;
    case 'set_consistency':
      if (value === false) config.set_consistency = 'off';
      else if (value === 'off' || value === 'warn' || value === 'enforce') config.set_consistency = value;
      return;
    case 'variants':
      if (
        Array.isArray(value) &&
        value.every((g) => Array.isArray(g) && g.every((l) => typeof l === 'string'))
      ) {
        config.variants = value;
      }
      return;
    default:
      if (!(key in c)) return; // unknown keys were reported by the schema
      if (sameShape(c[key], value)) c[key] = value;
  }
}

function toLevel(value: unknown): Level | undefined {
  if (typeof value === 'string') return { name: value, ordered: true };
  if (isRecord(value) && typeof value.name === 'string') {
    const level: Level = { name: value.name, ordered: value.ordered !== false };
    if (typeof value.description === 'string') level.description = value.description;
    return level;
  }
  return undefined;
}

/** Whether a configured value has the type of the key's default (strings, string lists). */
function sameShape(current: unknown, value: unknown): boolean {
  if (Array.isArray(current)) return Array.isArray(value) && value.every((v) => typeof v === 'string');
  if (current === null || typeof current === 'string') return typeof value === 'string';
  return typeof value === typeof current;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
