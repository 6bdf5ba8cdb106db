// Source annotations in `rr lsp` (docs/ide.md, docs/annotations.md), as its own process over stdio:
// a source file open in the editor gets the findings `rr report --sources` gives for it, as typed;
// with the `sources` setting, every file of the folder does, and a file changed on disk is scanned
// again when the watcher says so. Go to definition works from an annotation.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Location, WorkspaceEdit } from 'vscode-languageserver';
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
const CALCULATOR_TEST = 'pump/dosing/dose_calculator_test.cc';
const EXPORT_TEST = 'pump/log/export/tests/test_log_export.py';

beforeAll(async () => {
  await buildIfStale('dist/tools/lsp/lsp-server.js', ['tools/lsp', 'tools/incremental', 'tools/sources']);
}, 300_000);

/** A copy of the example (its MODULE.bazel makes it the workspace `rr report` scans). */
function copyOfExample(): string {
  const dir = tempDir('rr-lsp-annotations-');
  cpSync(EXAMPLE, dir, { recursive: true });
  return dir;
}

/** rr report's diagnostics without evidence, with the sources of `dir` scanned. */
async function reportWithSources(dir: string): Promise<Diagnostic[]> {
  const report = await rr(['report', '--model', dir, '--sources', dir, '--format', 'json']);
  return (JSON.parse(report.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
}

/** A copy of `dir` with one file's text replaced, and rr report's findings there, named as in `dir`. */
async function reportedWith(dir: string, file: string, text: string): Promise<Diagnostic[]> {
  const other = tempDir('rr-lsp-annotations-expected-');
  cpSync(dir, other, { recursive: true });
  writeFileSync(join(other, file), text);
  return (await reportWithSources(other)).map((d) => ({ ...d, file: d.file?.replace(other, dir) }));
}

describe('rr lsp and source annotations', () => {
  it('checks the annotations of a source file open in the editor as typed, and goes to their ids', async () => {
    const dir = copyOfExample();
    const session = await startLsp(dir, { evidence: '' });
    try {
      expect(publishedByFile(session)).toEqual(new Map());
      const file = join(dir, CALCULATOR_TEST);
      const original = readFileSync(file, 'utf8');
      await openAndSettle(session, file, original, 'cpp');
      expect(session.diagnostics.get(uri(file)) ?? []).toEqual([]);

      // Typed, not saved: one annotation naming two ids.
      const typed = original.replace(
        '// @verifies REQ-003\nTEST(DoseCalculatorTest, computes_rate_from_volume',
        '// @verifies REQ-003 REQ-001\nTEST(DoseCalculatorTest, computes_rate_from_volume',
      );
      expect(typed).not.toBe(original);
      await typeText(session, file, typed, 3);
      const expected = await reportedWith(dir, CALCULATOR_TEST, typed);
      expect(expected.map((d) => [d.rule, d.line, d.column])).toEqual([['multi-verifies-annotation', 9, 4]]);
      expect(publishedByFile(session)).toEqual(expectedByFile(expected));

      const definition = (await session.connection.sendRequest('textDocument/definition', {
        textDocument: { uri: uri(file) },
        position: { line: 8, character: typed.split('\n')[8]!.indexOf('REQ-001') + 2 },
      })) as Location;
      expect(definition.uri).toBe(uri(join(dir, 'requirements.yaml')));

      await typeText(session, file, original, 4);
      expect(session.diagnostics.get(uri(file)) ?? []).toEqual([]);
      await typeText(session, file, typed, 5);
      expect(session.diagnostics.get(uri(file))).toHaveLength(1);
      // Closed without saving: no folder is configured, so the file is no longer scanned.
      const status = session.nextStatus();
      await session.connection.sendNotification('textDocument/didClose', {
        textDocument: { uri: uri(file) },
      });
      await status;
      expect(session.diagnostics.get(uri(file)) ?? []).toEqual([]);
    } finally {
      await session.stop();
    }
  });

  it('with the sources setting, publishes the findings of every file of the folder, and follows changes on disk', async () => {
    const dir = copyOfExample();
    const file = join(dir, EXPORT_TEST);
    const original = readFileSync(file, 'utf8');
    const twoIds = original.replaceAll('# @verifies REQ-019\n', '# @verifies REQ-019, REQ-020\n');
    writeFileSync(file, twoIds);
    const session = await startLsp(dir, { evidence: '', sources: '.' });
    try {
      const reported = await reportWithSources(dir);
      expect(reported.filter((d) => d.rule === 'multi-verifies-annotation')).toHaveLength(2);
      expect(publishedByFile(session)).toEqual(expectedByFile(reported));
      const settings = (await session.connection.sendRequest('rr/settings')) as { sources?: string };
      expect(settings.sources).toBe(dir);

      // Fixed on disk, outside the editor: the watcher's news takes the findings away.
      writeFileSync(file, original);
      await filesChanged(session, [file]);
      expect(session.diagnostics.get(uri(file)) ?? []).toEqual([]);
      expect(publishedByFile(session)).toEqual(expectedByFile(await reportWithSources(dir)));

      // A new file with a finding, then the same file open with other text: the buffer counts.
      const added = join(dir, 'pump/dosing/rate_test.py');
      writeFileSync(added, '# @implements REQ-003 REQ-002\n');
      await filesChanged(session, [added], 1);
      expect(publishedByFile(session)).toEqual(expectedByFile(await reportWithSources(dir)));
      expect(session.diagnostics.get(uri(added))).toHaveLength(1);
      await openAndSettle(session, added, '# @implements REQ-003\n', 'python');
      expect(session.diagnostics.get(uri(added)) ?? []).toEqual([]);
    } finally {
      await session.stop();
    }
  });

  it('lists the annotations naming an id among its references, and renames them with it', async () => {
    const dir = copyOfExample();
    const file = join(dir, EXPORT_TEST);
    const requirements = join(dir, 'requirements.yaml');
    const session = await startLsp(dir, { evidence: '', sources: '.' });
    try {
      const lines = readFileSync(requirements, 'utf8').split('\n');
      const line = lines.findIndex((l) => l.includes('id: REQ-019'));
      const position = { line, character: lines[line]!.indexOf('REQ-019') + 1 };
      const annotated = readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((l, i) => (l.includes('@verifies REQ-019') ? [i] : []));
      expect(annotated).toHaveLength(2);

      const references = (await session.connection.sendRequest('textDocument/references', {
        textDocument: { uri: uri(requirements) },
        position,
        context: { includeDeclaration: false },
      })) as Location[];
      const inSource = references.filter((r) => r.uri === uri(file));
      expect(inSource.map((r) => r.range.start.line)).toEqual(annotated);
      for (const r of inSource)
        expect(
          readFileSync(file, 'utf8')
            .split('\n')
            [r.range.start.line]!.slice(r.range.start.character, r.range.end.character),
        ).toBe('REQ-019');

      const edit = (await session.connection.sendRequest('textDocument/rename', {
        textDocument: { uri: uri(requirements) },
        position,
        newName: 'REQ-919',
      })) as WorkspaceEdit;
      const written = applyToDisk(edit);
      expect(written).toEqual(expect.arrayContaining([requirements, file]));
      const renamed = readFileSync(file, 'utf8');
      expect(renamed).not.toContain('REQ-019');
      expect(renamed.split('\n').flatMap((l, i) => (l.includes('@verifies REQ-919') ? [i] : []))).toEqual(
        annotated,
      );
      // The renamed model and sources agree: rr report finds every annotation's id.
      const report = await rr(['report', '--model', dir, '--sources', dir, '--format', 'json']);
      const json = JSON.parse(report.stdout) as {
        entities: { id: string; sources: unknown[] }[];
      };
      expect(json.entities.find((e) => e.id === 'REQ-919')?.sources).toHaveLength(2);
    } finally {
      await session.stop();
    }
  });
});
