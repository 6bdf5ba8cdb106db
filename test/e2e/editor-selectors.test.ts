// The entity form in Chromium counts the cases each selector line matches with the bundled server
// matcher: for a selector that makes a RegExp backtrack for seconds, and for selectors with control
// characters, the page shows what the server answers for the same claim.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDetail } from '../../tools/app/entity-view.js';
import { SELECTORS, writeSelectorWorkspace } from '../editor/selector-workspace.js';

import { openEditorPage, showRoute, type EditorPage } from './editor-page.js';
import { serve, type EditorUnderTest } from './editor-server.js';
import { available, needsProgram } from '../requirements.js';

describe.runIf(available(needsProgram('chromium')))(
  'selector counts of the entity form in Chromium',
  { timeout: 120_000 },
  () => {
    let editor: EditorUnderTest;
    let chromium: EditorPage;

    beforeAll(async () => {
      const root = await mkdtemp(join(tmpdir(), 'rr-editor-selectors-'));
      await writeSelectorWorkspace(root);
      editor = await serve(root, 'model', 'testlogs');
      chromium = await openEditorPage(editor);
    }, 120_000);

    afterAll(async () => {
      await chromium?.browser.close();
      await editor?.stop();
    });

    it('shows the problem or match count the server gives for each line', async () => {
      const answer = await fetch(`${editor.origin}api/entities/REQ-001`, {
        headers: { authorization: `Bearer ${editor.token}` },
      });
      const detail = (await answer.json()) as EntityDetail;
      const server = detail.verification.set[0]!.selectors;
      expect(server.map((s) => s.selector)).toEqual(SELECTORS);

      await showRoute(chromium.page, '#/entity/REQ-001/edit');
      // The counts appear once the target's cases are loaded; the last line is a usable selector.
      const counts = chromium.page.locator('ul.selector-counts li');
      await counts.last().filter({ hasText: 'matches' }).waitFor();
      const shown = await counts.allTextContents();
      expect(shown.map((text) => text.replace(/\s+/g, ' ').trim())).toEqual(
        server.map((s) =>
          `${s.selector}${s.problem ? `: ${s.problem}` : ` matches ${s.matches} ${s.matches === 1 ? 'case' : 'cases'}`}`.replace(
            /\s+/g,
            ' ',
          ),
        ),
      );
    });

    it('logged no errors in the page', () => {
      expect(chromium.errors).toEqual([]);
    });
  },
);
