// The entity page lists one entity's gaps (tools/app/entity-view.ts) without finding every entity's:
// gapsOfEntity must give exactly the gaps findGaps lists for that entity, in the same order, for every
// entity of the example (failing, unverified, missing, pyramid, notes and unmitigated risks among them)
// and of the broken example (INVALID entities, duplicates).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { analyze } from '../../tools/verify/analyze.js';
import { gapsOfEntity } from '../../tools/verify/gaps.js';
import { loadInputs } from '../../tools/verify/inputs.js';

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));

describe("one entity's gaps", () => {
  test.each(['infusion-pump', 'broken'])('are those of every gap found in %s', async (name) => {
    const dir = join(EXAMPLES, name);
    const inputs = await loadInputs({ model: dir, evidence: join(dir, 'bazel-testlogs'), sources: dir });
    const analysis = analyze(inputs);
    const { model } = inputs;
    const byId = new Map(model.entities.map((e) => [e.id, e]));
    const verdicts = new Map(analysis.entities.map((v) => [v.id, v]));
    const kinds = new Set<string>();
    for (const entity of model.entities) {
      const own = gapsOfEntity(entity.id, byId, (id) => verdicts.get(id), analysis.diagnostics, model.config);
      expect(own, entity.id).toEqual(analysis.gaps.filter((g) => g.entity === entity.id));
      for (const g of own) kinds.add(g.kind);
    }
    expect(kinds.size).toBeGreaterThan(1);
  });
});
