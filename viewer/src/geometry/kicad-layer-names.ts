// SPDX-License-Identifier: AGPL-3.0-or-later
// Layer names as pads and zones write them, with KiCad's wildcards: "*.Cu" (every copper layer),
// "*.Mask" (front and back), "F&B.Cu" (both outer copper layers).

/** Expands wildcards against the board's layer table and keeps only layers the board has. */
export function expandLayerNames(names: string[], boardLayers: string[]): string[] {
  const known = new Set(boardLayers);
  const wanted = new Set<string>();
  for (const name of names) {
    if (name === '*.Cu') {
      for (const layer of boardLayers) if (layer.endsWith('.Cu')) wanted.add(layer);
    } else if (name.startsWith('*.')) {
      wanted.add(`F${name.slice(1)}`);
      wanted.add(`B${name.slice(1)}`);
    } else if (name.startsWith('F&B.')) {
      wanted.add(`F${name.slice(3)}`);
      wanted.add(`B${name.slice(3)}`);
    } else {
      wanted.add(name);
    }
  }
  // Without a layer table (a fragment of a board) nothing can be checked, so every name stays.
  const kept = known.size === 0 ? [...wanted] : boardLayers.filter((layer) => wanted.has(layer));
  return kept;
}
