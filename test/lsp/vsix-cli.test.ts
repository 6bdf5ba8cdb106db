// The VS Code extension's package: editors/vscode builds into a .vsix with @vscode/vsce, and the .vsix
// holds the extension's manifest (its commands and settings) and rr's language server, which runs from
// the unpacked .vsix alone and publishes rr validate's diagnostics.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../tools/model/diagnostic.js';
import { buildIfStale } from '../built-dist.js';
import { repoRoot, rr } from '../cli/run-cli.js';
import { tempDir } from '../temp-dir.js';
import { startLsp, uri } from './lsp-client.js';

const run = promisify(execFile);
const EXTENSION = join(repoRoot, 'editors/vscode');
const EXAMPLE = join(repoRoot, 'examples/infusion-pump');

beforeAll(async () => {
  await buildIfStale('dist/tools/lsp/lsp-main.js', ['tools/lsp', 'tools/incremental']);
  // The extension is its own package: its dependencies (vsce, the language client) are installed apart.
  if (!existsSync(join(EXTENSION, 'node_modules/@vscode/vsce')))
    await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: EXTENSION, timeout: 600_000 });
}, 700_000);

describe('the VS Code extension', () => {
  it('packages into a .vsix with its manifest and a server that works on its own', async () => {
    await run('npm', ['run', 'package'], { cwd: EXTENSION, timeout: 600_000 });
    const unpacked = tempDir('rr-vsix-');
    await run('unzip', ['-q', join(EXTENSION, 'rr-requirements.vsix'), '-d', unpacked]);
    const manifest = JSON.parse(readFileSync(join(unpacked, 'extension/package.json'), 'utf8')) as {
      license: string;
      main: string;
      contributes: { commands: { title: string }[]; configuration: { properties: Record<string, unknown> } };
    };
    expect(manifest.license).toBe('Apache-2.0');
    expect(manifest.contributes.commands.map((c) => c.title)).toEqual([
      'rr: Show verdict',
      'rr: Open in the editor',
    ]);
    expect(Object.keys(manifest.contributes.configuration.properties)).toEqual(
      expect.arrayContaining(['rr.model', 'rr.evidence', 'rr.lock']),
    );
    expect(existsSync(join(unpacked, 'extension', manifest.main))).toBe(true);
    expect(readFileSync(join(unpacked, 'extension.vsixmanifest'), 'utf8')).toContain('rr-requirements');

    // The server from the .vsix, nothing else: a finding typed into the example is published as rr validate words it.
    const dir = tempDir('rr-vsix-model-');
    cpSync(EXAMPLE, dir, { recursive: true });
    const file = join(dir, 'requirements.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('satisfies: UN-001', 'satisfies: UN-099'));
    const session = await startLsp(dir, { evidence: '' }, [join(unpacked, 'extension/server/rr-lsp.js')]);
    try {
      const batch = JSON.parse((await rr(['validate', dir, '--format', 'json'])).stdout) as {
        diagnostics: Diagnostic[];
      };
      const expected = batch.diagnostics
        .filter((d) => d.file === file)
        .map((d) => [d.line! - 1, d.rule, d.message]);
      const published = (session.diagnostics.get(uri(file)) ?? []).map((d) => [
        d.range.start.line,
        d.code,
        d.message,
      ]);
      expect(expected.length).toBeGreaterThan(0);
      expect(published).toEqual(expected);
    } finally {
      await session.stop();
    }
  }, 900_000);
});
