// The entity form counts the cases each selector line matches while the user types; the server decides
// what a saved claim selects. Both must give the same answer for every selector, among them one that
// makes a RegExp-based matcher backtrack for seconds and ones with control characters the server refuses.
import { describe, expect, test } from 'vitest';
import type { CaseList } from '../../tools/editor/routes/case-routes.js';
import type { EntityDetail } from '../../tools/app/entity-view.js';
import { lineSelects, readSelectorLines } from '../../ui/editor/src/model/selector-lines.js';
import { tempDir } from '../edit/edit-fixture.js';
import { startEditor } from './editor-fixture.js';
import { SELECTOR_TARGET, SELECTORS, writeSelectorWorkspace } from './selector-workspace.js';

describe('selector matching in the page and on the server', () => {
  test('gives the same problems and match counts for every selector line', async () => {
    const { model, evidence } = await writeSelectorWorkspace(await tempDir());
    const editor = await startEditor(model, { evidence });

    const detail = (await editor.call('GET', '/api/entities/REQ-001')).body as EntityDetail;
    const server = detail.verification.set[0]!.selectors;

    // The page reads the target's cases from the ledger and matches each line itself.
    const target = encodeURIComponent(SELECTOR_TARGET);
    const { cases } = (await editor.call('GET', `/api/cases?target=${target}`)).body as CaseList;
    const page = readSelectorLines(SELECTORS).map((line) => ({
      selector: line.text,
      problem: line.problem ?? null,
      matches: cases.filter((c) => lineSelects(line, c.path)).length,
    }));

    expect(page).toEqual(server);
    expect(server.map((s) => (s.problem === null ? s.matches : 'refused'))).toEqual([
      0,
      1,
      'refused',
      'refused',
      'refused',
      'refused',
      1,
      2,
      'refused',
      1,
    ]);
  });
});
