// `rr lsp` as an editor sees it: started as its own process and spoken to over stdio (vscode-jsonrpc),
// on a copy of the example. Diagnostics are compared with `rr validate --format json` (no evidence)
// and `rr report --format json` (with the example's evidence), also after an edit typed into a buffer;
// then definition, references, symbols, hover, completion, rename and code actions.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  CodeAction,
  CompletionItem,
  DocumentSymbol,
  Hover,
  Location,
  SymbolInformation,
  TextDocumentEdit,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../tools/model/diagnostic.js';
import { buildIfStale } from '../built-dist.js';
import { rr } from '../cli/run-cli.js';
import { tempDir } from '../temp-dir.js';
import { startLsp, uri, type LspSession } from './lsp-client.js';
import { expectedByFile, openFile, publishedByFile } from './published-diagnostics.js';

const EXAMPLE = join(import.meta.dirname, '../../examples/infusion-pump');

beforeAll(async () => {
  await buildIfStale('dist/tools/lsp/lsp-server.js', ['tools/lsp', 'tools/incremental']);
}, 300_000);

function copyOfExample(dir = tempDir('rr-lsp-')): string {
  cpSync(EXAMPLE, dir, { recursive: true });
  return dir;
}

/** The 0-based position of the first occurrence of `needle` on the line holding `lineText`. */
function positionOf(path: string, lineText: string, needle: string): { line: number; character: number } {
  const lines = readFileSync(path, 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes(lineText));
  if (line < 0) throw new Error(`no line with ${lineText}`);
  return { line, character: lines[line]!.indexOf(needle) + 1 };
}

describe('rr lsp over stdio', () => {
  it('publishes the diagnostics of rr validate, also after an edit typed into a buffer', async () => {
    const dir = copyOfExample();
    const session = await startLsp(dir, { evidence: '' });
    try {
      const validate = await rr(['validate', dir, '--format', 'json']);
      const batch = JSON.parse(validate.stdout) as { diagnostics: Diagnostic[] };
      expect(publishedByFile(session)).toEqual(expectedByFile(batch.diagnostics));

      // Typed, not saved: a satisfies link to a need that does not exist.
      const file = join(dir, 'requirements.yaml');
      await openFile(session, file);
      const edited = readFileSync(file, 'utf8').replace('satisfies: UN-001', 'satisfies: UN-099');
      const status = session.nextStatus();
      await session.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: uri(file), version: 2 },
        contentChanges: [{ text: edited }],
      });
      await status;
      const other = copyOfExample();
      writeFileSync(join(other, 'requirements.yaml'), edited);
      const after = JSON.parse((await rr(['validate', other, '--format', 'json'])).stdout) as {
        diagnostics: Diagnostic[];
      };
      const moved = after.diagnostics.map((d) => ({ ...d, file: d.file?.replace(other, dir) }));
      expect(moved.some((d) => d.rule === 'dangling-reference')).toBe(true);
      expect(publishedByFile(session)).toEqual(expectedByFile(moved));
    } finally {
      await session.stop();
    }
  });

  it('publishes the diagnostics of rr report when the evidence is found beside the model', async () => {
    const dir = copyOfExample();
    const session = await startLsp(dir);
    try {
      const report = await rr([
        'report',
        '--model',
        dir,
        '--evidence',
        join(dir, 'bazel-testlogs'),
        '--no-sources',
        '--format',
        'json',
      ]);
      const batch = JSON.parse(report.stdout) as { diagnostics: Diagnostic[] };
      expect(batch.diagnostics.some((d) => d.rule === 'multi-tag')).toBe(true);
      expect(publishedByFile(session)).toEqual(expectedByFile(batch.diagnostics));
      const status = (await session.connection.sendRequest('rr/status')) as {
        errors: number;
        withEvidence: boolean;
      };
      expect(status.withEvidence).toBe(true);
      expect(status.errors).toBe(batch.diagnostics.filter((d) => d.severity === 'error').length);
    } finally {
      await session.stop();
    }
  });

  describe('navigation, completion and edits', () => {
    let dir: string;
    let session: LspSession;
    let requirements: string;
    const doc = () => ({ textDocument: { uri: uri(requirements) } });

    beforeAll(async () => {
      dir = copyOfExample(mkdtempSync(join(tmpdir(), 'rr-lsp-')));
      requirements = join(dir, 'requirements.yaml');
      session = await startLsp(dir);
      await openFile(session, requirements);
      return async () => {
        await session.stop();
        rmSync(dir, { recursive: true, force: true });
      };
    });

    it('goes to the definition of an id and finds its references', async () => {
      const at = positionOf(requirements, 'satisfies: UN-001', 'UN-001');
      const def = (await session.connection.sendRequest('textDocument/definition', {
        ...doc(),
        position: at,
      })) as Location;
      expect(def.uri).toBe(uri(join(dir, 'user-needs.yaml')));
      expect(def.range.start.line).toBe(positionOf(join(dir, 'user-needs.yaml'), 'id: UN-001', 'UN').line);
      const refs = (await session.connection.sendRequest('textDocument/references', {
        ...doc(),
        position: at,
        context: { includeDeclaration: true },
      })) as Location[];
      expect(refs[0]!.uri).toBe(uri(join(dir, 'user-needs.yaml')));
      const inRequirements = refs.filter((r) => r.uri === uri(requirements));
      expect(inRequirements.map((r) => r.range.start.line)).toContain(at.line);
      const line = readFileSync(requirements, 'utf8').split('\n')[at.line]!;
      const r = inRequirements.find((x) => x.range.start.line === at.line)!;
      expect(line.slice(r.range.start.character, r.range.end.character)).toBe('UN-001');
    });

    it('lists the entities of a file and finds entities by id and title', async () => {
      const symbols = (await session.connection.sendRequest(
        'textDocument/documentSymbol',
        doc(),
      )) as DocumentSymbol[];
      const first = symbols.find((s) => s.name === 'REQ-001')!;
      expect(first.detail).toBe('Continuous infusion by rate and volume');
      const found = (await session.connection.sendRequest('workspace/symbol', {
        query: 'infusion by rate',
      })) as SymbolInformation[];
      expect(found.map((s) => s.name)).toContain('REQ-001 Continuous infusion by rate and volume');
    });

    it('shows title, status, verdict with its cases, parents and children on hover', async () => {
      const hover = (await session.connection.sendRequest('textDocument/hover', {
        ...doc(),
        position: positionOf(requirements, 'id: REQ-002', 'REQ-002'),
      })) as Hover;
      const text = (hover.contents as { value: string }).value;
      expect(text).toContain('**REQ-002** — Volumetric delivery accuracy');
      expect(text).toMatch(/Verdict: \*\*[A-Z]+\*\*/);
      expect(text).toContain('GravimetricFlow/trumpet_curve_1_ml_h');
      expect(text).toContain('Parents: REQ-001');
      const parent = (await session.connection.sendRequest('textDocument/hover', {
        ...doc(),
        position: positionOf(requirements, 'id: REQ-001', 'REQ-001'),
      })) as Hover;
      expect((parent.contents as { value: string }).value).toMatch(/Children: .*REQ-002/);
    });

    it('completes ids of the field’s kind, targets and cases from the evidence, levels and rule names', async () => {
      const complete = async (text: string, line: number, character: number) => {
        await session.connection.sendNotification('textDocument/didChange', {
          textDocument: { uri: uri(requirements), version: 10 + line },
          contentChanges: [{ text }],
        });
        return (
          (await session.connection.sendRequest('textDocument/completion', {
            ...doc(),
            position: { line, character },
          })) as CompletionItem[]
        ).map((i) => i.label);
      };
      const original = readFileSync(requirements, 'utf8');
      const lines = original.split('\n');
      const at = lines.findIndex((l) => l.includes('satisfies: UN-001'));
      const withLine = (text: string) => [...lines.slice(0, at), text, ...lines.slice(at + 1)].join('\n');
      const needs = await complete(withLine('    satisfies: '), at, 15);
      expect(needs).toContain('UN-001');
      expect(needs.every((n) => n.startsWith('UN-'))).toBe(true);
      const refines = await complete(withLine('    refines: '), at, 13);
      expect(refines).toContain('REQ-002');
      expect(refines.every((n) => n.startsWith('REQ-'))).toBe(true);
      const claimAt = lines.findIndex((l) => l.includes('- target: record:bench_flow_accuracy_2026_02'));
      const claimLines = [...lines];
      claimLines[claimAt] = '      - target: ';
      const targets = await complete(claimLines.join('\n'), claimAt, 16);
      expect(targets).toContain('//pump/dosing:dose_calculator_test');
      const caseLines = [...lines];
      caseLines[claimAt + 2] = '          - ';
      const cases = await complete(caseLines.join('\n'), claimAt + 2, 12);
      expect(cases).toContain('GravimetricFlow/trumpet_curve_1_ml_h');
      const levelLines = [...lines];
      levelLines[claimAt + 5] = '        level: ';
      expect(await complete(levelLines.join('\n'), claimAt + 5, 15)).toEqual(
        expect.arrayContaining(['unit', 'integration', 'system']),
      );
      await complete(original, 0, 0);

      // Rule names under config.rules, in rr.yaml.
      const config = join(dir, 'rr.yaml');
      await openFile(session, config);
      const configText = readFileSync(config, 'utf8').replace('\nconfig:\n', '\nconfig:\n  rules:\n    \n');
      const rulesLine = configText.split('\n').findIndex((l) => l === '  rules:') + 1;
      await session.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: uri(config), version: 2 },
        contentChanges: [{ text: configText }],
      });
      const rules = (
        (await session.connection.sendRequest('textDocument/completion', {
          textDocument: { uri: uri(config) },
          position: { line: rulesLine, character: 4 },
        })) as CompletionItem[]
      ).map((i) => i.label);
      expect(rules).toEqual(expect.arrayContaining(['glob-selector', 'need-unsatisfied']));
      await session.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: uri(config), version: 3 },
        contentChanges: [{ text: readFileSync(config, 'utf8') }],
      });
    });

    it('renames an id across the model files and the lock as one workspace edit, and refuses a taken id', async () => {
      const position = positionOf(requirements, 'id: REQ-002', 'REQ-002');
      const edit = (await session.connection.sendRequest('textDocument/rename', {
        ...doc(),
        position,
        newName: 'REQ-902',
      })) as WorkspaceEdit;
      const changes = edit.documentChanges as TextDocumentEdit[];
      const files = changes.map((c) => c.textDocument.uri);
      expect(files).toContain(uri(requirements));
      expect(files).toContain(uri(join(dir, 'rr.lock.json')));
      const lockEdit = changes.find((c) => c.textDocument.uri.endsWith('rr.lock.json'))! as {
        edits: TextEdit[];
      };
      expect(lockEdit.edits[0]!.newText).toContain('"owner": "REQ-902"');
      expect(lockEdit.edits[0]!.newText).not.toContain('"owner": "REQ-002"');
      await expect(
        session.connection.sendRequest('textDocument/rename', { ...doc(), position, newName: 'REQ-003' }),
      ).rejects.toThrow(/REQ-003/);
    });

    it('offers code actions computed by the edit planner: a missing satisfies, the next id', async () => {
      const original = readFileSync(requirements, 'utf8');
      // REQ-001 loses its need: requirement-orphan.
      const orphan = original.replace('    satisfies: UN-001\n', '');
      const status = session.nextStatus();
      await session.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: uri(requirements), version: 50 },
        contentChanges: [{ text: orphan }],
      });
      await status;
      const published = session.diagnostics.get(uri(requirements)) ?? [];
      const finding = published.find((d) => d.code === 'requirement-orphan')!;
      expect(finding).toBeDefined();
      const actions = (await session.connection.sendRequest('textDocument/codeAction', {
        ...doc(),
        range: finding.range,
        context: { diagnostics: [finding] },
      })) as CodeAction[];
      const add = actions.find((a) => a.title.startsWith('Add "satisfies: UN-001"'))!;
      expect(add.edit).toBeDefined();
      const edits = (add.edit!.documentChanges as TextDocumentEdit[])[0]!.edits as TextEdit[];
      expect(edits.map((e) => e.newText).join('')).toContain('satisfies: UN-001');
      const next = actions.find((a) => a.title === 'Create the next requirement in this file')!;
      expect(next).toBeDefined();
      const created = (next.edit!.documentChanges as TextDocumentEdit[])[0]!;
      expect(created.textDocument.uri).toBe(uri(requirements));
      expect((created.edits as TextEdit[]).map((e) => e.newText).join('')).toMatch(/id: REQ-0\d\d/);
    });

    it('offers a reason for a whole-target claim and the observed cases for a bare label', async () => {
      const original = readFileSync(requirements, 'utf8');
      const claim = /( +)- target: \/\/pump\/dosing:dose_calculator_test\n +cases:\n(?: +- .*\n)+/;
      const actionsFor = async (text: string, rule: string) => {
        const status = session.nextStatus();
        await session.connection.sendNotification('textDocument/didChange', {
          textDocument: { uri: uri(requirements), version: 60 + text.length },
          contentChanges: [{ text }],
        });
        await status;
        const finding = (session.diagnostics.get(uri(requirements)) ?? []).find((d) => d.code === rule)!;
        expect(finding, rule).toBeDefined();
        const actions = (await session.connection.sendRequest('textDocument/codeAction', {
          ...doc(),
          range: finding.range,
          context: { diagnostics: [finding] },
        })) as CodeAction[];
        return actions.filter((a) => a.diagnostics?.[0]?.code === rule);
      };
      const whole = original.replace(
        claim,
        (_m, indent: string) =>
          `${indent}- target: //pump/dosing:dose_calculator_test\n${indent}  whole: true\n`,
      );
      const [reason] = await actionsFor(whole, 'whole-target-reference');
      expect(reason!.title).toBe(
        'Add a reason to the whole-target claim on //pump/dosing:dose_calculator_test',
      );
      const reasonEdits = (reason!.edit!.documentChanges as TextDocumentEdit[])[0]!.edits as TextEdit[];
      expect(reasonEdits.map((e) => e.newText).join('')).toContain('reason:');
      const bare = original.replace(
        claim,
        (_m, indent: string) => `${indent}- //pump/dosing:dose_calculator_test\n`,
      );
      const [cases] = await actionsFor(bare, 'bare-target-reference');
      expect(cases!.title).toMatch(
        /^Claim the \d+ observed cases of \/\/pump\/dosing:dose_calculator_test one by one$/,
      );
      const caseEdits = (cases!.edit!.documentChanges as TextDocumentEdit[])[0]!.edits as TextEdit[];
      expect(caseEdits.map((e) => e.newText).join('')).toContain(
        'DoseCalculatorTest/computes_rate_from_volume_and_time',
      );
      await session.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: uri(requirements), version: 99 },
        contentChanges: [{ text: original }],
      });
    });
  });
});
