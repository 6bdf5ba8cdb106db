// SPDX-License-Identifier: AGPL-3.0-or-later
// Which nets of a netlist each constraint applies to, as short sentences the schematic shows on a net,
// and the constraints that name nets the netlist does not have (shown as problems, not refused: the
// file may be shared by several revisions of a design).

import type { DesignConstraints } from './design-constraints.js';

/** Constraint sentences per net name, and problems. */
export interface ConstrainedNets {
  byNet: Map<string, string[]>;
  /** Net class each constrained net is in (the constraints file's classes win over the netlist's). */
  classOf: Map<string, string>;
  problems: string[];
}

const mm = (n: number) => `${n} mm`;

/** Applies the constraints to the nets named `netNames`. */
export function constrainedNets(
  constraints: DesignConstraints,
  netNames: readonly string[],
): ConstrainedNets {
  const byNet = new Map<string, string[]>();
  const classOf = new Map<string, string>();
  const problems: string[] = [];
  const known = new Set(netNames);
  const add = (net: string, text: string) => {
    const list = byNet.get(net) ?? [];
    list.push(text);
    byNet.set(net, list);
  };
  for (const k of constraints.net_classes ?? []) {
    const rules = [
      k.clearance !== undefined ? `clearance ${mm(k.clearance)}` : '',
      k.track_width !== undefined ? `track ${mm(k.track_width)}` : '',
      k.via_diameter !== undefined
        ? `via ${mm(k.via_diameter)}${k.via_drill !== undefined ? `/${mm(k.via_drill)}` : ''}`
        : '',
    ].filter(Boolean);
    const text = `net class ${k.name}${rules.length ? `: ${rules.join(', ')}` : ''}`;
    const members = new Set<string>();
    for (const net of k.nets ?? []) {
      if (known.has(net)) members.add(net);
      else problems.push(`net class ${k.name} names net "${net}", which the netlist does not have`);
    }
    if (k.match !== undefined) {
      const pattern = new RegExp(k.match);
      const matched = netNames.filter((n) => pattern.test(n));
      if (matched.length === 0)
        problems.push(`net class ${k.name}: match /${k.match}/ matches no net of the netlist`);
      for (const net of matched) members.add(net);
    }
    for (const net of members) {
      add(net, text);
      classOf.set(net, k.name);
    }
  }
  for (const rule of constraints.clearances ?? []) {
    const [a, b] = rule.between;
    for (const [net, cls] of classOf)
      if (cls === a || cls === b)
        add(net, `clearance ${mm(rule.min)} ${a === b ? `within ${a}` : `between ${a} and ${b}`}`);
  }
  for (const pair of constraints.diff_pairs ?? []) {
    const rules = [
      pair.width !== undefined ? `width ${mm(pair.width)}` : '',
      pair.gap !== undefined ? `gap ${mm(pair.gap)}` : '',
      pair.max_skew !== undefined ? `skew ≤ ${mm(pair.max_skew)}` : '',
    ].filter(Boolean);
    for (const [net, sign] of [
      [pair.positive, '+'],
      [pair.negative, '−'],
    ] as const) {
      if (!known.has(net)) {
        problems.push(`differential pair ${pair.name} names net "${net}", which the netlist does not have`);
        continue;
      }
      add(net, `differential pair ${pair.name} (${sign})${rules.length ? `: ${rules.join(', ')}` : ''}`);
    }
  }
  return { byNet, classOf, problems };
}
