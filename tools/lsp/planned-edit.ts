import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { TextEdit as LspTextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { contentHash } from '../edit/content-hash.js';
import { proveEdit } from '../edit/edit-proof.js';
import type { EditRequest } from '../edit/edit-request.js';
import type { ModelSnapshot, SnapshotFile } from '../edit/model-snapshot.js';
import { planEdit } from '../edit/plan-edit.js';
import { composeModelText } from '../model/compose-file.js';
import { modelFromFiles } from '../model/load-model.js';
import { withReviewStamps } from '../model/read-review-stamps.js';
import { parseReviewStamps } from '../model/review-stamps.js';
import { verificationLockPathOf } from '../verify/verification-lock-path.js';
import type { LspWorkspace } from './lsp-workspace.js';
import { positionAt } from './text-positions.js';

/**
 * The model as the editor buffers have it, in the shape rr's edit planner reads (tools/edit): the same
 * planner and proof as `rr serve`'s saves, so the language server refuses exactly what the editor does.
 * The review stamps are the engine's (the buffer or the file), so a rename rewrites them too
 * (docs/decisions/0367-rename-rewrites-stamps-in-the-workspace-edit.md).
 */
export function snapshotOf(ws: LspWorkspace): ModelSnapshot {
  ws.settle();
  const listing = ws.engine.listing();
  const files = new Map<string, SnapshotFile>();
  const composed = listing.files.map((path) => {
    const text = ws.textOf(path);
    if (text === undefined) {
      files.set(path, { path, hash: null, bom: false });
      return composeModelText(path, {
        ok: false,
        diagnostic: { rule: 'read-error', severity: 'error', message: 'cannot be read', file: path },
      });
    }
    const bytes = Buffer.from(text);
    files.set(path, { path, bytes, hash: contentHash(bytes), text, bom: false });
    return composeModelText(path, { ok: true, text, bom: false });
  });
  const model = modelFromFiles(ws.settings.model, listing, composed);
  const snapshot: ModelSnapshot = {
    modelPath: ws.settings.model,
    isDirectory: true,
    listing,
    files,
    composed,
    model,
  };
  const stamps = ws.engine.reviewStampsFile();
  if (stamps) {
    const bytes = stamps.text === undefined ? undefined : Buffer.from(stamps.text, 'utf8');
    snapshot.reviewStamps = bytes
      ? { path: stamps.path, bytes, hash: contentHash(bytes) }
      : { path: stamps.path, hash: null };
    if (stamps.text !== undefined) withReviewStamps(model, parseReviewStamps(stamps.path, stamps.text));
  }
  const lockPath = verificationLockPathOf(model);
  if (lockPath) {
    let bytes: Buffer | undefined;
    try {
      bytes = readFileSync(lockPath);
    } catch {
      bytes = undefined;
    }
    snapshot.verificationLock = bytes
      ? { path: lockPath, bytes, hash: contentHash(bytes) }
      : { path: lockPath, hash: null };
  }
  return snapshot;
}

/**
 * One workspace edit for an rr edit request: planned and proven over the buffers; throws the planner's
 * EditError (its message says why and what to do) when the editor would refuse it.
 */
export function plannedWorkspaceEdit(ws: LspWorkspace, request: EditRequest): WorkspaceEdit {
  const snapshot = snapshotOf(ws);
  const plan = planEdit(snapshot, request);
  proveEdit(snapshot, plan);
  const changes: Record<string, LspTextEdit[]> = {};
  const documentChanges: WorkspaceEdit['documentChanges'] = [];
  for (const change of plan.files) {
    const uri = pathToFileURL(change.path).href;
    if (
      change.role === 'verification-lock' ||
      change.role === 'review-stamps' ||
      change.before === undefined
    ) {
      // The lock, the review stamps (and a new file) are written whole: their text before and after.
      const before = change.before?.toString('utf8') ?? '';
      const after = change.after?.toString('utf8') ?? '';
      if (change.before === undefined)
        documentChanges.push({ kind: 'create', uri, options: { ignoreIfExists: true } });
      documentChanges.push({
        textDocument: { uri, version: null },
        edits: [
          {
            range: { start: { line: 0, character: 0 }, end: positionAt(before, before.length) },
            newText: after,
          },
        ],
      });
      continue;
    }
    const text = snapshot.files.get(change.path)?.text ?? '';
    const edits = change.edits.map((e) => ({
      range: { start: positionAt(text, e.start), end: positionAt(text, e.end) },
      newText: e.text,
    }));
    changes[uri] = edits;
    documentChanges.push({ textDocument: { uri, version: null }, edits });
  }
  return { documentChanges };
}
