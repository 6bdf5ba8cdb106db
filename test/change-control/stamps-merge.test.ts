// The stamps file under real git (docs/change-control.md, "Merging"): two branches each change a
// different entity and clear different links, whose lines sit next to each other in the file; `git
// merge` merges them without a conflict (the first clear wrote `rr.reviewed merge=union` into
// .gitattributes), and the merged stamps judge every link right.
import { execFileSync } from 'node:child_process';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { rr } from '../cli/run-cli.js';
import { tempDir } from '../temp-dir.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/infusion-pump/', import.meta.url));

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=rr test', '-c', 'user.email=rr@example.com', ...args], {
    cwd: dir,
    encoding: 'utf8',
    stdio: 'pipe',
  });
}

async function replaceIn(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  expect(text).toContain(from);
  await writeFile(file, text.replace(from, to));
}

/** The suspect links as "CHILD link PARENT", from `rr suspect --format json`. */
async function suspect(dir: string): Promise<string[]> {
  const r = await rr(['suspect', '--model', '.', '--format', 'json'], dir);
  expect(r.stderr).toBe('');
  const json = JSON.parse(r.stdout) as { suspect: { child: string; link: string; parent: string }[] };
  return json.suspect.map((s) => `${s.child} ${s.link} ${s.parent}`).sort();
}

describe('merging review stamps with git', () => {
  test('two branches clear neighbouring lines; git merges without conflict and the result is right', async () => {
    const dir = tempDir('rr-merge-');
    await cp(EXAMPLE, dir, { recursive: true });
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'config', 'core.autocrlf', 'false');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'model');
    const start = await rr(['suspect', 'clear', '--all', '--author', 'Jane Doe <jane@example.com>'], dir);
    expect(start.code).toBe(0);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'start change control');
    const stamps = (await readFile(join(dir, 'rr.reviewed'), 'utf8')).split('\n');
    // The two links the branches clear are on neighbouring lines: a plain line merge would conflict.
    const at24 = stamps.findIndex((l) =>
      l.startsWith('{"parent":"REQ-020","link":"refines","child":"REQ-024"'),
    );
    expect(stamps[at24 + 1]).toMatch(
      /^\{"parent":"REQ-021","link":"verifies","child":"\/\/pump\/ui:keypad_lock_test"/,
    );

    // Branch a: REQ-020's title changes; REQ-024 is reviewed, REQ-023 not yet.
    git(dir, 'checkout', '-qb', 'a');
    await replaceIn(
      join(dir, 'requirements-alarms.yaml'),
      'Alarm system per IEC 60601-1-8',
      'Alarm system per IEC 60601-1-8:2020',
    );
    expect(await suspect(dir)).toEqual(['REQ-023 refines REQ-020', 'REQ-024 refines REQ-020']);
    const a = await rr(
      ['suspect', 'clear', 'REQ-024', 'REQ-020', '--author', 'Ann A <ann@example.com>'],
      dir,
    );
    expect(a.stdout).toContain('cleared requirement REQ-024 refines requirement REQ-020');
    git(dir, 'commit', '-qam', 'a: title of REQ-020, REQ-024 reviewed');

    // Branch b, from main: REQ-021's description changes and its verification set is reviewed.
    git(dir, 'checkout', '-q', 'main');
    git(dir, 'checkout', '-qb', 'b');
    await replaceIn(join(dir, 'single/REQ-021.yaml'), 'default 2 min', 'default 3 min');
    expect(await suspect(dir)).toEqual(['//pump/ui:keypad_lock_test verifies REQ-021']);
    const b = await rr(
      ['suspect', 'clear', '//pump/ui:keypad_lock_test', '--author', 'Bo B <bo@example.com>'],
      dir,
    );
    expect(b.code).toBe(0);
    git(dir, 'commit', '-qam', 'b: REQ-021 idle time, its set reviewed');

    git(dir, 'checkout', '-q', 'a');
    git(dir, 'merge', '-q', '--no-edit', 'b');
    expect(git(dir, 'status', '--porcelain')).toBe('');
    const merged = await readFile(join(dir, 'rr.reviewed'), 'utf8');
    expect(merged).not.toMatch(/^(<<<<<<<|=======|>>>>>>>)/m);
    expect(merged).toContain('"child":"REQ-024","fields"');
    expect(merged).toContain('"by":"Ann A <ann@example.com>"');
    expect(merged).toContain('"by":"Bo B <bo@example.com>"');
    // Both changes are in the merged model; only the link branch a left unreviewed is suspect.
    expect(await suspect(dir)).toEqual(['REQ-023 refines REQ-020']);
    const validate = await rr(['validate', '.'], dir);
    expect(validate.stdout).not.toContain('review-stamps-invalid');

    // The next clear writes the merged file back in its canonical form: one line per link, sorted.
    const clear = await rr(['suspect', 'clear', '--all', '--author', 'Jane Doe <jane@example.com>'], dir);
    expect(clear.code).toBe(0);
    const lines = (await readFile(join(dir, 'rr.reviewed'), 'utf8')).trimEnd().split('\n').slice(1);
    expect(lines).toEqual([...lines].sort());
    const keys = lines
      .filter((l) => l.startsWith('{"parent"'))
      .map((l) => l.slice(0, l.indexOf(',"fields"')));
    expect(new Set(keys).size).toBe(keys.length);
    expect(await suspect(dir)).toEqual([]);
  });
});
