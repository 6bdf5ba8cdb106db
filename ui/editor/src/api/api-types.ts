// Shapes of the editor API's answers as the UI reads them (docs/api.md is the contract). Fields the
// UI does not use are left out; optional fields are ones an answer may omit.

/** The five entity kinds. */
export const ENTITY_KINDS = ['user_need', 'requirement', 'risk', 'mitigation', 'test_method'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** A diagnostic as `rr validate --format json` prints it. */
export interface Diagnostic {
  rule: string;
  severity: 'error' | 'warning';
  message: string;
  entity?: string;
  file?: string;
  line?: number;
  column?: number;
}

/** One conflict of a refused save (spec 2: code, message, case, entities, owner). */
export interface Conflict {
  code: string;
  message: string;
  case?: { target: string; path: string } | string | null;
  entities?: string[];
  owner?: string | null;
  field?: string;
}

/** A git file status line. */
export interface GitFileStatus {
  path: string;
  status: string;
}

/** The repository state. */
export interface GitStatus {
  available?: boolean;
  branch?: string | null;
  head?: string | null;
  clean?: boolean;
  files?: GitFileStatus[];
}

/** GET /api/state. */
export interface EditorState {
  project?: Record<string, unknown> | null;
  config?: Record<string, unknown>;
  counts?: {
    entities?: Partial<Record<EntityKind, number>> & { total?: number };
    cases?: number;
    owned?: number;
    unowned?: number;
    quarantined?: number;
  };
  issues?: Diagnostic[];
  git?: GitStatus;
  llm?: boolean | { available?: boolean };
  author?: string | null;
  lock?: { configured?: boolean; out_of_date?: boolean; path?: string | null };
  lanes?: string[];
}

/** A list row of GET /api/entities. */
export interface EntitySummary {
  id: string;
  kind: EntityKind;
  title: string;
  status?: string | null;
  verdict?: string | null;
  file?: string;
  line?: number;
  version?: string;
}

/** A member of a verification set. */
export interface SetMember {
  target: string;
  path: string;
  state: string;
  flaky: boolean;
  stale: boolean;
  basis?: string;
  level?: string;
  selector?: string;
  quarantine?: string;
  movedTo?: string;
  moved_to?: string;
}

/** A source annotation. */
export interface SourceReference {
  file: string;
  line: number;
  column?: number;
  verb?: string;
}

/** A gap of the work queue. */
export interface Gap {
  kind: string;
  entity: string;
  route: 'autonomous' | 'human-gate';
  detail: string;
}

/** One trace relation of an entity. */
export interface TraceLink {
  id: string;
  kind?: EntityKind;
  title?: string;
  relation: string;
  direction?: 'up' | 'down';
  verdict?: string | null;
}

/** A note on an entity. */
export interface EntityNote {
  id?: string;
  text: string;
  kind?: string;
  status?: string;
  author?: string;
  created?: string;
}

/** GET /api/entities/{id}. */
export interface EntityDetail {
  id: string;
  kind: EntityKind;
  version: string;
  data: Record<string, unknown>;
  file?: string;
  line?: number;
  verdict?: string | null;
  basis?: string;
  derived_from?: string[];
  members?: SetMember[];
  set?: SetMember[];
  quarantined?: SetMember[];
  lock?: { out_of_date?: boolean; entries?: unknown[] } | null;
  traces?: { up?: TraceLink[]; down?: TraceLink[]; chain?: TraceLink[] } | TraceLink[];
  sources?: SourceReference[];
  issues?: Diagnostic[];
  gaps?: Gap[];
}

/** POST /api/entities/{id}/precheck. */
export interface PrecheckResult {
  ok: boolean;
  problems: Conflict[];
  notices?: Conflict[];
  issues?: Diagnostic[];
  set?: SetMember[];
  selectors?: { target: string; selector: string; matches: number }[];
}

/** A row of the case ledger. */
export interface LedgerRow {
  target: string;
  path: string;
  owner: string | null;
  basis: 'model' | 'tag' | null;
  result: string;
  quarantine: string | null;
  claimed_by: string[];
  locked_owner: string | null;
  lock_status: 'locked' | 'unlocked' | 'changed';
  coarse: boolean;
  flaky: boolean;
  lanes: string[];
}

/** GET /api/next-id. */
export interface NextId {
  id: string;
  file: string;
}

/** A node and an edge of the trace graph. */
export interface GraphNode {
  id: string;
  kind: EntityKind;
  title: string;
  verdict?: string | null;
}
export interface GraphEdge {
  from: string;
  to: string;
  relation: string;
}

/** GET /api/graph. */
export interface TraceGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  mermaid?: string;
  svg?: string;
}

/** A git ref. */
export interface GitRef {
  name: string;
  kind?: string;
  commit?: string;
}

/** One changed field of the semantic diff. */
export interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
}

/** One entity of the semantic diff. */
export interface EntityChange {
  id: string;
  kind?: EntityKind;
  change: 'added' | 'removed' | 'changed' | 'renamed' | string;
  fields?: FieldChange[];
}

/** GET /api/diff. */
export interface ModelDiff {
  from: string;
  to: string;
  entities: EntityChange[];
}

/** POST /api/lock/update. */
export interface LockUpdateResult {
  dry_run?: boolean;
  written?: boolean;
  added?: unknown[];
  changed?: unknown[];
  removed?: unknown[];
  kept?: unknown[];
  refused?: string | null;
  text?: string;
}

/** POST /api/cases/move. */
export interface CaseMoveResult {
  dry_run?: boolean;
  ok?: boolean;
  needs_expand?: boolean;
  rewrites?: { entity: string; target: string; from: string[]; to: string[] }[];
  changes?: unknown[];
  problems?: Conflict[];
}
