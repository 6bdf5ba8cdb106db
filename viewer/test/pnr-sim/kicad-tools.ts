// SPDX-License-Identifier: AGPL-3.0-or-later
// The real KiCad 9 tools: pcbnew for /usr/bin/python3 and kicad-cli (whether this machine has them is
// test/requirements.ts's question).
import { execFileSync } from 'node:child_process';

const PADS_SCRIPT = `
import json, sys, pcbnew
board = pcbnew.LoadBoard(sys.argv[1])
box = board.GetBoardEdgesBoundingBox()
out = {
  "footprints": [
    {"ref": f.GetReference(), "x": pcbnew.ToMM(f.GetPosition().x), "y": pcbnew.ToMM(f.GetPosition().y),
     "rotation": f.GetOrientationDegrees(),
     "pads": [{"number": p.GetNumber(), "net": p.GetNetname(), "x": pcbnew.ToMM(p.GetPosition().x), "y": pcbnew.ToMM(p.GetPosition().y)} for p in f.Pads()]}
    for f in board.GetFootprints()],
  "tracks": sum(1 for t in board.GetTracks() if t.GetClass() == "PCB_TRACK"),
  "vias": sum(1 for t in board.GetTracks() if t.GetClass() == "PCB_VIA"),
  "edges": [pcbnew.ToMM(box.GetWidth()), pcbnew.ToMM(box.GetHeight())],
}
print(json.dumps(out))
`;

/** What pcbnew.LoadBoard sees in a board file. */
export interface PcbnewView {
  footprints: {
    ref: string;
    x: number;
    y: number;
    rotation: number;
    pads: { number: string; net: string; x: number; y: number }[];
  }[];
  tracks: number;
  vias: number;
  edges: [number, number];
}

/** Loads a board with pcbnew.LoadBoard in KiCad's own Python and reports what it holds. */
export function loadWithPcbnew(file: string): PcbnewView {
  const out = execFileSync('/usr/bin/python3', ['-c', PADS_SCRIPT, file], {
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as PcbnewView;
}

/** KiCad's design-rule check of a board: violation types and the number of unconnected items. */
export function kicadDrc(
  file: string,
  report: string,
): { violations: { type: string; description: string }[]; unconnected: number } {
  execFileSync('kicad-cli', ['pcb', 'drc', '--format', 'json', '-o', report, file], {
    stdio: 'ignore',
    timeout: 120_000,
  });
  const json = JSON.parse(execFileSync('cat', [report], { encoding: 'utf8' })) as {
    violations: { type: string; description: string }[];
    unconnected_items: unknown[];
  };
  return { violations: json.violations, unconnected: json.unconnected_items.length };
}
