// SPDX-License-Identifier: AGPL-3.0-or-later
// The folders an Ask turn may read, as the guard checks the paths of Read, Grep and Glob calls: inside
// the working directory and the read folders only, symbolic links resolved (a link that leads out counts
// as outside, also when `..` follows it), relative paths taken from the working directory, and glob
// patterns by the part before their first wildcard.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRule } from '../../src/agent/agent-cli-arguments.js';
import { ReadScope } from '../../src/agent/read-scope.js';
import { tempDir } from '../temp-dir.js';

/** An experiment folder, a design folder, a private folder beside them, and links from inside to outside. */
function folders() {
  const base = tempDir('rr-read-scope-');
  const exp = join(base, 'exp');
  const design = join(base, 'design');
  const secret = join(base, 'secret');
  for (const d of [exp, design, secret, join(exp, 'live')]) mkdirSync(d, { recursive: true });
  writeFileSync(join(exp, 'notes.md'), 'n');
  writeFileSync(join(secret, 'id_ed25519'), 'key');
  symlinkSync(secret, join(exp, 'private'));
  symlinkSync(join(secret, 'id_ed25519'), join(design, 'key.txt'));
  return { base, exp, design, secret, scope: ReadScope.of(exp, [design, exp]) };
}

describe('the read scope of a turn', () => {
  it('lets Read, Grep and Glob look inside the working directory and the read folders', () => {
    const { exp, design, scope } = folders();
    expect(scope.refusal('Read', { file_path: join(exp, 'notes.md') })).toBeUndefined();
    expect(scope.refusal('Read', { file_path: 'live/events.jsonl' })).toBeUndefined();
    expect(scope.refusal('Read', { file_path: join(design, 'not-yet-written.ato') })).toBeUndefined();
    expect(scope.refusal('Grep', { pattern: 'GND' })).toBeUndefined();
    expect(scope.refusal('Grep', { pattern: 'GND', path: design, glob: '*.ato' })).toBeUndefined();
    expect(scope.refusal('Glob', { pattern: '**/*.ato', path: design })).toBeUndefined();
    expect(scope.refusal('Glob', { pattern: `${exp}/live/*.jsonl` })).toBeUndefined();
  });

  it('refuses paths outside, by name, relative, from home, or through a link that leads out', () => {
    const { base, exp, design, secret, scope } = folders();
    expect(scope.refusal('Read', { file_path: join(secret, 'id_ed25519') })).toBe(
      `the tool Read asked for ${join(secret, 'id_ed25519')}, outside the folders this turn may read (${exp}, ${design})`,
    );
    expect(scope.refusal('Read', { file_path: '../secret/id_ed25519' })).toContain('outside the folders');
    expect(scope.refusal('Read', { file_path: '~/.ssh/id_ed25519' })).toContain(
      'asked for ~/.ssh/id_ed25519',
    );
    expect(scope.refusal('Read', { file_path: join(homedir(), '.aws', 'credentials') })).toContain('.aws');
    expect(scope.refusal('Read', { file_path: join(exp, 'private', 'id_ed25519') })).toContain(
      `(which leads to ${join(secret, 'id_ed25519')})`,
    );
    expect(scope.refusal('Read', { file_path: join(design, 'key.txt') })).toContain('which leads to');
    // `..` after a link applies to where the link leads, as the system reads it.
    expect(scope.refusal('Read', { file_path: `${exp}/private/../secret/id_ed25519` })).toContain(
      'outside the folders',
    );
    expect(scope.refusal('Grep', { pattern: 'BEGIN', path: base })).toContain('the tool Grep asked for');
    expect(scope.refusal('Grep', { pattern: 'BEGIN', path: join(exp, 'private') })).toContain('leads to');
  });

  it('judges a glob pattern by the part before its first wildcard, and refuses one that climbs after it', () => {
    const { exp, scope } = folders();
    expect(scope.refusal('Glob', { pattern: '/etc/*' })).toContain('asked for /etc');
    expect(scope.refusal('Glob', { pattern: '/**/id_*' })).toContain('asked for /');
    expect(scope.refusal('Glob', { pattern: '../secret/*' })).toContain('outside the folders');
    expect(scope.refusal('Glob', { pattern: 'private/*' })).toContain('leads to');
    expect(scope.refusal('Glob', { pattern: '**/../../secret/*' })).toContain('climbs out with ..');
    expect(scope.refusal('Glob', { pattern: '*.md', path: join(exp, '..') })).toContain(
      'outside the folders',
    );
    expect(scope.refusal('Glob', { pattern: 'live/*.json', path: exp })).toBeUndefined();
  });

  it('tells the CLI the same folders as absolute Read rules, with pattern characters escaped', () => {
    expect(readRule('/home/ada/exp')).toBe('Read(//home/ada/exp/**)');
    expect(readRule('/home/ada/exp/')).toBe('Read(//home/ada/exp/**)');
    expect(readRule('/data/run[3]*')).toBe('Read(//data/run\\[3\\]\\*/**)');
    expect(readRule('C:\\Users\\ada\\exp')).toBe('Read(//c/Users/ada/exp/**)');
  });
});
