import type { Severity } from './diagnostic.js';
import { configurableRule, type ConfigurableRuleName, type RuleName } from './rule-catalog.js';
import type { EntityKind } from './entity.js';

/** A verification level as configured. */
export interface Level {
  name: string;
  ordered: boolean;
  description?: string;
}

export type RuleSetting = Severity | 'off';

/** The configuration with every key resolved to a value (defaults filled in). */
export interface Config {
  prefixes: Record<EntityKind, string>;
  id_pattern: string | null;
  /** ids no new entity may take: given away before (an import lists the items it left out) */
  retired_ids: string[];
  levels: Level[];
  default_level: string;
  default_provided_level: string;
  autonomous_max_level: string;
  pyramid_min_level: string;
  pyramid_cheap_levels: string[];
  severities: string[];
  likelihoods: string[];
  acceptable_risk_score: number | null;
  high_severities: string[];
  rules: Partial<Record<ConfigurableRuleName, RuleSetting>>;
  annotation_patterns: string[];
  attribution: 'hybrid' | 'model';
  main_repo: string | null;
  sets_lock: string | null;
  flaky: 'accept' | 'flag' | 'under-verify' | 'fail';
  set_consistency: 'off' | 'warn' | 'enforce';
  variants: string[][];
}

/** Defaults of every config key; docs/config.md explains each. */
export function defaultConfig(): Config {
  return {
    prefixes: {
      user_need: 'UN-',
      requirement: 'REQ-',
      risk: 'RISK-',
      mitigation: 'MIT-',
      test_method: 'TM-',
    },
    id_pattern: null,
    retired_ids: [],
    levels: [
      { name: 'unit', ordered: true, description: 'a single unit in isolation' },
      { name: 'integration', ordered: true, description: 'several units or a unit with real dependencies' },
      { name: 'system', ordered: true, description: 'the whole system against its requirements' },
      { name: 'validation', ordered: true, description: 'the device in use against user needs' },
    ],
    default_level: 'system',
    default_provided_level: 'unit',
    autonomous_max_level: 'integration',
    pyramid_min_level: 'unit',
    pyramid_cheap_levels: ['unit', 'integration'],
    severities: ['negligible', 'minor', 'serious', 'critical', 'catastrophic'],
    likelihoods: ['improbable', 'remote', 'occasional', 'probable', 'frequent'],
    acceptable_risk_score: 6,
    high_severities: ['critical', 'catastrophic'],
    rules: {},
    annotation_patterns: ['@verifies {id}', '@implements {id}'],
    attribution: 'hybrid',
    main_repo: null,
    sets_lock: null,
    flaky: 'flag',
    set_consistency: 'warn',
    variants: [],
  };
}

/** The severity a rule has under this config ('off' when disabled). */
export function ruleSetting(config: Config, rule: RuleName): RuleSetting {
  const entry = configurableRule(rule);
  if (!entry) return 'error';
  return config.rules[entry.name] ?? entry.defaultSeverity;
}

/** Whether an id is well-formed for its kind; ids are free-form unless id_pattern is configured. */
export function idMatchesPattern(config: Config, kind: EntityKind, id: string): boolean {
  if (config.id_pattern === null) return true;
  return compileIdPattern(config.id_pattern, config.prefixes[kind]).test(id);
}

const compiled = new Map<string, RegExp>();

/** Turns id_pattern into an anchored RegExp, with `{prefix}` standing for the kind's prefix. */
export function compileIdPattern(pattern: string, prefix: string): RegExp {
  const key = `${prefix}\u0000${pattern}`;
  let re = compiled.get(key);
  if (!re) {
    const source = pattern.split('{prefix}').join(escapeRegExp(prefix));
    re = new RegExp(`^(?:${source.replace(/^\^/, '').replace(/\$$/, '')})$`, 'u');
    compiled.set(key, re);
  }
  return re;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
