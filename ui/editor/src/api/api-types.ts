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
  from?: string;
  /** index and work-tree letters as `git status --porcelain` prints them */
  index?: string;
  worktree?: string;
  status?: string;
}

/** The two status letters of a changed file. */
export function statusLetters(f: GitFileStatus): string {
  return f.status ?? `${f.index ?? ' '}${f.worktree ?? ' '}`;
}

/** The repository state. */
export interface GitStatus {
  repository: boolean;
  branch?: string | null;
  head?: string | null;
  upstream?: string | null;
  ahead?: number;
  behind?: number;
  files?: (GitFileStatus & { model?: boolean })[];
  model_changes?: number;
}

/** GET /api/state. */
export interface EditorState {
  rr?: string;
  project?: Record<string, unknown> | null;
  config?: Record<string, unknown>;
  model?: { path: string; files: string[] };
  evidence?: { path: string; targets: number } | null;
  lock?: { path: string; exists: boolean } | null;
  counts: {
    entities: number;
    by_kind: Partial<Record<EntityKind, number>>;
    cases: number;
    owned: number;
    unowned: number;
    quarantined: number;
    errors?: number;
    warnings?: number;
    gaps?: number;
  };
  /** the invariant line, worded by the server */
  invariant: string;
  /** "1 error, 2 warnings", worded by the server */
  issues_summary: string;
  issues: Diagnostic[];
  git: { branch: string | null; head: string | null; changed: number } | { error: string } | null;
  llm?: { available: boolean; reason?: string };
  author: string | null;
  loaded_at?: string;
}

/** GET /api/lock. */
export interface LockState {
  configured: boolean;
  path: string | null;
  exists?: boolean;
  out_of_date: boolean;
}

/** A list row of GET /api/entities (`{entities}`). */
export interface EntitySummary {
  id: string;
  kind: EntityKind;
  title: string;
  status?: string | null;
  verdict?: string | null;
  file?: string;
  line?: number;
  form?: 'sections' | 'single';
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
}

/** A source annotation. */
export interface SourceReference {
  file: string;
  line: number;
  column?: number;
  verb?: string;
  text?: string;
}

/** A gap of the work queue. */
export interface Gap {
  kind: string;
  entity: string;
  route: 'autonomous' | 'human-gate';
  detail: string;
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

/** One claim of a verification set as the server reads it: selectors with match counts, observed cases. */
export interface ClaimView {
  index: number;
  target: string;
  label: string | null;
  shape: string;
  whole: boolean;
  reason: string | null;
  level: string | null;
  problem: string | null;
  selectors: { selector: string; problem: string | null; matches: number }[];
  cases: {
    path: string;
    result: string;
    selected: boolean;
    owner: string | null;
    quarantine: string | null;
  }[];
}

/** GET /api/entities/{id}. */
export interface EntityDetail {
  entity: EntitySummary & { version: string; data: Record<string, unknown> };
  verdict: string | null;
  basis: string | null;
  derived_from: string[];
  verification: {
    members: SetMember[];
    set: ClaimView[];
    quarantined: SetMember[];
    lock: { entries: { target: string; path: string; line?: number }[]; out_of_date: boolean };
  };
  traces: {
    outgoing: GraphEdge[];
    incoming: GraphEdge[];
    chain?: { nodes: string[]; edges: GraphEdge[] };
  };
  sources: SourceReference[];
  issues: Diagnostic[];
  gaps: Gap[];
  notes: { key: string; note: EntityNote | string }[];
}

/** POST /api/entities/{id}/precheck. */
export interface PrecheckResult {
  ok: boolean;
  id?: string | null;
  problems: Conflict[];
  notices?: Conflict[];
  issues?: Diagnostic[];
  set?: { members: SetMember[]; verdict: string | null; claims: ClaimView[] } | null;
}

/** The answer of a save (create, update, rename, delete, notes). */
export interface SaveResult {
  ok: boolean;
  dry_run?: boolean;
  entity?: { id: string; kind?: EntityKind; file?: string };
  files?: string[];
  changed?: string[];
  unlocked?: { target: string; path: string; owner?: string }[];
  notices?: Conflict[];
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
  kind?: EntityKind;
  id: string;
  file: string;
  form?: string;
  new_file?: boolean;
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

/** GET /api/graph: nodes, edges, the SVG the server laid out (dagre), Mermaid text. */
export interface TraceGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  mermaid: string;
  svg: string;
}

/** A git ref. */
export interface GitRef {
  name: string;
  kind?: 'branch' | 'tag' | 'remote' | 'head' | string;
  commit?: string;
  subject?: string;
  annotation?: string;
}

/** One commit of the log. */
export interface GitCommit {
  commit: string;
  author: string;
  email?: string;
  date: string;
  subject: string;
}

/** One changed field of the semantic diff (null: absent on that side). */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** An entity present on one side of the diff only. */
export interface EntitySide {
  id: string;
  kind: EntityKind;
  file: string;
  data: Record<string, unknown>;
}

/** An entity changed between the two sides. */
export interface EntityChange {
  id: string;
  kind: EntityKind;
  file: string;
  fields: FieldChange[];
  moved_from?: string;
}

/** GET /api/diff. */
export interface ModelDiff {
  from: { ref: string; commit: string | null };
  to: { ref: string; commit: string | null };
  added: EntitySide[];
  removed: EntitySide[];
  changed: EntityChange[];
  config: FieldChange[];
  project: FieldChange[];
  meta: FieldChange[];
  schema_version: FieldChange[];
  same: boolean;
}

/** A lock entry. */
export interface LockCase {
  target: string;
  path: string;
  owner: string | null;
}

/** POST /api/lock/update. */
export interface LockUpdateResult {
  ok?: boolean;
  dry_run?: boolean;
  path?: string;
  written?: boolean;
  added?: LockCase[];
  changed?: ({ entry: LockCase; from: string | null } | (LockCase & { from?: string | null }))[];
  removed?: LockCase[];
  kept?: LockCase[];
}

/** A glob or whole-target claim a case move rewrites into literal selectors. */
export interface Expansion {
  entity: string;
  target: string;
  selector: string;
  becomes: string[];
}

/** POST /api/cases/move. */
export interface CaseMoveResult {
  ok: boolean;
  dry_run: boolean;
  case: { target: string; path: string };
  from: string | null;
  to: string | null;
  givers: string[];
  expansions: Expansion[];
  relocked: boolean;
  files?: string[];
  notices?: Conflict[];
}
