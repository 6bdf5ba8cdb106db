// `rr suspect` and `rr suspect clear` as a user runs them (docs/change-control.md).
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { rr } from '../cli/run-cli.js';
import { tempDir } from '../temp-dir.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/infusion-pump/', import.meta.url));

describe('rr suspect', () => {
  test('lists suspect links grouped by parent with the text before and after, exit 1; clear, then exit 0', async () => {
    const dir = tempDir('rr-suspect-cli-');
    await cp(EXAMPLE, dir, { recursive: true });
    const unstamped = await rr(['suspect', '--model', dir]);
    expect(unstamped.code).toBe(0);
    expect(unstamped.stdout).toContain('is not stamped yet: `rr suspect clear --all` starts change control');

    const noAuthor = await rr(['suspect', 'clear', '--all', '--model', dir, '--author', 'nobody']);
    expect(noAuthor.code).toBe(2);
    expect(noAuthor.stderr).toContain('--author takes a name followed by an e-mail address');

    const dry = await rr([
      'suspect',
      'clear',
      '--all',
      '--dry-run',
      '--model',
      dir,
      '--author',
      'Jane Doe <jane@example.com>',
    ]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('(dry run: nothing written)');
    await expect(readFile(join(dir, 'rr.reviewed'), 'utf8')).rejects.toThrow();

    expect(
      (await rr(['suspect', 'clear', '--all', '--model', dir, '--author', 'Jane Doe <jane@example.com>']))
        .code,
    ).toBe(0);
    const file = join(dir, 'mitigations.yaml');
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace('stops the pump and alarms', 'stops the motor and alarms'),
    );

    const text = await rr(['suspect', '--model', dir]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(`mitigation MIT-002 (${join(dir, 'mitigations.yaml')}:40)`);
    expect(text.stdout).toContain(
      '  REQ-026 implements: description changed since review (reviewed by Jane Doe <jane@example.com> on ',
    );
    expect(text.stdout).toContain('rr suspect clear REQ-026 MIT-002');
    expect(text.stdout).toMatch(
      / {4}description was: The downstream pressure sensor stops the pump and alarms/,
    );
    expect(text.stdout).toMatch(
      / {4}description now: The downstream pressure sensor stops the motor and alarms/,
    );
    expect(text.stdout).toContain('3 suspect links under 1 parent');

    const json = JSON.parse((await rr(['suspect', '--model', dir, '--format', 'json'])).stdout) as {
      suspect: { child: string; changes: { field: string }[]; reviewedBy: string }[];
    };
    expect(json.suspect.map((s) => s.child).sort()).toEqual([
      'REQ-026',
      'REQ-027',
      'record:bench_occlusion_2026_03',
    ]);
    expect(json.suspect[0]!.changes.map((c) => c.field)).toEqual(['description']);

    const sarif = JSON.parse((await rr(['suspect', '--model', dir, '--format', 'sarif'])).stdout) as {
      runs: { results: { ruleId: string }[] }[];
    };
    expect(sarif.runs[0]!.results.map((r) => r.ruleId)).toEqual([
      'suspect-link',
      'suspect-link',
      'suspect-link',
    ]);

    // validate and report show the rule too; report json carries each link's review state.
    expect((await rr(['validate', dir])).stdout).toContain('suspect-link');
    const report = JSON.parse(
      (
        await rr([
          'report',
          '--model',
          dir,
          '--evidence',
          join(dir, 'bazel-testlogs'),
          '--format',
          'json',
          '--no-sources',
        ])
      ).stdout,
    ) as {
      links: { child: string; parent: string; state: string; reviewedBy: string | null }[];
      cases: { owner: string; suspect?: boolean; target: string }[];
    };
    expect(report.links.find((l) => l.child === 'REQ-026' && l.parent === 'MIT-002')).toMatchObject({
      state: 'suspect',
      reviewedBy: 'Jane Doe <jane@example.com>',
    });
    expect(report.links.find((l) => l.child === 'REQ-023' && l.parent === 'REQ-020')).toMatchObject({
      state: 'reviewed',
    });
    const flagged = report.cases.filter((c) => c.suspect);
    expect(flagged.length).toBeGreaterThan(0);
    expect(flagged.every((c) => c.owner === 'MIT-002' && c.target === 'record:bench_occlusion_2026_03')).toBe(
      true,
    );

    const one = await rr([
      'suspect',
      'clear',
      'REQ-026',
      'MIT-002',
      '--model',
      dir,
      '--author',
      'Raj Patel <raj.patel@example.com>',
    ]);
    expect(one.stdout).toContain('cleared requirement REQ-026 implements mitigation MIT-002');
    expect(one.stdout).toContain('cleared 1 link as reviewed by Raj Patel <raj.patel@example.com>');
    const rest = await rr([
      'suspect',
      'clear',
      '--all',
      '--model',
      dir,
      '--author',
      'Raj Patel <raj.patel@example.com>',
    ]);
    expect(rest.stdout).toContain('cleared 2 links');
    expect((await rr(['suspect', '--model', dir])).code).toBe(0);
  });
});
