// SPDX-License-Identifier: AGPL-3.0-or-later
// What the schema cannot say about a netlist graph: references, addresses and net names are unique, every
// net pin names a pad of a listed component, and no pin is on two nets. Each problem carries the JSON path
// of the value at fault so the loader can name its line.

import type { JsonProblem } from './checked-json-file.js';
import type { NetlistGraph } from './netlist-graph.js';
import { pinKey } from './netlist-graph.js';

/** The inconsistencies of a schema-valid graph, first ones first; empty when it is consistent. */
export function graphProblems(graph: NetlistGraph): JsonProblem[] {
  const problems: JsonProblem[] = [];
  const refs = new Map<string, number>();
  const addresses = new Map<string, number>();
  const pads = new Set<string>();
  graph.components.forEach((component, i) => {
    const seen = refs.get(component.ref);
    if (seen !== undefined)
      problems.push({
        path: ['components', i, 'ref'],
        message: `reference "${component.ref}" is also the reference of components[${seen}]; references must be unique`,
      });
    else refs.set(component.ref, i);
    const other = addresses.get(component.address);
    if (other !== undefined)
      problems.push({
        path: ['components', i, 'address'],
        message: `address "${component.address}" is also the address of components[${other}]; addresses must be unique`,
      });
    else addresses.set(component.address, i);
    component.pins.forEach((pin, j) => {
      const key = pinKey(component.ref, pin.pad);
      if (pads.has(key))
        problems.push({
          path: ['components', i, 'pins', j, 'pad'],
          message: `pad "${pin.pad}" of ${component.ref} is listed twice`,
        });
      pads.add(key);
    });
  });
  const netNames = new Map<string, number>();
  const pinNet = new Map<string, string>();
  graph.nets.forEach((net, i) => {
    const seen = netNames.get(net.name);
    if (seen !== undefined)
      problems.push({
        path: ['nets', i, 'name'],
        message: `net "${net.name}" is also nets[${seen}]; net names must be unique`,
      });
    else netNames.set(net.name, i);
    net.pins.forEach((pin, j) => {
      const key = pinKey(pin.ref, pin.pad);
      if (!refs.has(pin.ref))
        problems.push({
          path: ['nets', i, 'pins', j, 'ref'],
          message: `net "${net.name}" names component "${pin.ref}", which is not in components`,
        });
      else if (!pads.has(key))
        problems.push({
          path: ['nets', i, 'pins', j, 'pad'],
          message: `net "${net.name}" names pad "${pin.pad}" of ${pin.ref}, which has no such pad`,
        });
      const other = pinNet.get(key);
      if (other !== undefined && other !== net.name)
        problems.push({
          path: ['nets', i, 'pins', j],
          message: `pin ${pin.ref}.${pin.pad} is on net "${other}" and on net "${net.name}"; a pin is on one net`,
        });
      else pinNet.set(key, net.name);
    });
  });
  return problems;
}
