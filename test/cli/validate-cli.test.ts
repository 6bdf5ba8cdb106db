import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, rr } from './run-cli.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rr-cli-'));
  await writeFile(
    join(dir, 'warn.yaml'),
    [
      'user_needs:',
      '  - id: UN-1',
      '    title: Need',
      'requirements:',
      '  - id: REQ-1',
      '    title: Req',
      '    satisfies: UN-1',
      '    verified_by:',
      '      - //pump:t',
      '',
    ].join('\n'),
  );
  await writeFile(join(dir, 'error.yaml'), 'user_needs:\n  - id: UN-1\n    title: Need\n');
  await writeFile(join(dir, 'syntax.yaml'), 'user_needs: [\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('rr validate', () => {
  it('exits 0 on the bundled example and prints its summary', async () => {
    const r = await rr(['validate', 'examples/infusion-pump']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^examples\/infusion-pump: \d+ entities \(\d+ user needs, \d+ requirements, \d+ risks, \d+ mitigations, \d+ test methods\) in \d+ files: 0 errors, 0 warnings\n$/,
    );
  });

  it('exits 0 with warnings only and prints file:line:col lines', async () => {
    const r = await rr(['validate', join(dir, 'warn.yaml')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      `${join(dir, 'warn.yaml')}:9:9: warning bare-target-reference: requirement REQ-1:`,
    );
    expect(r.stdout).toMatch(/: 0 errors, 1 warning\n$/);
  });

  it('exits 1 on errors', async () => {
    const r = await rr(['validate', join(dir, 'error.yaml')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${join(dir, 'error.yaml')}:2:5: error need-unsatisfied: user need UN-1`);
  });

  it('exits 2 on a file it cannot parse, still printing the diagnostic', async () => {
    const r = await rr(['validate', join(dir, 'syntax.yaml')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/syntax\.yaml:2:1: error syntax-error: YAML syntax error/);
  });

  it('exits 2 on a missing path and on usage errors', async () => {
    const missing = await rr(['validate', join(dir, 'nope')]);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toContain('error read-error: cannot read model path: no such file or directory');
    const noPath = await rr(['validate']);
    expect(noPath.code).toBe(2);
    expect(noPath.stderr).toContain("missing required argument 'path'");
    const badFormat = await rr(['validate', dir, '--format', 'xml']);
    expect(badFormat.code).toBe(2);
    expect(badFormat.stderr).toContain('xml');
    const unknown = await rr(['frobnicate']);
    expect(unknown.code).toBe(2);
  });

  it('prints exactly the JSON contract of docs/diagnostics.md', async () => {
    const r = await rr(['validate', join(dir, 'warn.yaml'), '--format', 'json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { ok: boolean; diagnostics: Record<string, unknown>[] };
    expect(Object.keys(out).sort()).toEqual(['diagnostics', 'ok']);
    expect(out.ok).toBe(true);
    expect(out.diagnostics).toEqual([
      {
        rule: 'bare-target-reference',
        severity: 'warning',
        message: expect.stringContaining('requirement REQ-1') as unknown,
        entity: 'REQ-1',
        file: join(dir, 'warn.yaml'),
        line: 9,
        column: 9,
      },
    ]);
    const bad = JSON.parse((await rr(['validate', join(dir, 'error.yaml'), '--format', 'json'])).stdout) as {
      ok: boolean;
    };
    expect(bad.ok).toBe(false);
  });

  it('prints SARIF 2.1.0 with rules, levels and repository-relative locations', async () => {
    const r = await rr(['validate', 'examples/broken', '--format', 'sarif']);
    expect(r.code).toBe(1);
    const log = JSON.parse(r.stdout) as {
      version: string;
      runs: {
        tool: { driver: { name: string; rules: { id: string }[] } };
        originalUriBaseIds: Record<string, { uri: string }>;
        results: {
          ruleId: string;
          ruleIndex: number;
          level: string;
          locations: {
            physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } };
          }[];
        }[];
      }[];
    };
    expect(log.version).toBe('2.1.0');
    const run = log.runs[0]!;
    expect(run.tool.driver.name).toBe('rr');
    expect(run.originalUriBaseIds['%SRCROOT%']!.uri).toBe(new URL(`file://${repoRoot}`).href);
    const shared = run.results.find((x) => x.ruleId === 'shared-case')!;
    expect(shared.level).toBe('error');
    expect(run.tool.driver.rules[shared.ruleIndex]!.id).toBe('shared-case');
    expect(shared.locations[0]!.physicalLocation.artifactLocation.uri).toBe(
      'examples/broken/requirements.yaml',
    );
    expect(shared.locations[0]!.physicalLocation.region.startLine).toBe(16);
    expect(run.results.some((x) => x.level === 'warning')).toBe(true);
  });

  it('closes quietly when its output pipe closes early', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [`${repoRoot}bin/rr.js`, 'validate', 'examples/broken'], {
      cwd: repoRoot,
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toContain('EPIPE');
    expect(code).not.toBeNull();
  });
});

describe('rr schema', () => {
  it('prints the model schema as JSON', async () => {
    const r = await rr(['schema']);
    expect(r.code).toBe(0);
    const schema = JSON.parse(r.stdout) as { $schema: string; $defs: Record<string, unknown> };
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(Object.keys(schema.$defs)).toContain('label');
  });
});

describe('rr --version and --help', () => {
  it('exit 0', async () => {
    expect((await rr(['--version'])).code).toBe(0);
    const help = await rr(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('validate');
  });
});
