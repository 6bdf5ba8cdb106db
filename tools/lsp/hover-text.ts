import { KIND_WORDS, type Entity } from '../model/entity.js';
import type { Model } from '../model/model.js';
import type { RuleContext } from '../validate/rule-context.js';
import type { EntityVerdict } from '../verify/verdicts.js';
import { traceOf } from './model-navigation.js';

/** At most this many cases are listed under a verdict; the rest are counted. */
const CASES_SHOWN = 12;

/** The hover of an entity as Markdown: title, kind and status, verdict with its cases, parents, children. */
export function entityHover(model: Model, ctx: RuleContext, entity: Entity, verdict?: EntityVerdict): string {
  const title = typeof entity.data.title === 'string' ? ` — ${entity.data.title}` : '';
  const status = typeof entity.data.status === 'string' ? ` · status ${entity.data.status}` : '';
  const lines = [`**${entity.id}**${title}`, '', `${KIND_WORDS[entity.kind]}${status}`];
  if (verdict) {
    lines.push('', `Verdict: **${verdict.verdict ?? 'none'}** (${verdict.basis})`);
    for (const m of verdict.members.slice(0, CASES_SHOWN))
      lines.push(`- \`${m.target}\` ${m.path}: ${m.state}`);
    if (verdict.members.length > CASES_SHOWN)
      lines.push(`- and ${verdict.members.length - CASES_SHOWN} more cases`);
    if (verdict.derived_from.length > 0) lines.push(`- derived from ${verdict.derived_from.join(', ')}`);
  }
  const { parents, children } = traceOf(model, ctx, entity);
  lines.push('', `Parents: ${parents.length > 0 ? parents.join(', ') : 'none'}`);
  lines.push('', `Children: ${children.length > 0 ? children.join(', ') : 'none'}`);
  return lines.join('\n');
}
