// SPDX-License-Identifier: AGPL-3.0-or-later
// Draws a board as its parts arrive (board-paths.ts does the drawing), remembering what each part drew:
// a new part draws only itself, a new placement redraws only the footprints, and a layer whose pieces
// did not change keeps the very same path strings, so the page does not touch its SVG elements.
import type { FootprintsPart, GeometryPart, LayerPart, PlacedFootprint, ViasPart } from './api-types.js';
import {
  combinePieces,
  copperLayerPaths,
  footprintPaths,
  layerPartPaths,
  outlinePaths,
  viaPaths,
  type BoardPaths,
  type FootprintPaths,
  type LayerPartPaths,
  type LayerPaths,
  type StrokeGroup,
  type ViaPaths,
} from './board-paths.js';
import type { LoadedBoard } from './loaded-board.js';

export class BoardDrawing {
  private readonly layerParts = new WeakMap<LayerPart, LayerPartPaths>();
  private readonly outlines = new WeakMap<LayerPart, StrokeGroup[]>();
  private readonly viaParts = new WeakMap<ViasPart, ViaPaths>();
  private footprints: { part: FootprintsPart; placement: unknown; paths: FootprintPaths } | undefined;
  private readonly layers = new Map<
    string,
    { pad: string; part: LayerPartPaths | undefined; paths: LayerPaths }
  >();

  /** The drawing of what arrived of the board, footprints at `placement` when given. */
  paths(board: LoadedBoard, placement?: readonly PlacedFootprint[]): BoardPaths {
    const part = <K extends GeometryPart['kind']>(name: string, kind: K) => {
      const found = board.parts.get(name);
      return found?.kind === kind ? (found as Extract<GeometryPart, { kind: K }>) : undefined;
    };
    const fp = part('footprints', 'footprints');
    if (fp && (this.footprints?.part !== fp || this.footprints.placement !== placement))
      this.footprints = { part: fp, placement, paths: footprintPaths(fp.footprints, placement) };
    const layers = new Map<string, LayerPartPaths>();
    for (const p of board.parts.values())
      if (p.kind === 'layer')
        layers.set(
          p.name,
          memo(this.layerParts, p, () => layerPartPaths(p)),
        );
    const vias = part('vias', 'vias');
    const hasEdge = board.index.parts.some((p) => p.name === 'Edge.Cuts');
    const edge = part('Edge.Cuts', 'layer');
    return combinePieces(
      {
        copperNames: board.index.layers.filter((l) => l.name.endsWith('.Cu')).map((l) => l.name),
        withPart: new Set(board.index.parts.filter((p) => p.kind === 'layer').map((p) => p.name)),
        ...(fp ? { footprints: this.footprints!.paths } : {}),
        layers,
        ...(vias ? { vias: memo(this.viaParts, vias, () => viaPaths(vias.vias)) } : {}),
        ...(edge
          ? { outline: memo(this.outlines, edge, () => outlinePaths(edge.outline)) }
          : hasEdge
            ? {}
            : { outline: [] }),
      },
      (layer, pad, partPaths) => {
        const last = this.layers.get(layer);
        if (last && last.pad === pad && last.part === partPaths) return last.paths;
        const paths = copperLayerPaths(layer, pad, partPaths);
        this.layers.set(layer, { pad, part: partPaths, paths });
        return paths;
      },
    );
  }
}

function memo<K extends object, V>(map: WeakMap<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}
