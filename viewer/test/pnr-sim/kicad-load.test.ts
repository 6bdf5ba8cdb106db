// SPDX-License-Identifier: AGPL-3.0-or-later
// Checks against KiCad 9 itself (skipped on machines without it): the generated board and the
// simulator's checkpoints load with pcbnew.LoadBoard, footprints and pads are where the simulator
// thinks they are, and KiCad's own DRC finds no copper problems in a routed result.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { padPosition } from '../../src/pnr-sim/board-model.js';
import { exampleBoardText } from '../../src/pnr-sim/example-board.js';
import { readSimBoard } from '../../src/pnr-sim/sim-board-reader.js';
import { tempDir } from '../temp-dir.js';
import { available, needsData, needsProgram } from '../../../test/requirements.js';
import { kicadDrc, loadWithPcbnew, type PcbnewView } from './kicad-tools.js';
import { ofKind, readEvents, shortRun } from './sim-run.js';

const DEMOS = '/usr/share/kicad/demos';

/** Our idea of every pad's position against pcbnew's, within a micrometre. */
function expectSamePads(text: string, file: string, view: PcbnewView): void {
  const kb = readSimBoard(text, file);
  expect(kb.board.footprints.length).toBe(view.footprints.length);
  kb.board.footprints.forEach((f, i) => {
    const theirs = view.footprints[i]!;
    expect(f.ref).toBe(theirs.ref);
    f.pads.forEach((_, j) => {
      const [x, y] = padPosition(kb.board, kb.placement, i, j);
      expect(x, `${f.ref} pad ${theirs.pads[j]!.number}`).toBeCloseTo(theirs.pads[j]!.x, 3);
      expect(y, `${f.ref} pad ${theirs.pads[j]!.number}`).toBeCloseTo(theirs.pads[j]!.y, 3);
    });
  });
}

describe.runIf(available(needsProgram('pcbnew')))('KiCad 9 pcbnew loads what the simulator writes', () => {
  it('loads the generated example board: 16 footprints on a 50 x 40 mm outline, every pad on its net', () => {
    const file = join(tempDir(), 'example.kicad_pcb');
    writeFileSync(file, exampleBoardText());
    const view = loadWithPcbnew(file);
    expect(view.footprints).toHaveLength(16);
    expect(view.edges[0]).toBeCloseTo(50.1, 1); // the outline's line width adds 0.1 mm
    expect(view.edges[1]).toBeCloseTo(40.1, 1);
    expect(view.footprints.find((f) => f.ref === 'U1')!.pads.map((p) => p.net)).toEqual([
      'NRST',
      'LED1',
      'LED2',
      'GND',
      'SDA',
      'SCL',
      'SENSE',
      '+3V3',
    ]);
    expectSamePads(exampleBoardText(), file, view);
  });

  it('loads routed checkpoints with the placement and tracks the events describe', async () => {
    const live = join(tempDir(), 'live');
    await shortRun(live, { candidates: 1, trials: 1, rounds: 1, steps: 200 });
    const events = readEvents(live);
    const routing = ofKind(events, 'checkpoint').find((c) => c.phase === 'routing')!;
    const file = join(live, routing.board);
    const view = loadWithPcbnew(file);
    const trial = routing.lane.split('.').slice(0, 2).join('.');
    const placed = ofKind(events, 'placement')
      .filter((p) => p.lane === trial)
      .at(-1)!;
    for (const fp of placed.footprints) {
      const theirs = view.footprints.find((f) => f.ref === fp.ref)!;
      expect([theirs.x, theirs.y]).toEqual([fp.x, fp.y]);
      expect((((theirs.rotation % 360) + 360) % 360).toFixed(3)).toBe((fp.rotation % 360).toFixed(3));
    }
    const text = readFileSync(file, 'utf8');
    expect(view.tracks).toBe(text.match(/\(segment\b/g)?.length ?? 0);
    expect(view.vias).toBe(text.match(/\(via\b/g)?.length ?? 0);
    expectSamePads(text, file, view);
  });

  it.runIf(available(needsData(DEMOS, "KiCad's demo boards", 'run `bash .ci/install-kicad` (as root)')))(
    "reads pad positions of Debian's KiCad demo boards as pcbnew does",
    () => {
      const boards = demoBoards().filter((f) => statSync(f).size < 800_000);
      expect(boards.length).toBeGreaterThan(0);
      for (const file of boards) expectSamePads(readFileSync(file, 'utf8'), file, loadWithPcbnew(file));
    },
  );
});

describe.runIf(available(needsProgram('kicad-cli')))("KiCad 9's DRC on a routed checkpoint", () => {
  it('finds no clearance, short or dangling-track problems, and nothing unconnected when every net is routed', async () => {
    const dir = tempDir();
    const live = join(dir, 'live');
    const summary = await shortRun(live, { candidates: 1, trials: 1, rounds: 2, steps: 300 });
    const events = readEvents(live);
    const final = join(live, summary.best!.checkpoint);
    const result = kicadDrc(final, join(dir, 'drc.json'));
    // Silkscreen findings concern reference texts, which the search does not place.
    expect(result.violations.filter((v) => !v.type.startsWith('silk_'))).toEqual([]);
    const status = ofKind(events, 'net_status').find((s) =>
      ofKind(events, 'checkpoint').some((c) => c.lane === s.lane && c.board === summary.best!.checkpoint),
    )!;
    if (status.nets.every((n) => n.status === 'routed')) expect(result.unconnected).toBe(0);
  });
});

function demoBoards(): string[] {
  return readdirSync(DEMOS).flatMap((d) => {
    try {
      return readdirSync(join(DEMOS, d))
        .filter((f) => f.endsWith('.kicad_pcb'))
        .map((f) => join(DEMOS, d, f));
    } catch {
      return [];
    }
  });
}
