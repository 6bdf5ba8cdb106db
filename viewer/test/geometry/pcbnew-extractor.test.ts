// SPDX-License-Identifier: AGPL-3.0-or-later
// The pcbnew extractor's handling of its child process, with a stand-in script run by Node in
// place of KiCad's Python (the real one is covered by the agreement test).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractWithPcbnew, pcbnewExtractScript } from '../../src/geometry/pcbnew-extractor.js';
import { existsSync } from 'node:fs';

let dir: string;

async function script(name: string, body: string): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, body);
  return file;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rr-pcbnew-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('pcbnew extractor', () => {
  it('ships its Python script with rr', () => {
    expect(existsSync(pcbnewExtractScript())).toBe(true);
  });

  it('completes the printed geometry: canonical layer order and a bounding box', async () => {
    const printed = {
      schema: 'rr-board-geometry-v1',
      extractor: 'pcbnew',
      formatVersion: null,
      layers: [
        { name: 'B.Cu', type: 'signal' },
        { name: 'F.Cu', type: 'signal' },
      ],
      nets: [],
      footprints: [],
      segments: [],
      arcs: [],
      vias: [],
      zones: [],
      graphics: [],
      outline: [{ kind: 'line', start: [1, 2], end: [5, 8], width: 0.1 }],
      boundingBox: null,
    };
    const fake = await script('ok.mjs', `process.stdout.write(${JSON.stringify(JSON.stringify(printed))});`);
    const geometry = await extractWithPcbnew('board.kicad_pcb', { python: process.execPath, script: fake });
    expect(geometry.layers.map((l) => l.name)).toEqual(['F.Cu', 'B.Cu']);
    expect(geometry.boundingBox).toEqual({ minX: 1, minY: 2, maxX: 5, maxY: 8 });
  });

  it("passes on the script's own error message", async () => {
    const fake = await script(
      'fail.mjs',
      `console.error("pcbnew_extract: b.kicad_pcb: KiCad cannot load the board"); process.exit(2);`,
    );
    await expect(
      extractWithPcbnew('b.kicad_pcb', { python: process.execPath, script: fake }),
    ).rejects.toThrow(
      "b.kicad_pcb: KiCad's pcbnew could not extract the board geometry: pcbnew_extract: b.kicad_pcb: KiCad cannot load the board",
    );
  });

  it('says when the configured Python does not exist', async () => {
    await expect(extractWithPcbnew('b.kicad_pcb', { python: join(dir, 'no-python') })).rejects.toThrow(
      /no-python does not exist; set --pcb-python or VIEWER_PCB_PYTHON/,
    );
  });

  it('refuses output that is not board geometry', async () => {
    const garbage = await script('garbage.mjs', `process.stdout.write("Loading board…\\n{");`);
    await expect(
      extractWithPcbnew('b.kicad_pcb', { python: process.execPath, script: garbage }),
    ).rejects.toThrow('b.kicad_pcb: pcbnew_extract.py printed no valid JSON');
    const foreign = await script('foreign.mjs', `process.stdout.write('{"schema":"other"}');`);
    await expect(
      extractWithPcbnew('b.kicad_pcb', { python: process.execPath, script: foreign }),
    ).rejects.toThrow('printed no board geometry: its schema is "other"');
  });

  it('stops a child that runs past the time limit', async () => {
    const slow = await script('slow.mjs', 'setTimeout(() => {}, 60000);');
    await expect(
      extractWithPcbnew('b.kicad_pcb', { python: process.execPath, script: slow, timeoutMs: 300 }),
    ).rejects.toThrow('it was stopped after 0.3 s');
  });
});
