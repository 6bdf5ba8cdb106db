// SPDX-License-Identifier: AGPL-3.0-or-later
// The netlist dossier that AI net labels are written from (docs/viewer-agent.md, "AI net labels"): each
// net with its pins, the components on them (reference, value, footprint, address) and, when design
// sources are joined, the net's title, summary and the source lines that connect it. Cut into chunks of
// about 60,000 characters, each chunk whole nets in name order. Where a chunk ends is decided by the
// nets' names (a chunk past 80% of the size ends before a net whose name hashes to an anchor), not only
// by sizes, so a net that grows or shrinks changes its own chunk and leaves the others, and their cached
// labels, as they were.
import { createHash } from 'node:crypto';
import type { NetlistComponent, NetlistGraph } from '../../netlist/netlist-graph.js';

/** What the design sources say about a net (from the join of the sources to the netlist). */
export interface NetSourceContext {
  title: string;
  summary: string;
  /** Where the sources connect it, as `file:line`. */
  connections: string[];
}

/** One chunk: its text, the nets it covers and a key of its content. */
export interface DossierChunk {
  key: string;
  nets: string[];
  text: string;
}

/** About how many characters one chunk holds. */
export const CHUNK_CHARS = 60_000;
/** A net with more pins than fit lists only the first ones. */
const MAX_NET_CHARS = 20_000;

/** The dossier of a graph, cut into chunks. `salt` enters the keys (the model and the prompt's version). */
export function netDossierChunks(
  graph: NetlistGraph,
  sources: ReadonlyMap<string, NetSourceContext> | undefined,
  salt: string,
  chunkChars = CHUNK_CHARS,
): DossierChunk[] {
  const components = new Map(graph.components.map((c) => [c.ref, c]));
  const nets = [...graph.nets].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const header = `# Netlist dossier${graph.design?.name ? ` of ${graph.design.name}` : ''}\n`;
  const chunks: DossierChunk[] = [];
  let blocks: string[] = [];
  let names: string[] = [];
  let refs = new Set<string>();
  let size = header.length;
  const flush = () => {
    if (names.length === 0) return;
    const componentLines = [...refs]
      .sort()
      .map((ref) => components.get(ref))
      .filter((c): c is NetlistComponent => c !== undefined)
      .map(componentLine);
    const text = `${header}\n## components\n${componentLines.join('\n')}\n\n${blocks.join('\n')}`;
    chunks.push({
      key: createHash('sha256').update(salt).update('\0').update(text).digest('hex'),
      nets: names,
      text,
    });
    blocks = [];
    names = [];
    refs = new Set();
    size = header.length;
  };
  for (const net of nets) {
    const block = netBlock(net.name, net.class, net.pins, components, sources?.get(net.name));
    const netRefs = new Set(net.pins.map((p) => p.ref));
    const added = block.length + [...netRefs].filter((r) => !refs.has(r)).length * 80;
    if (size + added > chunkChars || (size >= chunkChars * 0.8 && isAnchor(net.name))) flush();
    blocks.push(block);
    names.push(net.name);
    for (const r of netRefs) refs.add(r);
    size += added;
  }
  flush();
  return chunks;
}

/** About one net name in sixteen is a place a chunk may end. */
function isAnchor(name: string): boolean {
  return createHash('sha256').update(name).digest()[0]! % 16 === 0;
}

function componentLine(c: NetlistComponent): string {
  return `- ${c.ref}: ${c.value || '(no value)'}${c.footprint ? `, footprint ${c.footprint}` : ''}${c.address && c.address !== c.ref ? `, address ${c.address}` : ''}${c.description ? ` — ${c.description}` : ''}`;
}

function netBlock(
  name: string,
  netClass: string | undefined,
  pins: { ref: string; pad: string }[],
  components: Map<string, NetlistComponent>,
  source: NetSourceContext | undefined,
): string {
  const lines = [`## net ${name}`];
  if (netClass) lines.push(`class: ${netClass}`);
  const pinTexts = pins.map((p) => {
    const pin = components.get(p.ref)?.pins.find((x) => x.pad === p.pad);
    const detail = [pin?.name, pin?.type].filter(Boolean).join(', ');
    return `${p.ref}.${p.pad}${detail ? ` (${detail})` : ''}`;
  });
  let listed = pinTexts.join(', ');
  if (listed.length > MAX_NET_CHARS) {
    const cut = listed.lastIndexOf(', ', MAX_NET_CHARS);
    const shown = listed.slice(0, cut).split(', ').length;
    listed = `${listed.slice(0, cut)}, … and ${pinTexts.length - shown} more pins`;
  }
  lines.push(`pins (${pins.length}): ${listed}`);
  if (source) {
    lines.push(`source title: ${source.title}`);
    if (source.summary) lines.push(`source summary: ${source.summary}`);
    if (source.connections.length > 0)
      lines.push(`connected in: ${source.connections.slice(0, 10).join(', ')}`);
  }
  return lines.join('\n') + '\n';
}
