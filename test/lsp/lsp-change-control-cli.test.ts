// `rr lsp` on a model under change control (docs/change-control.md, docs/ide.md), as its own process
// over stdio: a normative edit typed into a buffer publishes suspect-link where `rr validate` reports
// it; `rr suspect clear` rewriting rr.reviewed takes it away when the watcher says so; a rename's
// workspace edit rewrites rr.reviewed, so the renamed links stay reviewed.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TextDocumentEdit, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../tools/model/diagnostic.js';
import { buildIfStale } from '../built-dist.js';
import { rr } from '../cli/run-cli.js';
import { tempDir } from '../temp-dir.js';
import { startLsp, uri } from './lsp-client.js';
import {
  applyToDisk,
  expectedByFile,
  filesChanged,
  openAndSettle,
  publishedByFile,
  typeText,
} from './published-diagnostics.js';

const EXAMPLE = join(import.meta.dirname, '../../examples/infusion-pump');
const JANE = 'Jane Doe <jane@example.com>';

beforeAll(async () => {
  await buildIfStale('dist/tools/lsp/lsp-server.js', ['tools/lsp', 'tools/incremental']);
}, 300_000);

/** A copy of the example with every link reviewed (`rr suspect clear --all`). */
async function stampedCopy(): Promise<string> {
  const dir = tempDir('rr-lsp-stamps-');
  cpSync(EXAMPLE, dir, { recursive: true });
  const cleared = await rr(['suspect', 'clear', '--all', '--model', dir, '--author', JANE]);
  expect(cleared.code, cleared.stderr).toBe(0);
  return dir;
}

/** rr validate's diagnostics of a model folder. */
async function validate(dir: string): Promise<Diagnostic[]> {
  return (
    JSON.parse((await rr(['validate', dir, '--format', 'json'])).stdout) as { diagnostics: Diagnostic[] }
  ).diagnostics;
}

const suspectCodes = (published: Map<string, unknown[]>) =>
  [...published.values()].flat().filter((d) => (d as { code: string }).code === 'suspect-link');

describe('rr lsp under change control', () => {
  it('publishes suspect-link after a normative edit, and takes it away when rr suspect clear rewrites rr.reviewed', async () => {
    const dir = await stampedCopy();
    const session = await startLsp(dir, { evidence: '' });
    try {
      expect(suspectCodes(publishedByFile(session))).toEqual([]);
      expect(publishedByFile(session)).toEqual(expectedByFile(await validate(dir)));

      // MIT-002's description is normative: its two implementing requirements and its set turn suspect.
      const file = join(dir, 'mitigations.yaml');
      const edited = readFileSync(file, 'utf8').replace(
        'stops the pump and alarms',
        'stops the motor and alarms',
      );
      await openAndSettle(session, file, readFileSync(file, 'utf8'), 'yaml');
      await typeText(session, file, edited, 2);
      const other = tempDir('rr-lsp-stamps-expected-');
      cpSync(dir, other, { recursive: true });
      writeFileSync(join(other, 'mitigations.yaml'), edited);
      const expected = (await validate(other)).map((d) => ({ ...d, file: d.file?.replace(other, dir) }));
      expect(expected.filter((d) => d.rule === 'suspect-link')).toHaveLength(3);
      expect(publishedByFile(session)).toEqual(expectedByFile(expected));
      const published = session.diagnostics.get(uri(file))!.filter((d) => d.code === 'suspect-link');
      expect(published.map((d) => d.message).join('\n')).toContain(
        "requirement REQ-026 implements mitigation MIT-002: the parent's description has changed since Jane Doe",
      );

      // Saved; one link cleared on the command line, then the rest.
      writeFileSync(file, edited);
      await filesChanged(session, [file]);
      const one = await rr(['suspect', 'clear', 'REQ-026', 'MIT-002', '--model', dir, '--author', JANE]);
      expect(one.code, one.stderr).toBe(0);
      await filesChanged(session, [join(dir, 'rr.reviewed')]);
      expect(suspectCodes(publishedByFile(session))).toHaveLength(2);
      expect(publishedByFile(session)).toEqual(expectedByFile(await validate(dir)));

      expect((await rr(['suspect', 'clear', '--all', '--model', dir, '--author', JANE])).code).toBe(0);
      await filesChanged(session, [join(dir, 'rr.reviewed')]);
      expect(suspectCodes(publishedByFile(session))).toEqual([]);
      expect(publishedByFile(session)).toEqual(expectedByFile(await validate(dir)));
    } finally {
      await session.stop();
    }
  });

  it('renames an id in rr.reviewed in the same workspace edit: the renamed links stay reviewed', async () => {
    const dir = await stampedCopy();
    const stamps = join(dir, 'rr.reviewed');
    expect(readFileSync(stamps, 'utf8')).toContain('"child":"REQ-002"');
    const session = await startLsp(dir, { evidence: '' });
    try {
      const requirements = join(dir, 'requirements.yaml');
      await openAndSettle(session, requirements, readFileSync(requirements, 'utf8'), 'yaml');
      const lines = readFileSync(requirements, 'utf8').split('\n');
      const line = lines.findIndex((l) => l.includes('id: REQ-002'));
      const edit = (await session.connection.sendRequest('textDocument/rename', {
        textDocument: { uri: uri(requirements) },
        position: { line, character: lines[line]!.indexOf('REQ-002') + 1 },
        newName: 'REQ-902',
      })) as WorkspaceEdit;
      const changes = edit.documentChanges as TextDocumentEdit[];
      const stampsEdit = changes.find((c) => c.textDocument.uri === uri(stamps));
      expect(stampsEdit, 'rr.reviewed is part of the rename').toBeDefined();
      const after = (stampsEdit!.edits as TextEdit[])[0]!.newText;
      expect(after).toContain('"child":"REQ-902"');
      expect(after).not.toContain('"REQ-002"');

      // The client applies the edit: the open buffer as typed, the other files on disk.
      const written = applyToDisk(edit);
      expect(written).toEqual(expect.arrayContaining([requirements, stamps, join(dir, 'rr.lock.json')]));
      await typeText(session, requirements, readFileSync(requirements, 'utf8'), 2);
      await filesChanged(
        session,
        written.filter((f) => f !== requirements),
      );
      expect(suspectCodes(publishedByFile(session))).toEqual([]);
      expect(publishedByFile(session)).toEqual(expectedByFile(await validate(dir)));
      const suspect = await rr(['suspect', '--model', dir]);
      expect(suspect.stdout).toContain('no suspect links');
      expect(suspect.code).toBe(0);
    } finally {
      await session.stop();
    }
  });
});
