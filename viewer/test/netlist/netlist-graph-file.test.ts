// SPDX-License-Identifier: AGPL-3.0-or-later
// A netlist graph file is checked by its JSON Schema and for consistency; a bad file is refused with the
// file, the line and the place in the graph named.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NetlistGraphError } from '../../src/netlist/netlist-graph-error.js';
import { readNetlistGraph } from '../../src/netlist/netlist-graph-file.js';
import type { NetlistGraph } from '../../src/netlist/netlist-graph.js';
import { tempDir } from '../temp-dir.js';

function sample(): NetlistGraph {
  return {
    schema: 'pnr-netlist-graph-v1',
    design: { name: 'divider', tool: 'hand' },
    hierarchy: [{ address: 'power', name: 'power' }],
    components: [
      {
        ref: 'R1',
        address: 'power.R1',
        value: '10k',
        footprint: 'Resistor_SMD:R_0603_1608Metric',
        pins: [{ pad: '1', type: 'passive' }, { pad: '2' }],
      },
      {
        ref: 'U1',
        address: 'U1',
        value: 'LDO',
        footprint: 'Package_TO_SOT_SMD:SOT-23',
        pins: [
          { pad: '1', name: 'GND', type: 'power_in' },
          { pad: '2', name: 'VO', type: 'power_out' },
          { pad: '3', name: 'VI', type: 'power_in' },
        ],
      },
    ],
    nets: [
      {
        name: 'GND',
        class: 'Power',
        pins: [
          { ref: 'U1', pad: '1' },
          { ref: 'R1', pad: '2' },
        ],
      },
      {
        name: 'VOUT',
        pins: [
          { ref: 'U1', pad: '2' },
          { ref: 'R1', pad: '1' },
        ],
      },
    ],
    net_classes: [{ name: 'Power', description: 'supply nets' }],
  };
}

function write(value: unknown): string {
  const file = join(tempDir(), 'graph.json');
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return file;
}

function failure(file: string): NetlistGraphError {
  try {
    readNetlistGraph(file);
  } catch (error) {
    if (error instanceof NetlistGraphError) return error;
    throw error;
  }
  throw new Error('the graph was accepted');
}

describe('readNetlistGraph', () => {
  it('reads a valid graph as it was written', () => {
    const file = write(sample());
    expect(readNetlistGraph(file)).toEqual(sample());
  });

  it('names the line and place of a pin type the schema does not know', () => {
    const graph = sample();
    (graph.components[1]!.pins[2] as { type: string }).type = 'power';
    const file = write(graph);
    const error = failure(file);
    const text = JSON.stringify(graph, null, 2).split('\n');
    const line = text.findIndex((l) => l.includes('"type": "power"')) + 1;
    expect(error.line).toBe(line);
    expect(error.message).toContain(`${file}:${line}:`);
    expect(error.message).toContain('components[1].pins[2].type');
    expect(error.message).toContain('power_in');
  });

  it('refuses a missing field and an unknown field, naming them', () => {
    const graph = sample() as unknown as { components: Record<string, unknown>[] };
    delete graph.components[0]!.footprint;
    expect(failure(write(graph)).message).toMatch(/components\[0\]: missing required field "footprint"/);
    const other = sample() as unknown as { nets: Record<string, unknown>[] };
    other.nets[1]!.colour = 'red';
    expect(failure(write(other)).message).toMatch(/nets\[1\]: unknown field "colour"/);
  });

  it('refuses a net pin on a pad the component does not have', () => {
    const graph = sample();
    graph.nets[1]!.pins[1]!.pad = '7';
    const error = failure(write(graph));
    expect(error.message).toContain('nets[1].pins[1].pad');
    expect(error.message).toContain('names pad "7" of R1, which has no such pad');
  });

  it('refuses duplicate references and a pin on two nets', () => {
    const graph = sample();
    graph.components[1]!.ref = 'R1';
    expect(failure(write(graph)).message).toContain('reference "R1" is also the reference of components[0]');
    const twice = sample();
    twice.nets[1]!.pins.push({ ref: 'U1', pad: '1' });
    expect(failure(write(twice)).message).toContain('pin U1.1 is on net "GND" and on net "VOUT"');
  });

  it('refuses an address with an empty segment', () => {
    const graph = sample();
    graph.components[0]!.address = 'power..R1';
    expect(failure(write(graph)).message).toContain('components[0].address: must be an address');
  });

  it('names the line of broken JSON and a file that is missing', () => {
    const error = failure(write('{\n  "schema": "pnr-netlist-graph-v1",\n  "components": [,]\n}'));
    expect(error.line).toBe(3);
    expect(error.message).toMatch(/graph\.json:3: not JSON/);
    const missing = failure(join(tempDir(), 'absent.json'));
    expect(missing.message).toContain('cannot read the netlist graph (ENOENT)');
  });
});
