// SPDX-License-Identifier: AGPL-3.0-or-later
// rr pnr-sim as a user runs it (the built bin/rr.js).
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rr } from '../../../test/cli/run-cli.js';
import { tempDir } from '../temp-dir.js';
import { ofKind, readEvents } from './sim-run.js';

describe('rr pnr-sim', () => {
  it('runs a bounded, unpaced, seeded experiment and says where it wrote', async () => {
    const dir = tempDir();
    const r = await rr(
      [
        'pnr-sim',
        '--out',
        'live',
        '--rate',
        '0',
        '--seed',
        '3',
        '--steps',
        '100',
        '--candidates',
        '1',
        '--trials',
        '1',
        '--rounds',
        '1',
      ],
      dir,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^pnr-sim completed: \d+ events and \d+ checkpoints in live; best cand-0 at cost [\d.]+ \(boards\/[0-9a-f]{64}\.kicad_pcb\)\n$/,
    );
    const events = readEvents(join(dir, 'live'));
    expect(ofKind(events, 'experiment_start')[0]!.experiment).toMatchObject({
      seed: 3,
      parameters: { steps: 100, candidates: 1, trials: 1, rounds: 1 },
    });
    expect(ofKind(events, 'run_start')[0]).toMatchObject({ run_dir: 'live', tool: { name: 'rr pnr-sim' } });
  });

  it('places and routes a board given with --board', async () => {
    const dir = tempDir();
    const first = await rr(
      [
        'pnr-sim',
        '--out',
        'a',
        '--rate',
        '0',
        '--steps',
        '50',
        '--candidates',
        '1',
        '--trials',
        '1',
        '--rounds',
        '1',
      ],
      dir,
    );
    expect(first.code).toBe(0);
    const input = readdirSync(join(dir, 'a', 'boards'))[0]!;
    const r = await rr(
      [
        'pnr-sim',
        '--out',
        'b',
        '--board',
        join('a', 'boards', input),
        '--rate',
        '0',
        '--steps',
        '50',
        '--candidates',
        '1',
        '--trials',
        '1',
        '--rounds',
        '1',
      ],
      dir,
    );
    expect(r.code).toBe(0);
    expect(ofKind(readEvents(join(dir, 'b')), 'experiment_start')[0]!.experiment.board).toBe(
      join('a', 'boards', input),
    );
  });

  it('exits 2 with a clear message for bad numbers, unreadable boards and used live directories', async () => {
    const dir = tempDir();
    const bad = await rr(['pnr-sim', '--out', 'live', '--steps', 'many'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('rr pnr-sim: --steps takes a whole number of at least 1; got "many"\n');

    const missing = await rr(['pnr-sim', '--out', 'live', '--board', 'nope.kicad_pcb'], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^rr pnr-sim: cannot read --board nope\.kicad_pcb: ENOENT/);

    writeFileSync(join(dir, 'broken.kicad_pcb'), '(kicad_pcb (version 20241229)\n  (footprint "x"\n');
    const broken = await rr(['pnr-sim', '--out', 'live', '--board', 'broken.kicad_pcb'], dir);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toBe(
      'rr pnr-sim: broken.kicad_pcb:3: malformed board: the file ends inside (footprint …), which opens at line 2 (2 list(s) still open): the file is truncated; re-save the board in KiCad or copy it again\n',
    );

    mkdirSync(join(dir, 'used', 'events'), { recursive: true });
    writeFileSync(join(dir, 'used', 'events', '00000000-run_start.json'), '{}');
    const used = await rr(['pnr-sim', '--out', 'used', '--rate', '0'], dir);
    expect(used.code).toBe(2);
    expect(used.stderr).toContain('already holds events; give the simulator a new or empty live directory');
  });
});
