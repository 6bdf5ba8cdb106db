// SPDX-License-Identifier: AGPL-3.0-or-later
// Note targets are checked against the design: the netlist graph, the experiment's board and the design
// sources. A footprint, pad or net the design does not have, a point off the board, or a source path
// outside the source folder is refused with 422 and the reason, for new notes and edits; nothing is
// written. Without any of them (no graph, board or sources) targets are taken as written.
import { cpSync, existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DesignNote } from '../../src/notes/design-note.js';
import { EXAMPLE_DESIGN, exampleBoardGraph } from '../design-sources/example-design.js';
import { tempDir } from '../temp-dir.js';
import { startViewer } from './viewer-fixture.js';

function design(): { root: string; graph: string } {
  const base = tempDir();
  const root = join(base, 'design');
  cpSync(EXAMPLE_DESIGN, root, { recursive: true });
  const graph = join(base, 'netlist.json');
  writeFileSync(graph, JSON.stringify(exampleBoardGraph()));
  return { root, graph };
}

const note = (targets: unknown[]) => ({ json: { kind: 'observation', title: 'A target', targets } });

describe('design note targets', () => {
  it('are resolved against the netlist graph and the design sources; unknown ones are refused with 422', async () => {
    const d = design();
    const v = await startViewer({ flags: { hdlRoot: d.root, hdlBuild: 'default', graph: d.graph } });
    const ok = await v.request(
      '/api/notes',
      note([
        { type: 'footprint', ref: 'U2' },
        { type: 'pad', ref: 'U1', pad: '8' },
        { type: 'net', net: 'SDA' },
        { type: 'source', path: 'power.ato', line: 12 },
        { type: 'source', path: 'parts/SensorMcu/SensorMcu.ato' },
      ]),
    );
    expect(ok.status).toBe(201);
    const refusals: [unknown, string][] = [
      [{ type: 'footprint', ref: 'U9' }, `there is no component "U9" in the netlist graph ${d.graph}`],
      [{ type: 'pad', ref: 'U1', pad: '9' }, 'component U1 has no pad "9"'],
      [{ type: 'net', net: 'VBAT' }, 'there is no net "VBAT"'],
      [{ type: 'source', path: '../ato.yaml' }, 'the source path "../ato.yaml" is outside the source folder'],
      [{ type: 'source', path: '/etc/passwd' }, 'the source path "/etc/passwd" is outside the source folder'],
      [{ type: 'source', path: 'nothing.ato' }, 'there is no source file "nothing.ato"'],
      [{ type: 'source', path: 'power.ato', line: 400 }, 'power.ato has 28 lines; line 400 is past its end'],
    ];
    for (const [target, reason] of refusals) {
      const r = await v.request('/api/notes', note([{ type: 'lane', lane: 'cand-0' }, target]));
      expect(r.status, JSON.stringify(target)).toBe(422);
      const body = r.json<{ code: string; message: string; target: number }>();
      expect(body).toMatchObject({ code: 'unknown-target', target: 1 });
      expect(body.message).toContain(`targets[1]: ${reason}`);
    }
    // Only the first note was written.
    expect(
      readdirSync(v.config.notesDir).filter((f) => f.endsWith('.json') && f.startsWith('n-')),
    ).toHaveLength(1);
    // An edit is checked the same way.
    const created = ok.json<DesignNote>();
    const edit = await v.request(`/api/notes/${created.id}/edit`, {
      json: { revision: created.revision, targets: [{ type: 'net', net: 'NOPE' }] },
    });
    expect(edit.status).toBe(422);
  });

  it('are resolved against the graph the experiment wrote when no --graph is given, as the schematic is', async () => {
    const v = await startViewer({ simulate: true });
    const graph = join(v.root, 'netlist-graph.json');
    expect(existsSync(graph)).toBe(true);
    const ghost = await v.request('/api/notes', note([{ type: 'footprint', ref: 'U9' }]));
    expect(ghost.status).toBe(422);
    expect(ghost.json<{ message: string }>().message).toContain(
      `there is no component "U9" in the netlist graph ${graph}`,
    );
    expect((await v.request('/api/notes', note([{ type: 'net', net: 'SDA' }]))).status).toBe(201);
  });

  it('are resolved against the board when there is no graph, and points must lie on it', async () => {
    const v = await startViewer({ simulate: true });
    // rr pnr-sim writes the graph beside its events; without it, the board is what the viewer knows.
    rmSync(join(v.root, 'netlist-graph.json'));
    expect(
      (
        await v.request(
          '/api/notes',
          note([
            { type: 'footprint', ref: 'D2' },
            { type: 'point', x: 120, y: 100 },
          ]),
        )
      ).status,
    ).toBe(201);
    const ghost = await v.request('/api/notes', note([{ type: 'net', net: 'VBAT' }]));
    expect(ghost.status).toBe(422);
    expect(ghost.json<{ message: string }>().message).toMatch(
      /there is no net "VBAT" in the board boards\/[0-9a-f]{64}\.kicad_pcb/,
    );
    const off = await v.request('/api/notes', note([{ type: 'point', x: 10, y: 10 }]));
    expect(off.status).toBe(422);
    expect(off.json<{ message: string }>().message).toContain(
      'the point (10, 10) lies outside the board (100..150 x 80..120 mm',
    );
    // Without design sources a source target has nothing to point at.
    const source = await v.request('/api/notes', note([{ type: 'source', path: 'main.ato' }]));
    expect(source.status).toBe(422);
    expect(source.json<{ message: string }>().message).toContain('there are no design sources');
  });

  it('are taken as written when there is nothing to check them against', async () => {
    const v = await startViewer();
    const r = await v.request(
      '/api/notes',
      note([
        { type: 'footprint', ref: 'ANY' },
        { type: 'net', net: 'X' },
      ]),
    );
    expect(r.status).toBe(201);
  });
});
