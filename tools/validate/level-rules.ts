import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { entityName, positionOf } from '../model/entity.js';
import type { Config } from '../model/config.js';
import type { RuleContext } from './rule-context.js';

const LEVEL_KEYS = [
  'default_level',
  'default_provided_level',
  'autonomous_max_level',
  'pyramid_min_level',
] as const;

/** Levels named by claims, test methods and config keys must be configured levels (unknown-value / bad-config). */
export function levelRules(ctx: RuleContext): Diagnostic[] {
  return [...entityLevelRules(ctx), ...configLevelRules(ctx)];
}

/**
 * The configured level names, whether a level is one, and their list for messages; undefined when no
 * levels are configured (nothing is checked).
 */
function configuredLevels(ctx: RuleContext) {
  const { config } = ctx.model;
  // Once per config: the incremental engine asks for each file (docs/incremental.md).
  if (levelsOf.has(config)) return levelsOf.get(config);
  const levels = config.levels.map((l) => l.name);
  const configured =
    levels.length === 0
      ? undefined
      : { known: (level: string) => levels.includes(level), list: levels.join(', ') };
  levelsOf.set(config, configured);
  return configured;
}

const levelsOf = new WeakMap<Config, { known: (level: string) => boolean; list: string } | undefined>();

/** Levels named by claims and test methods must be configured levels (unknown-value). */
export function entityLevelRules(ctx: RuleContext): Diagnostic[] {
  const levels = configuredLevels(ctx);
  if (!levels) return [];
  const { known, list } = levels;
  const out: Diagnostic[] = [];
  for (const claim of ctx.claims) {
    if (claim.level === undefined || known(claim.level)) continue;
    const e = claim.entity;
    out.push(
      diagnostic(
        'unknown-value',
        'error',
        `${entityName(e)}: level "${claim.level}" is not a configured level (${list})`,
        positionOf(e, `${claim.field}/${claim.index}/level`),
        e.id,
      ),
    );
  }
  for (const e of ctx.model.entities) {
    if (e.kind === 'test_method' && typeof e.data.level === 'string' && !known(e.data.level)) {
      out.push(
        diagnostic(
          'unknown-value',
          'error',
          `test method ${e.id}: level "${e.data.level}" is not a configured level (${list})`,
          positionOf(e, 'level'),
          e.id,
        ),
      );
    }
  }
  return out;
}

/** Levels named by config keys must be configured levels (bad-config). */
export function configLevelRules(ctx: RuleContext): Diagnostic[] {
  const levels = configuredLevels(ctx);
  if (!levels) return [];
  const { known, list } = levels;
  const { config, configSources } = ctx.model;
  const out: Diagnostic[] = [];
  const configured: [string, string][] = [
    ...LEVEL_KEYS.map((k): [string, string] => [k, config[k]]),
    ...config.pyramid_cheap_levels.map((l): [string, string] => ['pyramid_cheap_levels', l]),
  ];
  for (const [key, level] of configured) {
    const at = configSources[key];
    if (!at || known(level)) continue; // defaults that name removed levels are not the user's doing
    out.push(
      diagnostic(
        'bad-config',
        'error',
        `config.${key}: "${level}" is not one of config.levels (${list})`,
        at,
      ),
    );
  }
  return out;
}
