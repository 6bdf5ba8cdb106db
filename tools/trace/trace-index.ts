// The one index of a model's trace links (docs/verification.md, "Trace links"). Every walk over
// satisfies, refines, implemented_by, mitigates and mitigated_by goes through it: the validation rules,
// verdicts, the trace graph, the agents' prompts and the editor's views. Its shape (the links by id) is
// built once per model in one pass over the entities' fields, or taken over from a model with the same
// links; each question reads only the links of the entity it is about.
//
// Its two rules:
// - Kinds: a link is kept when its target exists and is of the kind the field names. Anything else is a
//   reference error (dangling-reference, wrong-reference-kind) and no link; the index only remembers
//   that the field names something broken, so a coverage rule does not report the same mistake again.
// - Obsolete entities keep their links, so what shows links (`outgoing`, `incoming`, `links`: the graph,
//   entity pages, prompts) shows them; a link with an obsolete entity at either end counts for nothing,
//   so every question that counts (`up`, `down` and the questions built on them: coverage, hierarchy,
//   verdicts, a risk's controls) leaves it out.
import { isObsolete, stringList, type Entity } from '../model/entity.js';
import type { Model } from '../model/model.js';
import { appendTo } from '../model/multi-map.js';
import { TRACE_FIELDS, type TraceRelation } from './trace-fields.js';

/** One trace link, from the more specific entity to what it serves. */
export interface TraceLink {
  from: Entity;
  to: Entity;
  relation: TraceRelation;
  /** neither end is obsolete: the link counts */
  live: boolean;
}

/** What the index is built from. */
export type TracedModel = Pick<Model, 'entities' | 'byId'>;

const NONE: readonly TraceLink[] = [];

/** One link by the ids of its ends. */
interface LinkShape {
  from: string;
  to: string;
  relation: TraceRelation;
  live: boolean;
}

/**
 * The trace links of a model by id, without its entity objects: what only the entities' ids, kinds,
 * statuses and link fields decide. A model with the same ids, kinds, statuses and links (a title edited,
 * lines moved) has the same shape, so the incremental engine (docs/incremental.md) makes a new model's
 * index from the shape it has instead of walking every entity again.
 */
export class TraceShape {
  /** every link once (named from both sides or not), in the load order of the entity naming it first */
  readonly links: readonly LinkShape[];
  /** id → the positions in `links` of the links from it, and to it */
  readonly byFrom = new Map<string, number[]>();
  readonly byTo = new Map<string, number[]>();
  /** "id\0field" of each field that names an unknown id or an entity of the wrong kind */
  readonly broken = new Set<string>();

  constructor(model: TracedModel) {
    const links: LinkShape[] = [];
    // A link named twice (from both ends, or twice in a list) is found among the few links already
    // from its entity: no key string per link.
    const known = (from: string, to: string, relation: TraceRelation) =>
      this.byFrom.get(from)?.some((i) => links[i]!.to === to && links[i]!.relation === relation) === true;
    for (const writer of model.entities) {
      for (const f of TRACE_FIELDS) {
        if (writer.kind !== f.kind) continue;
        for (const id of stringList(writer.data[f.field])) {
          const other = model.byId.get(id);
          if (other?.kind !== f.target) {
            this.broken.add(`${writer.id}\u0000${f.field}`);
            continue;
          }
          const [from, to] = f.writtenBy === 'from' ? [writer, other] : [other, writer];
          if (known(from.id, to.id, f.relation)) continue;
          appendTo(this.byFrom, from.id, links.length);
          appendTo(this.byTo, to.id, links.length);
          links.push({
            from: from.id,
            to: to.id,
            relation: f.relation,
            live: !isObsolete(from) && !isObsolete(to),
          });
        }
      }
    }
    this.links = links;
  }
}

/**
 * The trace links of one model, by either end. Links are made from the shape as they are first asked
 * for, with the model's entities at their ends; each link is one object however it is reached.
 */
export class TraceIndex {
  private readonly made: (TraceLink | undefined)[];
  private readonly outgoingOf = new Map<string, readonly TraceLink[]>();
  private readonly incomingOf = new Map<string, readonly TraceLink[]>();
  private all: readonly TraceLink[] | undefined;

  /** An index over `model`; `shape` must be the shape of a model with its ids, kinds, statuses and links. */
  constructor(
    readonly model: TracedModel,
    readonly shape: TraceShape = new TraceShape(model),
  ) {
    this.made = new Array<TraceLink | undefined>(shape.links.length);
  }

  /** every link once (named from both sides or not), in the load order of the entity naming it first */
  get links(): readonly TraceLink[] {
    return (this.all ??= this.shape.links.map((_, i) => this.link(i)));
  }

  /** Every link from an entity to what it serves, obsolete ends included (for showing). */
  outgoing(id: string): readonly TraceLink[] {
    return this.linksAt(this.outgoingOf, this.shape.byFrom, id);
  }

  /** Every link into an entity from what serves it, obsolete ends included (for showing). */
  incoming(id: string): readonly TraceLink[] {
    return this.linksAt(this.incomingOf, this.shape.byTo, id);
  }

  /** What an entity serves through live links of the given relations (all when none are given). */
  up(id: string, ...relations: TraceRelation[]): Entity[] {
    const out: Entity[] = [];
    for (const l of this.outgoing(id))
      if (l.live && (relations.length === 0 || relations.includes(l.relation))) out.push(l.to);
    return out;
  }

  /** What serves an entity through live links of the given relations (all when none are given). */
  down(id: string, ...relations: TraceRelation[]): Entity[] {
    const out: Entity[] = [];
    for (const l of this.incoming(id))
      if (l.live && (relations.length === 0 || relations.includes(l.relation))) out.push(l.from);
    return out;
  }

  /**
   * A requirement's parents (docs/glossary.md, "parent"): the requirements it refines, then the
   * mitigations whose implemented_by names it.
   */
  parents(id: string): Entity[] {
    return [...this.up(id, 'refines'), ...this.up(id, 'implements')];
  }

  /** The requirements that refine a requirement. */
  children(id: string): Entity[] {
    return this.down(id, 'refines');
  }

  /** The requirements that satisfy a user need. */
  satisfiers(id: string): Entity[] {
    return this.down(id, 'satisfies');
  }

  /** A risk's mitigations, named from either side. */
  mitigationsOf(id: string): Entity[] {
    return this.down(id, 'mitigates');
  }

  /** The requirements that implement a mitigation (its implemented_by). */
  implementers(id: string): Entity[] {
    return this.down(id, 'implements');
  }

  /** The mitigations a requirement implements. */
  implemented(id: string): Entity[] {
    return this.up(id, 'implements');
  }

  /**
   * A risk's chain of controls: its mitigations, then the requirements behind them: those implementing a
   * mitigation, then the requirements refining those, level by level, each once.
   */
  riskChain(id: string): { mitigations: Entity[]; requirements: Entity[] } {
    const mitigations = this.mitigationsOf(id);
    const requirements: Entity[] = [];
    const seen = new Set<string>();
    const add = (r: Entity) => {
      if (seen.has(r.id)) return;
      seen.add(r.id);
      requirements.push(r);
    };
    for (const m of mitigations) this.implementers(m.id).forEach(add);
    // `requirements` grows while it is read: a queue, level by level; `seen` stops a refines cycle.
    for (let i = 0; i < requirements.length; i++) this.children(requirements[i]!.id).forEach(add);
    return { mitigations, requirements };
  }

  /** Whether a field of an entity names an unknown id or an entity of the wrong kind. */
  namesBroken(id: string, field: string): boolean {
    return this.shape.broken.has(`${id}\u0000${field}`);
  }

  private linksAt(
    cache: Map<string, readonly TraceLink[]>,
    positions: ReadonlyMap<string, number[]>,
    id: string,
  ): readonly TraceLink[] {
    let list = cache.get(id);
    if (!list) {
      const at = positions.get(id);
      list = at ? at.map((i) => this.link(i)) : NONE;
      cache.set(id, list);
    }
    return list;
  }

  private link(i: number): TraceLink {
    let link = this.made[i];
    if (!link) {
      const { from, to, relation, live } = this.shape.links[i]!;
      link = { from: this.model.byId.get(from)!, to: this.model.byId.get(to)!, relation, live };
      this.made[i] = link;
    }
    return link;
  }
}

const indexes = new WeakMap<TracedModel, TraceIndex>();

/**
 * The trace index of a model, built on first use (a loaded model does not change); from `shape` when
 * one is given (the shape of a model with the same ids, kinds, statuses and links).
 */
export function traceIndex(model: TracedModel, shape?: TraceShape): TraceIndex {
  let index = indexes.get(model);
  if (!index) indexes.set(model, (index = new TraceIndex(model, shape)));
  return index;
}
