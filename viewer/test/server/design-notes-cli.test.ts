// SPDX-License-Identifier: AGPL-3.0-or-later
// rr notes report as a user runs it (the built bin/rr.js): the notes folder as markdown, filtered by
// status, or as JSON; broken note files named on stderr; usage errors exit 2.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DesignNotesStore } from '../../src/notes/design-notes-store.js';
import { rr } from '../../../test/cli/run-cli.js';
import { tempDir } from '../temp-dir.js';

async function notesFolder(): Promise<string> {
  const dir = tempDir();
  const store = new DesignNotesStore(join(dir, 'notes'));
  const context = { address: '127.0.0.1', now: new Date('2025-06-01T12:00:00.000Z') };
  const kept = await store.create(
    { kind: 'requirement', title: 'Keep U2 near J1', targets: [{ type: 'footprint', ref: 'U2' }] },
    context,
  );
  await store.create({ kind: 'question', title: 'Why two vias on SDA?' }, context);
  await store.act(kept.id, 'accept', { revision: 1, reason: 'review 3' }, context);
  return dir;
}

describe('rr notes report', () => {
  it('prints the notes as markdown, accepted first, and the same text as design-notes.md', async () => {
    const dir = await notesFolder();
    const r = await rr(['notes', 'report', '--dir', 'notes'], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^# Design notes\n\n2 notes from .*notes \(1 accepted, 0 applied, 1 open, 0 rejected\)\.\n/,
    );
    expect(r.stdout.indexOf('### Requirement: Keep U2 near J1')).toBeLessThan(
      r.stdout.indexOf('### Question: Why two vias on SDA?'),
    );
    expect(r.stdout).toContain('- Accepted by ');
    expect(r.stdout).toBe(readFileSync(join(dir, 'notes', 'design-notes.md'), 'utf8'));
  });

  it('filters by --status and prints JSON with --json', async () => {
    const dir = await notesFolder();
    const accepted = await rr(['notes', 'report', '--dir', 'notes', '--status', 'accepted'], dir);
    expect(accepted.stdout).toContain('Keep U2 near J1');
    expect(accepted.stdout).not.toContain('Why two vias');
    const json = await rr(['notes', 'report', '--dir', 'notes', '--json', '--status', 'open'], dir);
    expect(json.code).toBe(0);
    const exported = JSON.parse(json.stdout) as {
      schema: string;
      notes: { title: string; status: string }[];
    };
    expect(exported.schema).toBe('pnr-design-notes-export-v1');
    expect(exported.notes.map((n) => [n.title, n.status])).toEqual([['Why two vias on SDA?', 'open']]);
  });

  it('names broken note files (exit 1) and exits 2 for usage errors', async () => {
    const dir = await notesFolder();
    writeFileSync(join(dir, 'notes', 'broken.json'), '{"schema"');
    const broken = await rr(['notes', 'report', '--dir', 'notes'], dir);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^rr notes report: notes\/broken\.json: not valid JSON/);
    expect(broken.stdout).toContain('Keep U2 near J1');

    const status = await rr(['notes', 'report', '--dir', 'notes', '--status', 'done'], dir);
    expect(status.code).toBe(2);
    expect(status.stderr).toContain('--status takes open, accepted, rejected, applied');
    const missing = await rr(['notes', 'report', '--dir', 'nowhere'], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nowhere is not a folder');
    mkdirSync(join(dir, 'empty'));
    const empty = await rr(['notes', 'report', '--dir', 'empty'], dir);
    expect(empty).toMatchObject({ code: 0, stdout: expect.stringContaining('0 notes from') });
  });
});
