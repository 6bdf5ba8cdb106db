import type { Config } from '../model/config.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { entityName, type Entity } from '../model/entity.js';
import type { EntityVerdict } from './verdicts.js';
import { byCodePoint } from '../model/code-point-order.js';

/** One item of the work queue: what is missing, for which entity, and who may act on it. */
export interface Gap {
  kind: string;
  entity: string;
  route: 'autonomous' | 'human-gate';
  detail: string;
}

const ENTITY_NOTE_GAP_KINDS = new Set(['gap', 'todo', 'question']);

/**
 * The gaps of a model: unverified, failing, missing and quarantined sets, unmitigated risks, open
 * notes of any entity (`note:gap`, `note:todo`, `note:question`; questions always go to a human), and
 * pyramid gaps (a requirement with passing cases but none at or below pyramid_min_level or a cheap level).
 * A gap is autonomous when the level it needs is at most autonomous_max_level.
 */
export function findGaps(
  entities: readonly Entity[],
  verdicts: readonly EntityVerdict[],
  diagnostics: readonly Diagnostic[],
  config: Config,
): Gap[] {
  const byId = new Map(entities.map((e) => [e.id, e]));
  const failed = new Set(verdicts.filter((v) => v.verdict === 'FAILED').map((v) => v.id));
  const gaps: Gap[] = [];
  for (const v of verdicts) gaps.push(...verdictGaps(v, byId, (id) => failed.has(id), config));
  for (const d of diagnostics) if (d.rule === 'risk-unmitigated' && d.entity) gaps.push(unmitigated(d));
  return gaps.sort((a, b) => byCodePoint(a.entity, b.entity) || byCodePoint(a.kind, b.kind));
}

/**
 * The gaps of one entity: those findGaps lists for it, in the same order, worked out from its own
 * verdict (and whether the entities it derives from fail) instead of every entity's.
 */
export function gapsOfEntity(
  id: string,
  byId: Pick<ReadonlyMap<string, Entity>, 'get'>,
  verdictOf: (id: string) => EntityVerdict | undefined,
  diagnostics: readonly Diagnostic[],
  config: Config,
): Gap[] {
  const v = verdictOf(id);
  const gaps = v ? verdictGaps(v, byId, (other) => verdictOf(other)?.verdict === 'FAILED', config) : [];
  for (const d of diagnostics)
    if (d.rule === 'risk-unmitigated' && d.entity === id) gaps.push(unmitigated(d));
  return gaps.sort((a, b) => byCodePoint(a.kind, b.kind));
}

function unmitigated(d: Diagnostic): Gap {
  return { kind: 'unmitigated', entity: d.entity!, route: 'human-gate', detail: d.message };
}

/** The gaps one verdict raises for its entity (none for an obsolete or unknown one). */
function verdictGaps(
  v: EntityVerdict,
  byId: Pick<ReadonlyMap<string, Entity>, 'get'>,
  isFailed: (id: string) => boolean,
  config: Config,
): Gap[] {
  const order = config.levels.map((l) => l.name);
  const rank = (level: string) => {
    const i = order.indexOf(level);
    return i < 0 ? order.length : i;
  };
  const testMethodLevel = (e: Entity) => {
    const method = typeof e.data.method === 'string' ? e.data.method : undefined;
    const tm = method ? byId.get(method) : undefined;
    if (tm?.kind === 'test_method' && typeof tm.data.level === 'string') return tm.data.level;
    return method && order.includes(method) ? method : config.default_level;
  };
  const route = (level: string): Gap['route'] =>
    rank(level) <= rank(config.autonomous_max_level) ? 'autonomous' : 'human-gate';
  const gaps: Gap[] = [];
  const e = byId.get(v.id);
  // A test method has no verdict, so it raises no verdict gap; its open notes still join the queue.
  if (!e || e.data.status === 'obsolete') return gaps;
  const needed =
    e.kind === 'requirement'
      ? testMethodLevel(e)
      : e.kind === 'user_need'
        ? 'validation'
        : e.kind === 'test_method' && typeof e.data.level === 'string'
          ? e.data.level
          : config.default_level;
  const add = (kind: string, detail: string, r = route(needed)) =>
    gaps.push({ kind, entity: e.id, route: r, detail });
  if (v.verdict === 'INVALID')
    add(
      'quarantined',
      `${entityName(e)} is INVALID: fix the hard errors on its claims or cases`,
      'human-gate',
    );
  else if (v.verdict === 'FAILED') {
    // As the verdict counts them: under `flaky: fail` a flaky pass fails too.
    const own = v.members.filter(
      (m) => m.state === 'failed' || m.state === 'error' || (m.flaky && config.flaky === 'fail'),
    ).length;
    // Only the sources that fail explain the failure; passing ones would mislead.
    add(
      'failing',
      own > 0
        ? `${own} case(s) of ${entityName(e)} fail`
        : `${entityName(e)} fails through ${v.derived_from.filter(isFailed).join(', ')}`,
    );
  } else if (v.verdict === 'UNVERIFIED' && v.basis === 'none' && e.kind !== 'risk')
    add('unverified', `${entityName(e)} has no verification set; claim test cases at level ${needed}`);
  for (const m of v.members.filter(
    (x) => x.state === 'missing' || x.state === 'not run' || x.state === 'moved',
  )) {
    add('missing', `locked case ${m.target} ${m.path} is ${m.state}`);
  }
  if (e.kind === 'requirement' && v.members.some((m) => m.state === 'passed')) {
    // Only passing cases build the pyramid: a missing or failing cheap test is no base.
    const cheap = v.members.some(
      (m) =>
        m.state === 'passed' &&
        (rank(m.level) <= rank(config.pyramid_min_level) || config.pyramid_cheap_levels.includes(m.level)),
    );
    if (!cheap)
      add(
        'pyramid',
        `${entityName(e)} is verified only above ${config.pyramid_min_level}; add cheaper tests`,
        route(config.pyramid_min_level),
      );
  }
  const notes = Array.isArray(e.data.notes) ? e.data.notes : [];
  for (const note of notes) {
    if (!note || typeof note !== 'object') continue;
    const n = note as { kind?: string; status?: string; text?: string };
    if (!n.kind || !ENTITY_NOTE_GAP_KINDS.has(n.kind) || n.status === 'resolved') continue;
    add(`note:${n.kind}`, String(n.text ?? ''), n.kind === 'question' ? 'human-gate' : route(needed));
  }
  return gaps;
}
