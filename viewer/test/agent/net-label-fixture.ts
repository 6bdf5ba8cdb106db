// SPDX-License-Identifier: AGPL-3.0-or-later
// A generated board for the AI net label tests, and waiting for labelling to end.
import type { NetLabelStatus } from '../../src/agent/net-labels/net-labeler.js';
import type { NetlistGraph } from '../../src/netlist/netlist-graph.js';

/** A board of `nets` nets, each joining two resistors and a pin of U1 (values differ). */
export function boardGraph(nets: number): NetlistGraph {
  const resistors = Array.from({ length: nets + 2 }, (_, i) => ({
    ref: `R${i + 1}`,
    address: `board.resistors[${i}]`,
    value: `${(i % 90) + 10}k`,
    footprint: 'Resistor_SMD:R_0402_1005Metric',
    pins: [{ pad: '1' }, { pad: '2', name: 'B', type: 'passive' as const }],
  }));
  const u1 = {
    ref: 'U1',
    address: 'board.mcu',
    value: 'STM32G0',
    footprint: 'Package_QFP:LQFP-48',
    pins: Array.from({ length: nets }, (_, i) => ({ pad: String(i + 1) })),
  };
  const components = [...resistors, u1];
  return {
    schema: 'pnr-netlist-graph-v1',
    design: { name: 'test board' },
    components,
    nets: Array.from({ length: nets }, (_, i) => ({
      name: `/sensor/N${String(i).padStart(4, '0')}`,
      pins: [
        { ref: `R${i + 1}`, pad: '2' },
        { ref: `R${i + 2}`, pad: '1' },
        { ref: 'U1', pad: String(i + 1) },
      ],
    })).map((n, i) => (i === 0 ? { ...n, pins: n.pins.slice(0, 1) } : n)),
  };
}

/** The labeller's status once it is neither running nor waiting. */
export async function labelsDone(v: {
  request: (p: string) => Promise<{ json: <T>() => T }>;
}): Promise<NetLabelStatus> {
  for (let i = 0; i < 600; i++) {
    const status = (await v.request('/api/net-labels')).json<NetLabelStatus>();
    if (status.state !== 'running' && status.state !== 'waiting') return status;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('labelling did not end');
}
