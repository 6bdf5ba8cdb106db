// A real editor as the client: Debian's Neovim, headless, with its built-in LSP client attached to
// `rr lsp`: it opens a model file, receives rr validate's diagnostics for it, and jumps to a definition.
import { execFile } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../tools/model/diagnostic.js';
import { buildIfStale } from '../built-dist.js';
import { repoRoot, rr } from '../cli/run-cli.js';
import { tempDir } from '../temp-dir.js';

const run = promisify(execFile);
const EXAMPLE = join(import.meta.dirname, '../../examples/infusion-pump');

beforeAll(async () => {
  await buildIfStale('dist/tools/lsp/lsp-server.js', ['tools/lsp', 'tools/incremental']);
}, 300_000);

describe('Neovim with rr lsp', () => {
  it('shows the diagnostics of rr validate and jumps to the definition of an id', async () => {
    const dir = tempDir('rr-nvim-');
    cpSync(EXAMPLE, dir, { recursive: true });
    // One finding in the opened file: the first satisfies names a need that does not exist.
    const file = join(dir, 'requirements.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('satisfies: UN-001', 'satisfies: UN-099'));
    const lines = readFileSync(file, 'utf8').split('\n');
    const line = lines.findIndex((l) => l.includes('satisfies: UN-001'));
    const out = join(dir, 'nvim-result.json');
    await run(
      'nvim',
      [
        '--headless',
        '-u',
        'NONE',
        '-i',
        'NONE',
        '-n',
        '-c',
        `luafile ${join(import.meta.dirname, 'neovim-client.lua')}`,
      ],
      {
        cwd: dir,
        timeout: 240_000,
        env: {
          ...process.env,
          RR_CACHE_DIR: 'off',
          RR_NODE: process.execPath,
          RR_BIN: join(repoRoot, 'bin/rr.js'),
          RR_DIR: dir,
          RR_OUT: out,
          RR_LINE: String(line + 1),
          RR_COL: String(lines[line]!.indexOf('UN-001') + 2),
        },
      },
    );
    const seen = JSON.parse(readFileSync(out, 'utf8')) as {
      received: boolean;
      diagnostics: { line: number; col: number; severity: number; code: string; message: string }[];
      file: string;
      line: number;
    };
    const batch = JSON.parse((await rr(['validate', dir, '--format', 'json'])).stdout) as {
      diagnostics: Diagnostic[];
    };
    const expected = batch.diagnostics
      .filter((d) => d.file === file)
      .map((d) => ({ line: d.line! - 1, col: d.column! - 1, code: d.rule, message: d.message }));
    expect(seen.received).toBe(true);
    expect(expected.some((d) => d.code === 'dangling-reference')).toBe(true);
    const got = seen.diagnostics.map(({ line, col, code, message }) => ({ line, col, code, message }));
    const byPlace = (a: { line: number; col: number }, b: { line: number; col: number }) =>
      a.line - b.line || a.col - b.col;
    expect(got.sort(byPlace)).toEqual(expected.sort(byPlace));
    const needs = join(dir, 'user-needs.yaml');
    expect(seen.file).toBe(needs);
    const declared = readFileSync(needs, 'utf8')
      .split('\n')
      .findIndex((l) => l.includes('id: UN-001'));
    expect(seen.line).toBe(declared + 1);
  }, 300_000);
});
