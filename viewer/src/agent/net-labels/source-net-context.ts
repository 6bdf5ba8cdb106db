// SPDX-License-Identifier: AGPL-3.0-or-later
// The design sources' word on each net, for the net-label dossier: the joined net's title and summary
// and where the sources connect it (design-sources/source-netlist-join.ts does the joining).

import type { DesignSourceIndex } from '../../design-sources/design-source-index.js';
import type { NetSourceContext } from './net-dossier.js';

/** The context by graph net name; undefined when the sources cannot be read now (labels go without it). */
export function sourceNetContext(sources: DesignSourceIndex): Map<string, NetSourceContext> | undefined {
  let index;
  try {
    index = sources.index();
  } catch {
    return undefined;
  }
  return new Map(
    index.nets.map((n) => [
      n.net,
      { title: n.title, summary: n.summary, connections: n.connections.map((c) => `${c.file}:${c.line}`) },
    ]),
  );
}
