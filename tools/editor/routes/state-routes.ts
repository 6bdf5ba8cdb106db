// The overview (GET /api/state) and re-reading the inputs (POST /api/reload).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../model/config.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { ENTITY_KINDS, type EntityKind } from '../../model/entity.js';
import { packageVersion } from '../../model/package-version.js';
import { countDiagnostics } from '../../report/diagnostic-counts.js';
import { diagnosticCountLine, invariantLine } from '../../report/report-sentences.js';
import type { Analysis } from '../../verify/analyze.js';
import { verificationLockPathOf } from '../../verify/verification-lock-path.js';
import type { LlmAvailability } from '../../agents/llm/llm-availability.js';
import { authorText } from '../../git/author-text.js';
import type { EditorContext } from '../editor-context.js';
import type { RecentEdit } from '../../app/model-session.js';

/** GET /api/state: the overview of the loaded model, evidence, lock and checkout. */
export interface EditorState {
  rr: string;
  project: Record<string, unknown>;
  config: Config;
  model: { path: string; files: string[] };
  evidence: { path: string | undefined; targets: number } | null;
  lock: { path: string; exists: boolean } | null;
  counts: Analysis['counts'] & {
    entities: number;
    by_kind: Record<EntityKind, number>;
    errors: number;
    warnings: number;
    gaps: number;
    /** suspect links (docs/change-control.md) */
    suspect: number;
  };
  /** whether the model has review stamps */
  stamped: boolean;
  /** the invariant line, as `rr report` words it */
  invariant: string;
  /** "1 error, 3 warnings", as `rr report` words it */
  issues_summary: string;
  issues: Diagnostic[];
  git: { branch: string | null; head: string | null; changed: number } | { error: string } | null;
  llm: LlmAvailability;
  author: string | null;
  loaded_at: string;
  edits: RecentEdit[];
}

/** The state and reload routes. */
export function registerStateRoutes(app: FastifyInstance, ctx: EditorContext): void {
  const { session } = ctx;

  app.get('/api/state', async (): Promise<EditorState> => {
    const model = session.model;
    const analysis = session.analysis();
    const byKind = Object.fromEntries(ENTITY_KINDS.map((k) => [k, 0])) as Record<EntityKind, number>;
    for (const e of model.entities) byKind[e.kind]++;
    const issues = analysis.diagnostics.map((d) => (d.file ? { ...d, file: session.repoPath(d.file) } : d));
    const lock = verificationLockPathOf(model);
    return {
      rr: packageVersion(),
      project: model.project,
      config: model.config,
      model: { path: session.repoPath(model.root), files: model.files.map((f) => session.repoPath(f)) },
      evidence: session.evidence
        ? { path: session.options.evidenceDir, targets: session.evidence.targets.size }
        : null,
      lock: lock ? { path: session.repoPath(lock), exists: session.verificationLock !== undefined } : null,
      counts: {
        entities: model.entities.length,
        by_kind: byKind,
        ...analysis.counts,
        ...countDiagnostics(analysis.diagnostics),
        gaps: analysis.gaps.length,
        // Review badge (docs/change-control.md): suspect links, 0 until stamping starts.
        suspect: analysis.reviews.filter((r) => r.state === 'suspect').length,
      },
      stamped: model.reviewed !== undefined,
      invariant: invariantLine(analysis),
      issues_summary: diagnosticCountLine(analysis.diagnostics),
      issues,
      git: ctx.git ? await gitSummary(ctx) : null,
      llm: ctx.agents.llm.availability,
      author: ctx.defaultAuthor ? authorText(ctx.defaultAuthor) : null,
      loaded_at: session.loadedAt.toISOString(),
      edits: session.edits,
    };
  });

  app.post('/api/reload', async () => {
    await session.reload();
    return { ok: true, loaded_at: session.loadedAt.toISOString(), counts: session.analysis().counts };
  });
}

async function gitSummary(ctx: EditorContext) {
  try {
    const status = await ctx.git!.status();
    return { branch: status.branch, head: status.head, changed: status.files.length };
  } catch (error) {
    return { error: (error as Error).message };
  }
}
