// Publishing is reproducible and reads the revision it is told to: two clones at different paths,
// published by different users in different time zones, give the same bytes; --baseline publishes a
// tag's model and lock although the working tree has changed since; --since lists a changed field and
// an added entity.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../temp-dir.js';
import { editFile, exampleRepository, filesBelow, git, publish } from './publish-fixture.js';

describe('rr publish', () => {
  it('gives the same bytes from two clones at other paths, users and time zones', async () => {
    const origin = exampleRepository('rr-publish-origin-');
    const first = join(tempDir('rr-publish-a-'), 'clone');
    const second = join(tempDir('rr-publish-bb-other-'), 'deeper', 'clone');
    git(origin, 'clone', '--quiet', origin, first);
    git(origin, 'clone', '--quiet', origin, second);
    const outA = join(tempDir('rr-out-a-'), 'pack');
    const outB = join(tempDir('rr-out-b-'), 'pack');
    const a = await publish(first, outA, [], {
      ...process.env,
      TZ: 'UTC',
      USER: 'alice',
      LOGNAME: 'alice',
      LANG: 'C',
    });
    const b = await publish(second, outB, [], {
      ...process.env,
      TZ: 'Pacific/Kiritimati',
      USER: 'bob',
      LOGNAME: 'bob',
      LANG: 'de_DE.UTF-8',
    });
    expect(a.stderr).toBe('');
    expect(b.stderr).toBe('');
    const filesA = filesBelow(outA);
    const filesB = filesBelow(outB);
    expect([...filesB.keys()]).toEqual([...filesA.keys()]);
    expect([...filesA.keys()]).toEqual(expect.arrayContaining(['index.html', 'matrix.csv', 'matrix.xlsx']));
    for (const [name, bytes] of filesA) expect(filesB.get(name)!.equals(bytes), name).toBe(true);
    // The only date is the baseline commit's.
    expect(filesA.get('index.html')!.toString()).toContain('2026-03-01T10:00:00+01:00');
  }, 300_000);

  it('publishes the tag named by --baseline, not the working tree changed since', async () => {
    const dir = exampleRepository();
    editFile(
      dir,
      'requirements.yaml',
      'title: Continuous infusion by rate and volume',
      'title: Changed after the tag',
    );
    git(dir, 'commit', '--quiet', '-am', 'after v1');
    editFile(dir, 'requirements.yaml', 'title: Volumetric delivery accuracy', 'title: Uncommitted change');
    const tagged = join(tempDir(), 'pack');
    await publish(dir, tagged, ['--baseline', 'v1']);
    const page = readFileSync(join(tagged, 'doc-requirements-yaml.html'), 'utf8');
    expect(page).toContain('Continuous infusion by rate and volume');
    expect(page).toContain('Volumetric delivery accuracy');
    expect(page).not.toContain('Changed after the tag');
    expect(page).not.toContain('Uncommitted change');
    const start = readFileSync(join(tagged, 'index.html'), 'utf8');
    expect(start).toMatch(/tag <strong>v1<\/strong>/);
    expect(start).not.toContain('modified');
    // Without --baseline: the working tree, marked modified against HEAD.
    const current = join(tempDir(), 'pack');
    await publish(dir, current);
    expect(readFileSync(join(current, 'doc-requirements-yaml.html'), 'utf8')).toContain('Uncommitted change');
    expect(readFileSync(join(current, 'index.html'), 'utf8')).toContain('modified: the working tree differs');
  }, 300_000);

  it('lists what changed since --since: a field changed and an entity added, and verdicts that moved', async () => {
    const dir = exampleRepository();
    editFile(
      dir,
      'requirements.yaml',
      'title: Continuous infusion by rate and volume',
      'title: Continuous infusion, by rate and VTBI',
    );
    editFile(
      dir,
      'user-needs.yaml',
      'user_needs:\n',
      'user_needs:\n  - id: UN-099\n    title: Read the pump from across the room\n    description: A nurse needs to see the pump state from the door.\n    status: draft\n',
    );
    git(dir, 'commit', '--quiet', '-am', 'v2 changes');
    const out = join(tempDir(), 'pack');
    const run = await publish(dir, out, ['--since', 'v1']);
    expect(run.stderr).toBe('');
    const changes = readFileSync(join(out, 'changes.html'), 'utf8');
    expect(changes).toContain('Changes since v1');
    expect(changes).toMatch(
      /<ul class="added">\s*<li>\s*<a href="doc-user-needs-yaml.html#UN-099">UN-099<\/a>/,
    );
    const changed = changes.slice(
      changes.indexOf('<h2>Changed</h2>'),
      changes.indexOf('<h2>Verdicts that changed'),
    );
    expect(changed).toContain('REQ-001');
    expect(changed).toContain('Continuous infusion by rate and volume');
    expect(changed).toContain('Continuous infusion, by rate and VTBI');
    expect(changed.match(/<section class="changed">/g)).toHaveLength(1);
    // A new need without requirements has a verdict it did not have before.
    expect(changes.slice(changes.indexOf('Verdicts that changed'))).toContain('UN-099');
  }, 300_000);

  it('refuses a revision that names nothing, saying which, with exit code 2', async () => {
    const dir = exampleRepository();
    const run = await publish(dir, join(tempDir(), 'pack'), ['--baseline', 'v9']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--baseline v9: no tag, branch or commit of that name');
  }, 120_000);
});
