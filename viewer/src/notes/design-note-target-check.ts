// SPDX-License-Identifier: AGPL-3.0-or-later
// Checks a note's targets against what the viewer knows of the design: the netlist graph, the board and
// the design sources, each when it exists. A footprint, pad or net none of them has, a point off the
// board, or a source path outside the source folder (or past the file's end) is refused with the reason,
// so a note never points at nothing. Without any of them the targets are taken as written.

import type { DesignNoteTarget } from './design-note.js';

/** What targets are checked against; each part is optional. */
export interface DesignKnowledge {
  /** Footprints with their pads, and nets, with where they come from ("the netlist graph netlist.json"). */
  components?: { refs: Map<string, Set<string>>; from: string };
  nets?: { names: Set<string>; from: string };
  /** The board outline (mm), for points. */
  outline?: { minX: number; minY: number; maxX: number; maxY: number; from: string };
  /** Why a source location is not one (undefined when it is). */
  source?: (path: string, line: number | undefined) => string | undefined;
}

/** A target the design does not have; `index` is its position in the note's targets. */
export class TargetCheckError extends Error {
  readonly code = 'unknown-target';

  constructor(
    message: string,
    readonly index: number,
  ) {
    super(message);
    this.name = 'TargetCheckError';
  }
}

/** Throws TargetCheckError for the first target the design does not have. */
export function checkDesignNoteTargets(targets: unknown, knowledge: DesignKnowledge): void {
  if (!Array.isArray(targets)) return;
  targets.forEach((item, i) => {
    const t = item as Partial<DesignNoteTarget> & Record<string, unknown>;
    const why = typeof t === 'object' && t !== null ? reason(t, knowledge) : undefined;
    if (why) throw new TargetCheckError(`targets[${i}]: ${why}`, i);
  });
}

function reason(t: Record<string, unknown>, k: DesignKnowledge): string | undefined {
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  switch (t['type']) {
    case 'footprint':
    case 'pad': {
      const ref = text(t['ref']);
      if (!ref || !k.components) return undefined;
      const pads = k.components.refs.get(ref);
      if (!pads) return `there is no component ${JSON.stringify(ref)} in ${k.components.from}`;
      const pad = text(t['pad']);
      if (t['type'] === 'pad' && pad !== undefined && !pads.has(pad))
        return `component ${ref} has no pad ${JSON.stringify(pad)} in ${k.components.from}; its pads are ${[...pads].slice(0, 40).join(', ')}`;
      return undefined;
    }
    case 'net': {
      const net = text(t['net']);
      if (!net || !k.nets || k.nets.names.has(net)) return undefined;
      return `there is no net ${JSON.stringify(net)} in ${k.nets.from}`;
    }
    case 'point': {
      const x = t['x'];
      const y = t['y'];
      const o = k.outline;
      if (!o || typeof x !== 'number' || typeof y !== 'number') return undefined;
      if (x >= o.minX && x <= o.maxX && y >= o.minY && y <= o.maxY) return undefined;
      return `the point (${x}, ${y}) lies outside the board (${o.minX}..${o.maxX} x ${o.minY}..${o.maxY} mm in ${o.from})`;
    }
    case 'source': {
      const path = text(t['path']);
      if (!path) return undefined;
      if (!k.source)
        return 'there are no design sources to point at (--hdl-root and --hdl-build are not set)';
      return k.source(path, typeof t['line'] === 'number' ? t['line'] : undefined);
    }
    default:
      return undefined;
  }
}
