import { CodeActionKind, type CodeAction, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { EditRequest } from '../edit/edit-request.js';
import { isEditError } from '../edit/edit-error.js';
import { entityVersion } from '../edit/entity-version.js';
import type { Claim } from '../model/claims.js';
import { KIND_WORDS, type Entity, type EntityKind } from '../model/entity.js';
import type { LspWorkspace } from './lsp-workspace.js';
import { plannedWorkspaceEdit } from './planned-edit.js';

/** At most this many needs are offered as a requirement's missing `satisfies`. */
const NEEDS_OFFERED = 8;

/** The quick fixes for rr's diagnostics in a range, and "create the next id" for the entity at the cursor. */
export function codeActions(
  ws: LspWorkspace,
  file: string,
  diagnostics: LspDiagnostic[],
  line: number,
): CodeAction[] {
  const model = ws.model();
  const ctx = ws.engine.ruleContext();
  const out: CodeAction[] = [];
  const action = (title: string, request: EditRequest, kind: string, diagnostic?: LspDiagnostic): void => {
    const a: CodeAction = { title, kind };
    if (diagnostic) a.diagnostics = [diagnostic];
    try {
      a.edit = plannedWorkspaceEdit(ws, request);
    } catch (error) {
      if (!isEditError(error)) throw error;
      a.disabled = { reason: error.message };
    }
    out.push(a);
  };
  const update = (entity: Entity, change: (data: Record<string, unknown>) => void): EditRequest => {
    const data = structuredClone(entity.data);
    change(data);
    return { op: 'update', id: entity.id, data: { id: entity.id, ...data }, version: entityVersion(entity) };
  };
  for (const d of diagnostics) {
    if (d.source !== 'rr') continue;
    const entity = typeof d.data === 'string' ? model.byId.get(d.data) : undefined;
    if (!entity) continue;
    const claim = (ctx.claimsByEntity.get(entity.id) ?? []).find((c) => c.at.line === d.range.start.line + 1);
    switch (d.code) {
      case 'whole-target-reference':
        if (claim)
          action(
            `Add a reason to the whole-target claim on ${claim.target}`,
            update(entity, (data) => {
              claimItem(data, claim).reason = 'TODO: say why its cases cannot be claimed one by one';
            }),
            CodeActionKind.QuickFix,
            d,
          );
        break;
      case 'bare-target-reference': {
        const cases = claim ? observedCases(ws, claim) : [];
        if (claim && cases.length > 0)
          action(
            `Claim the ${cases.length} observed cases of ${claim.target} one by one`,
            update(entity, (data) => {
              (data[claim.field] as unknown[])[claim.index] = { target: claim.target.trim(), cases };
            }),
            CodeActionKind.QuickFix,
            d,
          );
        break;
      }
      case 'requirement-orphan': {
        const needs = model.entities.filter((e) => e.kind === 'user_need');
        const unsatisfied = needs.filter((n) => ctx.trace.satisfiers(n.id).length === 0);
        for (const need of [
          ...unsatisfied,
          ...needs.filter((n) => ctx.trace.satisfiers(n.id).length > 0),
        ].slice(0, NEEDS_OFFERED))
          action(
            `Add "satisfies: ${need.id}"${title(need)}`,
            update(entity, (data) => {
              data.satisfies = need.id;
            }),
            CodeActionKind.QuickFix,
            d,
          );
        break;
      }
      case 'need-unsatisfied':
        action(
          `Create a requirement that satisfies ${entity.id}`,
          createRequest('requirement', { satisfies: entity.id }),
          CodeActionKind.QuickFix,
          d,
        );
        break;
      case 'risk-unmitigated':
        action(
          `Create a mitigation of ${entity.id}`,
          createRequest('mitigation', { mitigates: entity.id }),
          CodeActionKind.QuickFix,
          d,
        );
        break;
      default:
        break;
    }
  }
  // The entity at the cursor: the next one of its kind in the same file.
  const here = entityAtLine(ws, file, line);
  if (here)
    action(
      `Create the next ${KIND_WORDS[here.kind]} in this file`,
      { ...createRequest(here.kind, {}), file },
      CodeActionKind.Refactor,
    );
  return out;
}

function createRequest(
  kind: EntityKind,
  data: Record<string, unknown>,
): Extract<EditRequest, { op: 'create' }> {
  return { op: 'create', kind, data: { title: `New ${KIND_WORDS[kind]}`, ...data } };
}

function title(e: Entity): string {
  return typeof e.data.title === 'string' ? ` (${e.data.title})` : '';
}

function claimItem(data: Record<string, unknown>, claim: Claim): Record<string, unknown> {
  return (data[claim.field] as Record<string, unknown>[])[claim.index]!;
}

/** The case paths the evidence has for a claim's target, in its order. */
function observedCases(ws: LspWorkspace, claim: Claim): string[] {
  const evidence = ws.evidence;
  const target = evidence?.targets.get(claim.label ?? claim.target.trim());
  return target && !target.synthetic ? target.cases.map((c) => c.path) : [];
}

/** The entity whose text holds a 0-based line of a file (the last one starting at or before it). */
export function entityAtLine(ws: LspWorkspace, file: string, line: number): Entity | undefined {
  let found: Entity | undefined;
  for (const e of ws.model().entities) {
    if (e.file !== file) continue;
    const start = e.positions['']?.[0] ?? 1;
    if (start - 1 <= line && (!found || start >= (found.positions['']?.[0] ?? 1))) found = e;
  }
  return found;
}
