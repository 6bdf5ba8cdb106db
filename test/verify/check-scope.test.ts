// The save checks analyse only the evidence an edit can affect (check-scope.ts). Over many edits of the
// example model (dropping, adding and stealing selectors, renames, deletes), the conflicts and notices
// found that way equal those of a full analysis before and after.
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { ingestEvidence } from '../../tools/evidence/ingest-evidence.js';
import type { EditRequest } from '../../tools/edit/edit-request.js';
import { proveEdit } from '../../tools/edit/edit-proof.js';
import { entityVersion } from '../../tools/edit/entity-version.js';
import { readSnapshot } from '../../tools/edit/model-snapshot.js';
import { planEdit } from '../../tools/edit/plan-edit.js';
import { checkScope, indexEvidence } from '../../tools/verify/check-scope.js';
import { ownerChecks, type Conflict } from '../../tools/verify/owner-checks.js';
import { claimField } from '../../tools/model/claims.js';
import { analyze, analyzeClaims } from '../../tools/verify/analyze.js';
import { parseVerificationLock } from '../../tools/verify/verification-lock-file.js';
import { tempDir } from '../edit/edit-fixture.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/infusion-pump/', import.meta.url));

const summary = (list: Conflict[]) =>
  list.map((c) => `${c.code} ${c.case ? `${c.case.target} ${c.case.path}` : ''} ${c.owner ?? ''}`).sort();

test('scoped checks find exactly what full checks find', async () => {
  const dir = await tempDir();
  await cp(EXAMPLE, dir, { recursive: true });
  for (const hybrid of [false, true]) {
    const snapshot = await readSnapshot(dir);
    if (hybrid) snapshot.model.config = { ...snapshot.model.config, attribution: 'hybrid' };
    const model = snapshot.model;
    const evidence = await ingestEvidence(join(dir, 'bazel-testlogs'));
    const lock = snapshot.verificationLock?.bytes
      ? parseVerificationLock(
          snapshot.verificationLock.path,
          snapshot.verificationLock.bytes.toString('utf8'),
        )
      : undefined;
    const fullBefore = analyze({ model, evidence, lock });
    const index = indexEvidence(evidence);
    const owned = fullBefore.cases.filter((a) => a.owner && a.basis === 'model');
    const requests: EditRequest[] = [];
    for (const entity of model.entities) {
      const field = claimField(entity);
      const version = entityVersion(entity);
      if (field && Array.isArray(entity.data[field])) {
        // Drop the first claim (its cases lose their owner: lock-owner-changed where locked).
        const rest = (entity.data[field] as unknown[]).slice(1);
        requests.push({ op: 'update', id: entity.id, data: { ...entity.data, [field]: rest }, version });
      }
      if (field) {
        // Claim a case another entity owns (a shared case), and one that is tagged or unowned.
        const other = owned.find((a) => a.owner !== entity.id);
        const free = fullBefore.cases.find((a) => !a.owner && !a.quarantine);
        const claims = [
          ...(Array.isArray(entity.data[field]) ? (entity.data[field] as unknown[]) : []),
          ...(other ? [{ target: other.case.target, cases: [other.case.path] }] : []),
          ...(free ? [{ target: free.case.target, cases: [free.case.path] }] : []),
        ];
        requests.push({ op: 'update', id: entity.id, data: { ...entity.data, [field]: claims }, version });
      }
      requests.push({ op: 'rename', id: entity.id, newId: `${entity.id}-X`, version });
      requests.push({ op: 'delete', id: entity.id, force: true, version });
    }
    let compared = 0;
    let withConflicts = 0;
    for (const request of requests) {
      let plan;
      let after;
      try {
        plan = planEdit(snapshot, request);
        after = proveEdit(snapshot, plan).after;
      } catch {
        continue; // refused by the edit library (layout, ids): nothing to check
      }
      if (hybrid) after.config = { ...after.config, attribution: 'hybrid' };
      const lockAfter = plan.verificationLock
        ? parseVerificationLock(plan.verificationLock.path, plan.verificationLock.after.toString('utf8'))
        : lock;
      const changed = [...plan.changes.values()].filter((e) => e !== null).map((e) => e.id);
      const base = { changed, renamed: plan.renamed };
      const fullAfter = analyze({ model: after, evidence, lock: lockAfter });
      const full = ownerChecks({
        ...base,
        before: { model, analysis: fullBefore },
        after: { model: after, analysis: fullAfter },
      });
      const scope = checkScope(evidence, index, model, after, plan, lock);
      const scopedAfter = analyzeClaims({
        model: after,
        evidence: scope.evidence,
        claimTargets: scope.targets,
        lock: lockAfter,
      });
      const scoped = ownerChecks({
        ...base,
        before: { model, analysis: fullBefore },
        after: { model: after, analysis: scopedAfter },
        paths: scope.paths,
      });
      // The changed entities' claims over the evidence are judged as a full analysis judges them.
      const claimFindings = (list: { rule: string; entity?: string; message: string }[]) =>
        list
          .filter(
            (d) => (d.rule === 'unknown-target' || d.rule === 'coarse-claim') && changed.includes(d.entity!),
          )
          .map((d) => d.message);
      expect(claimFindings(scopedAfter.diagnostics)).toEqual(claimFindings(fullAfter.diagnostics));
      expect(summary(scoped.conflicts), JSON.stringify(request).slice(0, 200)).toEqual(
        summary(full.conflicts),
      );
      expect(summary(scoped.notices)).toEqual(summary(full.notices));
      compared++;
      if (full.conflicts.length > 0) withConflicts++;
    }
    expect(compared).toBeGreaterThan(100);
    expect(withConflicts).toBeGreaterThan(10);
  }
}, 120_000);
